import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AnswerResult } from '@/domain/lessons/answers';
import { ReorderLines } from './reorder-lines';

const lines = ['total = 0', 'for p in prices:', '    total += p', 'print(total)'];

function Harness({
  initial = [3, 0, 1, 2],
  result = null,
  disabled,
  onChange,
}: {
  initial?: number[];
  result?: AnswerResult | null;
  disabled?: boolean;
  onChange?: (order: number[]) => void;
}) {
  const [order, setOrder] = useState<number[]>(initial);
  return (
    <ReorderLines
      lines={lines}
      order={order}
      onChange={(next) => {
        onChange?.(next);
        setOrder(next);
      }}
      result={result}
      disabled={disabled}
    />
  );
}

const line = (name: string) => screen.getByRole('button', { name });
const shownOrder = () =>
  within(screen.getByRole('list', { name: 'Lines to put in order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('code')?.textContent);

describe('ReorderLines', () => {
  it('renders an ordered, labelled list of focusable code lines in the given order', () => {
    render(<Harness />);
    const list = screen.getByRole('list', { name: 'Lines to put in order' });
    expect(list.tagName).toBe('OL');
    expect(shownOrder()).toEqual(['print(total)', 'total = 0', 'for p in prices:', '    total += p']);
    const first = line('print(total)');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(first).toHaveAccessibleDescription(/Space or Enter to pick up a line/);
    expect(screen.getByRole('button', { name: 'Move up: print(total)' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('picks a line up with Space, moves it with the arrows, announces the move and keeps focus on it', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const moving = line('print(total)');
    moving.focus();

    fireEvent.keyDown(moving, { key: ' ' });
    expect(line('print(total)')).toHaveAttribute('aria-pressed', 'true');

    fireEvent.keyDown(line('print(total)'), { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith([0, 3, 1, 2]);
    expect(screen.getByRole('status')).toHaveTextContent('print(total) moved to position 2 of 4');

    fireEvent.keyDown(line('print(total)'), { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith([0, 1, 3, 2]);
    expect(screen.getByRole('status')).toHaveTextContent('print(total) moved to position 3 of 4');
    expect(line('print(total)')).toHaveFocus();
    expect(shownOrder()).toEqual(['total = 0', 'for p in prices:', 'print(total)', '    total += p']);

    fireEvent.keyDown(line('print(total)'), { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith([0, 3, 1, 2]);

    fireEvent.keyDown(line('print(total)'), { key: 'Enter' });
    expect(line('print(total)')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('print(total) dropped at position 2 of 4');
  });

  it('moves focus between lines with the arrows when nothing is grabbed, and Escape drops', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    line('print(total)').focus();
    fireEvent.keyDown(line('print(total)'), { key: 'ArrowDown' });
    expect(onChange).not.toHaveBeenCalled();
    expect(line('total = 0')).toHaveFocus();

    fireEvent.keyDown(line('total = 0'), { key: 'Enter' });
    expect(line('total = 0')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(line('total = 0'), { key: 'Escape' });
    expect(line('total = 0')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(line('total = 0'), { key: 'ArrowDown' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves lines with the Move up / Move down buttons, keeping focus on the button', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move down: print(total)' }));
    expect(onChange).toHaveBeenLastCalledWith([0, 3, 1, 2]);
    expect(screen.getByRole('status')).toHaveTextContent('print(total) moved to position 2 of 4');
    expect(screen.getByRole('button', { name: 'Move down: print(total)' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Move up: print(total)' }));
    expect(onChange).toHaveBeenLastCalledWith([3, 0, 1, 2]);
    expect(screen.getByRole('status')).toHaveTextContent('print(total) moved to position 1 of 4');
    expect(screen.getByRole('button', { name: 'Move up: print(total)' })).toHaveFocus();
    // Already at the top: nothing moves.
    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Move up: print(total)' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves a line by dragging and dropping it', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const items = screen.getAllByRole('listitem');
    const [source, , , target] = items;
    if (!source || !target) throw new Error('missing items');
    expect(source).toHaveAttribute('draggable', 'true');
    fireEvent.dragStart(source);
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    expect(onChange).toHaveBeenLastCalledWith([0, 1, 2, 3]);
    expect(screen.getByRole('status')).toHaveTextContent('print(total) moved to position 4 of 4');
  });

  it('marks lines in the right and wrong position after checking', () => {
    const result: AnswerResult = { correct: false, items: [false, true, true, false] };
    render(<Harness initial={[3, 1, 2, 0]} result={result} disabled />);
    expect(line('print(total)')).toHaveAccessibleDescription(/^In the wrong place/);
    expect(line('for p in prices:')).toHaveAccessibleDescription(/^In the right place/);
    expect(screen.getAllByText('In the right place')).toHaveLength(2);
    expect(screen.getAllByText('In the wrong place')).toHaveLength(2);
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('draggable', 'false');
    expect(screen.getByRole('button', { name: 'Move down: print(total)' })).toBeDisabled();
  });
});
