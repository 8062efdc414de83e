import { render, screen } from '@testing-library/react';
import type { LessonDto } from '@/lib/api-client/learning-endpoints';
import { CodeLesson, type CodeLessonProps } from './code-lesson';

const lesson = {
  id: 'py-hello',
  lessonType: 'Python',
  executableContent: { files: [{ name: 'main.py', content: 'print("hi")', editable: true, language: 'python' }], checks: [], seed: null, input: [] },
} as unknown as LessonDto;

const REFUSED = 'main.py contains a character that cannot be saved (NUL, U+0000) on line 3. Remove it and try again.';

function renderLesson(props: Partial<CodeLessonProps>) {
  const noop = () => undefined;
  return render(
    <CodeLesson
      lesson={lesson}
      files={[{ name: 'main.py', content: 'print(\u0000)' }]}
      onFileChange={noop}
      onRun={noop}
      onReset={noop}
      running={false}
      output=""
      result={null}
      runtimeStatus="ready"
      saveStatus="saved"
      disabled={false}
      stdin=""
      onStdinChange={noop}
      {...props}
    />,
  );
}

describe('CodeLesson save state', () => {
  beforeAll(() => {
    // jsdom does no layout; the console scrolls to its end in real browsers.
    HTMLElement.prototype.scrollTo = () => undefined;
  });

  it('shows the server’s reason for refusing a save and that the code stays on this device', () => {
    renderLesson({ saveStatus: 'error', saveRefusal: REFUSED });
    expect(screen.getByRole('alert')).toHaveTextContent(`${REFUSED} Your code stays saved on this device.`);
    expect(screen.getByText('Not synced yet: saved on this device')).toBeInTheDocument();
  });

  it('shows no refusal once a save went through', () => {
    renderLesson({ saveStatus: 'saved', saveRefusal: REFUSED });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
