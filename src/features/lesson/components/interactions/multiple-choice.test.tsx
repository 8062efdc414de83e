import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AnswerResult } from '@/domain/lessons/answers';
import { MultipleChoice } from './multiple-choice';

const choices = [{ text: 'It prints `total`' }, { text: 'It returns `None`' }, { text: 'It raises an error' }];

function Harness({
  multiple = false,
  initial = [],
  result = null,
  disabled,
  onChange,
  order,
}: {
  order?: number[];
  multiple?: boolean;
  initial?: number[];
  result?: AnswerResult | null;
  disabled?: boolean;
  onChange?: (selected: number[]) => void;
}) {
  const [selected, setSelected] = useState<number[]>(initial);
  return (
    <MultipleChoice
      questionHtml="<p>What does <code>show()</code> do?</p>"
      choices={choices}
      order={order}
      multiple={multiple}
      selected={selected}
      onChange={(next) => {
        onChange?.(next);
        setSelected(next);
      }}
      result={result}
      disabled={disabled}
    />
  );
}

describe('MultipleChoice', () => {
  it('renders the question HTML and a radio group labelled by it', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'What does show() do?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByText('show()').tagName).toBe('CODE');
  });

  it('renders backtick spans in choices as <code>', () => {
    render(<Harness />);
    const radio = screen.getByRole('radio', { name: 'It prints total' });
    const code = radio.closest('label')?.querySelector('code');
    expect(code).toHaveTextContent('total');
    expect(screen.getByRole('radio', { name: 'It raises an error' }).closest('label')?.querySelector('code')).toBeNull();
  });

  it('selects one choice with radios (click and keyboard change)', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: 'It returns None' }));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(screen.getByRole('radio', { name: 'It returns None' })).toBeChecked();
    // Arrow keys on a native radio group check the next radio, which fires a click.
    fireEvent.click(screen.getByRole('radio', { name: 'It raises an error' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('radio', { name: 'It returns None' })).not.toBeChecked();
    // All radios share one name, so the browser moves between them with the arrow keys.
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect(names.size).toBe(1);
  });

  it('toggles several choices with checkboxes, sorted', () => {
    const onChange = jest.fn();
    render(<Harness multiple onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'What does show() do?' })).toHaveAccessibleDescription('Select all that apply.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'It raises an error' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'It prints total' }));
    expect(onChange).toHaveBeenLastCalledWith([0, 2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'It raises an error' }));
    expect(onChange).toHaveBeenLastCalledWith([0]);
  });

  it('marks selected choices right or wrong with text, not colour alone', () => {
    render(<Harness multiple initial={[0, 1]} result={{ correct: false, items: [true, false, true] }} disabled />);
    expect(screen.getByRole('checkbox', { name: 'It prints total' })).toHaveAccessibleDescription('Correct');
    expect(screen.getByRole('checkbox', { name: 'It returns None' })).toHaveAccessibleDescription('Not this one');
    expect(screen.getByRole('checkbox', { name: 'It raises an error' })).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('Correct')).toBeInTheDocument();
    expect(screen.getByText('Not this one')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
  });

  it('says under the verdict why the picked wrong choice is wrong, and nothing for the others', () => {
    const explained = [{ text: 'It prints `total`' }, { text: 'It returns `None`', why: 'It prints first: `None` only comes back from a function without `return`.' }, { text: 'It raises an error', why: 'Nothing in it fails.' }];
    render(<MultipleChoice questionHtml="<p>Q</p>" choices={explained} multiple={false} selected={[1]} onChange={() => undefined} result={{ correct: false, items: [true, false, true] }} disabled />);
    const radio = screen.getByRole('radio', { name: 'It returns None' });
    expect(radio).toHaveAccessibleDescription(/^Not this one It prints first: None only comes back from a function without return/);
    expect(screen.getByText(/only comes back from a function/)).toBeInTheDocument();
    expect(screen.queryByText('Nothing in it fails.')).not.toBeInTheDocument();
  });

  it('shows no marks before checking', () => {
    render(<Harness initial={[0]} />);
    expect(screen.queryByText('Correct')).not.toBeInTheDocument();
    expect(screen.queryByText('Not this one')).not.toBeInTheDocument();
  });

  it('shows the choices in the given order while selection and results keep the authored indices', () => {
    const onChange = jest.fn();
    render(<Harness order={[2, 0, 1]} onChange={onChange} result={{ correct: false, items: [true, true, false] }} initial={[2]} />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual(['It raises an error', 'It prints total', 'It returns None']);
    expect(radios[0]).toBeChecked();
    expect(screen.getByText('Not this one')).toBeInTheDocument();
    fireEvent.click(radios[1] as HTMLElement);
    expect(onChange).toHaveBeenLastCalledWith([0]);
  });
});
