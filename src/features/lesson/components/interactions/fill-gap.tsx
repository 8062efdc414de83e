import { useId, useRef, useState } from 'react';
import type { CSSProperties, FocusEvent, KeyboardEvent } from 'react';
import type { GapSegment } from '@/domain/content/model';
import type { AnswerResult } from '@/domain/lessons/answers';
import { cx } from '@/ui';
import styles from './fill-gap.module.css';

export interface FillGapProps {
  /** One template per file: code text with gap references (`{ gap: index }`, 0-based). */
  templates: { name: string; segments: GapSegment[] }[];
  gapCount: number;
  /** Words offered as buttons. */
  chips: string[];
  /** One answer per gap. */
  answers: string[];
  onChange: (answers: string[]) => void;
  /** The checked answer, or null before checking. */
  result: AnswerResult | null;
  disabled?: boolean;
}

const MIN_GAP_CHARS = 4;

function isEmpty(answer: string | undefined): boolean {
  return (answer ?? '').trim() === '';
}

/** The first empty gap after `from`, wrapping around; null when every gap is filled. */
function nextEmptyGap(answers: readonly string[], from: number): number | null {
  for (let step = 1; step <= answers.length; step += 1) {
    const index = (from + step) % answers.length;
    if (isEmpty(answers[index])) return index;
  }
  return null;
}

/** For each chip, whether an answer already uses it (duplicated chips are counted one by one). */
function usedChips(chips: readonly string[], answers: readonly string[]): boolean[] {
  const uses = new Map<string, number>();
  for (const answer of answers) {
    const text = answer.trim();
    if (text) uses.set(text, (uses.get(text) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  return chips.map((chip) => {
    const text = chip.trim();
    const before = seen.get(text) ?? 0;
    seen.set(text, before + 1);
    return before < (uses.get(text) ?? 0);
  });
}

export function FillGap({ templates, gapCount, chips, answers, onChange, result, disabled = false }: FillGapProps) {
  const id = useId();
  const inputs = useRef(new Map<number, HTMLInputElement>());
  /** The gap a chip fills: the focused gap, kept while focus moves to the chips. */
  const [activeGap, setActiveGap] = useState<number | null>(null);
  const values = Array.from({ length: gapCount }, (_, index) => answers[index] ?? '');
  const used = usedChips(chips, values);
  const severalFiles = templates.length > 1;

  function focusGap(index: number, selectAll = false) {
    const input = inputs.current.get(index);
    if (!input) return;
    input.focus();
    if (selectAll) input.select();
  }

  function setAnswer(index: number, value: string): string[] {
    const next = [...values];
    next[index] = value;
    onChange(next);
    return next;
  }

  function fillWithChip(chip: string) {
    if (disabled || gapCount === 0) return;
    const target = activeGap !== null && activeGap < gapCount ? activeGap : nextEmptyGap(values, gapCount - 1);
    if (target === null) return;
    const next = setAnswer(target, chip);
    const following = nextEmptyGap(next, target);
    // With no empty gap left, the filled gap stays the target: another chip replaces it.
    setActiveGap(following ?? target);
    if (following !== null) focusGap(following);
  }

  function onGapKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    // Backspace in an empty gap steps back into the previous gap, its text selected, so a
    // second Backspace clears it (like removing the last token of a token field).
    if (event.key === 'Backspace' && event.currentTarget.value === '' && index > 0) {
      event.preventDefault();
      focusGap(index - 1, true);
    }
  }

  function onRootBlur(event: FocusEvent<HTMLDivElement>) {
    const to = event.relatedTarget;
    if (!(to instanceof Node && event.currentTarget.contains(to))) setActiveGap(null);
  }

  function renderGap(index: number, key: string) {
    if (index < 0 || index >= gapCount) return null;
    const value = values[index] ?? '';
    const right = result ? result.items[index] === true : null;
    const statusId = `${id}-gap-${index}-status`;
    const chars = Math.max(value.length, MIN_GAP_CHARS);
    const label = `Gap ${index + 1} of ${gapCount}`;
    return (
      <span
        key={key}
        className={cx(styles.gap, activeGap === index && styles.active, right === true && styles.right, right === false && styles.wrong)}
      >
        <input
          ref={(element) => {
            if (element) inputs.current.set(index, element);
            else inputs.current.delete(index);
          }}
          type="text"
          className={styles.input}
          style={{ '--_chars': chars } as CSSProperties}
          size={chars}
          value={value}
          aria-label={label}
          aria-invalid={right === false || undefined}
          aria-describedby={right === null ? undefined : statusId}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          disabled={disabled}
          onFocus={() => setActiveGap(index)}
          onChange={(event) => setAnswer(index, event.target.value)}
          onKeyDown={(event) => onGapKeyDown(event, index)}
        />
        {value !== '' && !disabled ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={`Clear gap ${index + 1}`}
            onClick={() => {
              setAnswer(index, '');
              focusGap(index);
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {right === null ? null : (
          <span id={statusId} className={styles.status}>
            <span aria-hidden="true">{right ? '✓' : '✗'}</span>
            <span className="visually-hidden">{right ? 'Correct' : 'Incorrect'}</span>
          </span>
        )}
      </span>
    );
  }

  return (
    <div className={styles.root} onBlur={onRootBlur}>
      {templates.map((template, fileIndex) => (
        <div key={`${fileIndex}-${template.name}`} className={styles.file}>
          {severalFiles ? <p className={styles.fileName}>{template.name}</p> : null}
          <pre className={styles.pre}>
            <code>
              {template.segments.map((segment, segmentIndex) =>
                typeof segment === 'string' ? segment : renderGap(segment.gap, `gap-${segmentIndex}`),
              )}
            </code>
          </pre>
        </div>
      ))}
      {chips.length > 0 ? (
        <>
          <p id={`${id}-chips-hint`} className={styles.hint}>
            Type in a gap, or pick a word to fill the selected gap.
          </p>
          <div role="group" aria-label="Words to fill in" aria-describedby={`${id}-chips-hint`} className={styles.chips}>
            {chips.map((chip, chipIndex) => (
              <button
                key={chipIndex}
                type="button"
                className={cx(styles.chip, used[chipIndex] && styles.used)}
                disabled={disabled}
                // Keep focus (and so the target) in the gap when a chip is clicked or tapped.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => fillWithChip(chip)}
              >
                <code>{chip}</code>
                {used[chipIndex] ? <span className="visually-hidden"> (used)</span> : null}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
