import { useEffect, useId, useRef, useState } from 'react';
import type { DragEvent, FocusEvent, KeyboardEvent } from 'react';
import { moveItem } from '@/domain/lessons/answers';
import type { AnswerResult } from '@/domain/lessons/answers';
import { cx } from '@/ui';
import styles from './reorder-lines.module.css';

export interface ReorderLinesProps {
  lines: string[];
  /** order[i] = index into `lines` shown at position i. */
  order: number[];
  onChange: (order: number[]) => void;
  /** The checked answer (items per position), or null before checking. */
  result: AnswerResult | null;
  disabled?: boolean;
}

type FocusPart = 'line' | 'up' | 'down';

function spoken(line: string | undefined): string {
  const text = (line ?? '').trim();
  return text === '' ? 'Blank line' : text;
}

export function ReorderLines({ lines, order, onChange, result, disabled = false }: ReorderLinesProps) {
  const id = useId();
  const instructionsId = `${id}-instructions`;
  const count = order.length;
  /** The line (index into `lines`) picked up with the keyboard or a click. */
  const [grabbed, setGrabbed] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const pendingFocus = useRef<string | null>(null);

  // Moving a node in the DOM can drop its focus: put focus back on the moved line.
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    pendingFocus.current = null;
    const element = elements.current.get(key);
    if (element && document.activeElement !== element) element.focus();
  }, [order]);

  function register(key: string) {
    return (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    };
  }

  function move(from: number, to: number, focusPart: FocusPart) {
    if (disabled || from === to || from < 0 || to < 0 || from >= count || to >= count) return;
    const line = order[from];
    if (line === undefined) return;
    pendingFocus.current = `${line}:${focusPart}`;
    onChange(moveItem(order, from, to));
    setAnnouncement(`${spoken(lines[line])} moved to position ${to + 1} of ${count}`);
  }

  function toggleGrab(line: number, position: number) {
    if (disabled) return;
    if (grabbed === line) {
      setGrabbed(null);
      setAnnouncement(`${spoken(lines[line])} dropped at position ${position + 1} of ${count}`);
    } else {
      setGrabbed(line);
      setAnnouncement(
        `${spoken(lines[line])} grabbed, position ${position + 1} of ${count}. Use the arrow keys to move it, Space to drop it.`,
      );
    }
  }

  function focusLineAt(position: number) {
    const line = order[position];
    if (line !== undefined) elements.current.get(`${line}:line`)?.focus();
  }

  function onLineKeyDown(event: KeyboardEvent<HTMLElement>, line: number, position: number) {
    if (disabled) return;
    const isGrabbed = grabbed === line;
    const target = (() => {
      switch (event.key) {
        case 'ArrowUp':
          return position - 1;
        case 'ArrowDown':
          return position + 1;
        case 'Home':
          return 0;
        case 'End':
          return count - 1;
        default:
          return null;
      }
    })();
    if (target !== null) {
      event.preventDefault();
      // A grabbed line (or Alt+arrow) moves; otherwise the arrows move focus between lines.
      if (isGrabbed || event.altKey) move(position, Math.min(Math.max(target, 0), count - 1), 'line');
      else focusLineAt(Math.min(Math.max(target, 0), count - 1));
      return;
    }
    if (event.key === ' ' || event.key === 'Spacebar' || event.key === 'Enter') {
      event.preventDefault();
      toggleGrab(line, position);
    } else if (event.key === 'Escape' && isGrabbed) {
      event.preventDefault();
      toggleGrab(line, position);
    }
  }

  function onLineBlur(event: FocusEvent<HTMLElement>, line: number) {
    // Leaving the line for another control drops it (a move that re-renders has no relatedTarget).
    if (grabbed === line && event.relatedTarget !== null) setGrabbed(null);
  }

  function endDrag() {
    dragFrom.current = null;
    setDragged(null);
    setDropTarget(null);
  }

  function onDragStart(event: DragEvent<HTMLLIElement>, line: number, position: number) {
    if (disabled) return;
    dragFrom.current = position;
    setDragged(line);
    setGrabbed(null);
    const transfer = event.dataTransfer as DataTransfer | null | undefined;
    if (transfer) {
      transfer.effectAllowed = 'move';
      // Firefox only starts a drag that carries data.
      transfer.setData('text/plain', lines[line] ?? '');
    }
  }

  function onDragOver(event: DragEvent<HTMLLIElement>, position: number) {
    if (dragFrom.current === null) return;
    event.preventDefault();
    const transfer = event.dataTransfer as DataTransfer | null | undefined;
    if (transfer) transfer.dropEffect = 'move';
    if (dropTarget !== position) setDropTarget(position);
  }

  function onDrop(event: DragEvent<HTMLLIElement>, position: number) {
    const from = dragFrom.current;
    if (from === null) return;
    event.preventDefault();
    move(from, position, 'line');
    endDrag();
  }

  return (
    <div className={styles.root}>
      <p id={instructionsId} className="visually-hidden">
        Press Space or Enter to pick up a line, the up and down arrow keys to move it, and Space, Enter or Escape to drop it.
      </p>
      <ol role="list" aria-label="Lines to put in order" className={styles.list}>
        {order.map((line, position) => {
          const text = lines[line] ?? '';
          const isGrabbed = grabbed === line;
          const right = result ? result.items[position] === true : null;
          const statusId = `${id}-status-${line}`;
          const first = position === 0;
          const last = position === count - 1;
          return (
            <li
              key={line}
              className={cx(
                styles.item,
                isGrabbed && styles.grabbed,
                dragged === line && styles.dragging,
                dropTarget === position && dragged !== line && styles.dropTarget,
                right === true && styles.right,
                right === false && styles.wrong,
              )}
              draggable={!disabled}
              onDragStart={(event) => onDragStart(event, line, position)}
              onDragOver={(event) => onDragOver(event, position)}
              onDrop={(event) => onDrop(event, position)}
              onDragEnd={endDrag}
            >
              <span className={styles.number} aria-hidden="true">
                {position + 1}
              </span>
              <div
                ref={register(`${line}:line`)}
                role="button"
                tabIndex={0}
                aria-pressed={isGrabbed}
                aria-disabled={disabled || undefined}
                aria-describedby={right === null ? instructionsId : `${statusId} ${instructionsId}`}
                className={styles.line}
                onClick={() => toggleGrab(line, position)}
                onKeyDown={(event) => onLineKeyDown(event, line, position)}
                onBlur={(event) => onLineBlur(event, line)}
              >
                <span className={styles.handle} aria-hidden="true">
                  ⠿
                </span>
                <code className={styles.code}>{text.trim() === '' ? <span className="visually-hidden">Blank line</span> : text}</code>
              </div>
              {right === null ? null : (
                <span id={statusId} className={styles.status}>
                  <span aria-hidden="true">{right ? '✓' : '✗'}</span>
                  <span className="visually-hidden">{right ? 'In the right place' : 'In the wrong place'}</span>
                </span>
              )}
              <span className={styles.controls}>
                <button
                  ref={register(`${line}:up`)}
                  type="button"
                  className={styles.move}
                  disabled={disabled}
                  aria-disabled={first || undefined}
                  aria-label={`Move up: ${spoken(text)}`}
                  onClick={() => move(position, position - 1, 'up')}
                >
                  <span aria-hidden="true">↑</span>
                  <span className={styles.moveLabel}>Move up</span>
                </button>
                <button
                  ref={register(`${line}:down`)}
                  type="button"
                  className={styles.move}
                  disabled={disabled}
                  aria-disabled={last || undefined}
                  aria-label={`Move down: ${spoken(text)}`}
                  onClick={() => move(position, position + 1, 'down')}
                >
                  <span aria-hidden="true">↓</span>
                  <span className={styles.moveLabel}>Move down</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}
