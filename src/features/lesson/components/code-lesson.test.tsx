import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { RunResult } from '@/runner/run-types';
import type { LessonDto } from '@/lib/api-client/learning-endpoints';
import { act } from 'react';
import { pythonProgress, IDLE_PROGRESS } from '@/runner/browser/runtime-progress';
import { CodeLesson, type CodeLessonProps } from './code-lesson';

const lesson = {
  id: 'py-hello',
  lessonType: 'Python',
  executableContent: { files: [{ name: 'main.py', content: 'print("hi")', editable: true, language: 'python' }], checks: [], seed: null, input: [] },
} as unknown as LessonDto;

const REFUSED = 'main.py contains a character that cannot be saved (NUL, U+0000) on line 3. Remove it and try again.';

const noop = () => undefined;
const baseProps: CodeLessonProps = {
  lesson,
  files: [{ name: 'main.py', content: 'print(\u0000)' }],
  onFileChange: noop,
  onRun: noop,
  starterFiles: [{ name: 'main.py', content: 'print("hi")' }],
  onReplaceFiles: noop,
  running: false,
  output: '',
  result: null,
  python: true,
  saveStatus: 'saved',
  disabled: false,
  stdin: '',
  onStdinChange: noop,
};

function renderLesson(props: Partial<CodeLessonProps>) {
  return render(<CodeLesson {...baseProps} {...props} />);
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

describe('CodeLesson run button', () => {
  afterEach(() => act(() => pythonProgress.set(IDLE_PROGRESS)));

  it('follows Python’s state: Run is refused while Python cannot start, and allowed again after', () => {
    renderLesson({});
    const run = () => screen.getByRole('button', { name: 'Run & check' });
    expect(run()).toBeEnabled();
    act(() => pythonProgress.set({ status: 'failed' }));
    expect(run()).toBeDisabled();
    act(() => pythonProgress.set({ status: 'ready' }));
    expect(run()).toBeEnabled();
  });

  it('ignores Python’s state in lessons of other languages', () => {
    act(() => pythonProgress.set({ status: 'failed' }));
    renderLesson({ python: false });
    expect(screen.getByRole('button', { name: 'Run & check' })).toBeEnabled();
  });
});

const errorRun: RunResult = {
  status: 'ran',
  passed: false,
  output: '',
  error: { type: 'SyntaxError', message: "'(' was never closed (line 1)", line: 1, file: 'main.py' },
  timedOut: false,
  checks: [{ index: 0, type: 'assert', passed: false, message: 'Leave age set to 12' }],
};

describe('CodeLesson after a run', () => {
  beforeAll(() => {
    HTMLElement.prototype.scrollTo = () => undefined;
    HTMLElement.prototype.scrollIntoView = () => undefined;
  });

  it('shows only the error: no unrelated checks, no stale prompt, the line said once', () => {
    renderLesson({ result: errorRun });
    expect(screen.getByRole('alert')).toHaveTextContent(/^SyntaxError: '\(' was never closed \(line 1\)$/);
    expect(screen.queryByRole('list', { name: 'Checks' })).toBeNull();
    expect(screen.queryByText(/Press Run & check/)).toBeNull();
    expect(screen.queryByText('Leave age set to 12')).toBeNull();
  });

  it('lists every check when the program ran to the end', () => {
    renderLesson({ result: { ...errorRun, error: null, output: 'hi\n' } });
    expect(screen.getByRole('list', { name: 'Checks' })).toHaveTextContent('Leave age set to 12');
  });

  it('a passed check says what it checked', () => {
    const checks = [
      { index: 0, type: 'uses' as const, passed: true, message: null, label: 'Uses a for loop' },
      { index: 1, type: 'rerun' as const, passed: true, message: null, label: 'Works with other values too' },
    ];
    renderLesson({ result: { ...errorRun, error: null, passed: true, output: 'hi\n', checks } });
    const list = screen.getByRole('list', { name: 'Checks' });
    expect(list).toHaveTextContent('Uses a for loop');
    expect(list).toHaveTextContent('Works with other values too');
    expect(list).not.toHaveTextContent('Check passed');
  });

  it('after a run, says how many checks only the server runs (none said for a lesson without)', () => {
    const withHidden = { ...lesson, executableContent: { ...lesson.executableContent, hiddenChecks: 2 } } as LessonDto;
    const ran = { ...errorRun, error: null, passed: true, output: 'hi\n' };
    const { unmount } = renderLesson({ lesson: withHidden, result: ran });
    expect(screen.getByText('2 more checks run on the server, with data your program has not seen.')).toBeInTheDocument();
    unmount();
    renderLesson({ lesson: withHidden, result: null });
    expect(screen.queryByText(/on the server/)).toBeNull();
    renderLesson({ result: ran });
    expect(screen.queryByText(/on the server/)).toBeNull();
  });

  it('says the output is empty rather than asking to run again', () => {
    renderLesson({ result: { ...errorRun, error: null } });
    expect(screen.getByRole('log', { name: 'Program output' })).toHaveTextContent('Your program printed nothing.');
  });

  it('invites a first run before any', () => {
    renderLesson({});
    expect(screen.getByRole('log', { name: 'Program output' })).toHaveTextContent('Press Run & check to see what your program prints.');
  });
});

describe('CodeLesson reset', () => {
  function Stateful() {
    const [files, setFiles] = useState([{ name: 'main.py', content: 'print("my work")' }]);
    return (
      <>
        <output data-testid="files">{files[0]?.content}</output>
        <CodeLesson {...baseProps} files={files} onFileChange={(name, content) => setFiles([{ name, content }])} onReplaceFiles={setFiles} />
      </>
    );
  }

  it('asks first, and Keep my code leaves the code alone', () => {
    render(<Stateful />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset code' }));
    expect(screen.getByRole('group', { name: 'Replace your code with the starter code?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, reset' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my code' }));
    expect(screen.getByTestId('files')).toHaveTextContent('print("my work")');
    expect(screen.getByRole('button', { name: 'Reset code' })).toHaveFocus();
  });

  it('Escape cancels the confirmation', () => {
    render(<Stateful />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset code' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Yes, reset' }), { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'Yes, reset' })).toBeNull();
    expect(screen.getByTestId('files')).toHaveTextContent('print("my work")');
  });

  it('resets, announces it, and Undo brings the code back', () => {
    render(<Stateful />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(screen.getByTestId('files')).toHaveTextContent('print("hi")');
    const status = screen.getAllByRole('status').find((element) => element.textContent?.includes('Code reset'));
    expect(status).toHaveTextContent('Code reset to the starter code.');
    expect(screen.getByRole('button', { name: 'Undo reset' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Undo reset' }));
    expect(screen.getByTestId('files')).toHaveTextContent('print("my work")');
    expect(screen.queryByRole('button', { name: 'Undo reset' })).toBeNull();
  });
});

