import { render, screen } from '@testing-library/react';
import { CodePreview } from './code-preview';

describe('CodePreview', () => {
  it('shows the code line by line, keeping empty lines and indentation', () => {
    render(<CodePreview value={'for i in range(3):\n    print(i)\n\nprint("done")'} readOnly={false} />);
    const lines = [...screen.getByTestId('code-preview').children].map((line) => line.textContent);
    expect(lines).toEqual(['for i in range(3):\n', '    print(i)\n', '\u200b\n', 'print("done")\n']);
  });

  it('holds the symbol row, disabled until the editor can take the symbols', () => {
    render(<CodePreview value="x = 1" readOnly={false} />);
    const keys = screen.getAllByRole('button');
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(key).toBeDisabled();
  });

  it('has no symbol row for read-only code', () => {
    render(<CodePreview value="x = 1" readOnly />);
    expect(screen.queryByRole('group', { name: 'Code symbols' })).toBeNull();
  });
});
