import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AnswerResult } from '@/domain/lessons/answers';
import { FillGap } from './fill-gap';
import type { FillGapProps } from './fill-gap';

const oneFile: FillGapProps['templates'] = [
  { name: 'main.py', segments: ['total = ', { gap: 0 }, '(prices)\n', { gap: 1 }, '(total)\n', { gap: 2 }, ' = 1'] },
];

function Harness({
  templates = oneFile,
  gapCount = 3,
  chips = ['sum', 'print', 'count', 'len'],
  initial = [],
  result = null,
  disabled,
  onChange,
}: Partial<Omit<FillGapProps, 'answers' | 'onChange'>> & { initial?: string[]; onChange?: (answers: string[]) => void }) {
  const [answers, setAnswers] = useState<string[]>(initial);
  return (
    <FillGap
      templates={templates}
      gapCount={gapCount}
      chips={chips}
      answers={answers}
      onChange={(next) => {
        onChange?.(next);
        setAnswers(next);
      }}
      result={result}
      disabled={disabled}
    />
  );
}

const gap = (n: number, of = 3) => screen.getByRole('textbox', { name: `Gap ${n} of ${of}` });
const chip = (name: string | RegExp) => screen.getByRole('button', { name });

describe('FillGap', () => {
  it('renders the code in <pre><code> with labelled gaps and a group of chips', () => {
    const { container } = render(<Harness />);
    const code = container.querySelector('pre > code');
    expect(code).toHaveTextContent('total = (prices)');
    expect(code).toContainElement(gap(1));
    expect(gap(2)).toBeInTheDocument();
    expect(gap(3)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Words to fill in' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(4);
    // A single file shows no file name.
    expect(screen.queryByText('main.py')).not.toBeInTheDocument();
  });

  it('accepts typed answers and sizes the gap to its content', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(gap(2), { target: { value: 'print' } });
    expect(onChange).toHaveBeenLastCalledWith(['', 'print', '']);
    expect(gap(2)).toHaveValue('print');
    expect(gap(2)).toHaveAttribute('size', '5');
    fireEvent.change(gap(2), { target: { value: 'printer_x' } });
    expect(gap(2)).toHaveAttribute('size', '9');
  });

  it('fills the focused gap with a chip, then the first empty gap, moving focus to the next empty gap', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);

    act(() => gap(2).focus());
    fireEvent.click(chip('print'));
    expect(onChange).toHaveBeenLastCalledWith(['', 'print', '']);
    expect(gap(3)).toHaveFocus();

    fireEvent.click(chip('count'));
    expect(onChange).toHaveBeenLastCalledWith(['', 'print', 'count']);
    // Focus wraps around to the remaining empty gap.
    expect(gap(1)).toHaveFocus();

    // Once focus has left the exercise, the chip goes to the first empty gap.
    act(() => gap(3).focus());
    act(() => gap(3).blur());
    fireEvent.click(chip('sum'));
    expect(onChange).toHaveBeenLastCalledWith(['sum', 'print', 'count']);
  });

  it('fills the first empty gap when no gap was focused', () => {
    const onChange = jest.fn();
    render(<Harness initial={['sum']} onChange={onChange} />);
    fireEvent.click(chip('len'));
    expect(onChange).toHaveBeenLastCalledWith(['sum', 'len', '']);
    expect(gap(3)).toHaveFocus();
  });

  it('shows chips in use as used', () => {
    render(<Harness initial={['sum', '', '']} />);
    expect(chip('sum (used)')).toBeInTheDocument();
    expect(chip('print')).toBeInTheDocument();
    fireEvent.change(gap(1), { target: { value: '' } });
    expect(chip('sum')).toBeInTheDocument();
  });

  it('clears a gap with its clear button, and Backspace in an empty gap steps back to the previous one', () => {
    const onChange = jest.fn();
    render(<Harness initial={['sum', 'print', '']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear gap 2' }));
    expect(onChange).toHaveBeenLastCalledWith(['sum', '', '']);
    expect(gap(2)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear gap 2' })).not.toBeInTheDocument();

    fireEvent.keyDown(gap(2), { key: 'Backspace' });
    expect(gap(1)).toHaveFocus();
    const input = gap(1) as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
  });

  it('marks gaps right and wrong after checking', () => {
    const result: AnswerResult = { correct: false, items: [true, false, true] };
    render(<Harness initial={['sum', 'count', 'x']} result={result} disabled />);
    expect(gap(1)).not.toHaveAttribute('aria-invalid');
    expect(gap(1)).toHaveAccessibleDescription('Correct');
    expect(gap(2)).toHaveAttribute('aria-invalid', 'true');
    expect(gap(2)).toHaveAccessibleDescription('Incorrect');
    expect(gap(2)).toBeDisabled();
    expect(chip(/print/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: /clear gap/i })).not.toBeInTheDocument();
  });

  it('shows file names when there are several templates', () => {
    const templates: FillGapProps['templates'] = [
      { name: 'index.html', segments: ['<', { gap: 0 }, '>'] },
      { name: 'style.css', segments: ['p { color: ', { gap: 1 }, '; }'] },
    ];
    render(<Harness templates={templates} gapCount={2} chips={['p', 'red']} />);
    expect(screen.getByText('index.html')).toBeInTheDocument();
    expect(screen.getByText('style.css')).toBeInTheDocument();
    expect(gap(2, 2)).toBeInTheDocument();
  });
});
