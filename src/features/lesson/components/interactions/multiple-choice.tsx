import { useId } from 'react';
import type { ReactNode } from 'react';
import type { AnswerResult } from '@/domain/lessons/answers';
import { cx } from '@/ui';
import styles from './multiple-choice.module.css';

export interface MultipleChoiceProps {
  /** Trusted HTML produced by the content compiler. */
  questionHtml: string;
  /** `why`: shown under the verdict when the learner picked this choice and it is wrong. */
  choices: { text: string; why?: string }[];
  /** The order the choices are shown in (order[i] = choice index at position i); authored order when absent. */
  order?: readonly number[];
  /** Checkboxes (any number of answers) instead of radios (one answer). */
  multiple: boolean;
  /** Indexes (authored) of the selected choices, ascending. */
  selected: number[];
  onChange: (selected: number[]) => void;
  /** The checked answer, or null before checking. */
  result: AnswerResult | null;
  disabled?: boolean;
}

/** Renders `inline code` (backticks) as <code>; an unmatched backtick stays literal. */
function renderInlineCode(text: string): ReactNode[] {
  const parts = text.split('`');
  if (parts.length % 2 === 0) {
    const last = parts.pop() ?? '';
    parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''}\`${last}`;
  }
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className={styles.code}>
        {part}
      </code>
    ) : (
      part
    ),
  );
}

type ChoiceState = 'right' | 'wrong' | null;

function choiceState(result: AnswerResult | null, isSelected: boolean, index: number): ChoiceState {
  if (!result || !isSelected) return null;
  return result.items[index] ? 'right' : 'wrong';
}

export function MultipleChoice({ questionHtml, choices, order, multiple, selected, onChange, result, disabled = false }: MultipleChoiceProps) {
  const id = useId();
  const questionId = `${id}-question`;
  const hintId = `${id}-hint`;
  const chosen = new Set(selected);

  function toggle(index: number, checked: boolean) {
    if (!multiple) {
      onChange([index]);
      return;
    }
    const next = new Set(chosen);
    if (checked) next.add(index);
    else next.delete(index);
    onChange([...next].sort((a, b) => a - b));
  }

  return (
    <div className={styles.root}>
      <div id={questionId} className={styles.question} dangerouslySetInnerHTML={{ __html: questionHtml }} />
      {multiple ? (
        <p id={hintId} className={styles.hint}>
          Select all that apply.
        </p>
      ) : null}
      <div
        role={multiple ? 'group' : 'radiogroup'}
        aria-labelledby={questionId}
        aria-describedby={multiple ? hintId : undefined}
        className={styles.choices}
      >
        {(order ?? choices.map((_, index) => index)).map((index) => {
          const choice = choices[index];
          if (!choice) return null;
          const isSelected = chosen.has(index);
          const state = choiceState(result, isSelected, index);
          const statusId = `${id}-status-${index}`;
          const whyId = `${id}-why-${index}`;
          const showWhy = state === 'wrong' && Boolean(choice.why);
          return (
            <div
              key={index}
              className={cx(
                styles.choice,
                isSelected && styles.selected,
                state === 'right' && styles.right,
                state === 'wrong' && styles.wrong,
                disabled && styles.disabled,
              )}
            >
              <label className={styles.label}>
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={multiple ? undefined : `${id}-choice`}
                  className={styles.input}
                  checked={isSelected}
                  disabled={disabled}
                  aria-describedby={state ? (showWhy ? `${statusId} ${whyId}` : statusId) : undefined}
                  onChange={(event) => toggle(index, event.target.checked)}
                />
                <span className={styles.text}>{renderInlineCode(choice.text)}</span>
              </label>
              {state ? (
                <span id={statusId} className={styles.status}>
                  <span className={styles.icon} aria-hidden="true">
                    {state === 'right' ? '✓' : '✗'}
                  </span>
                  {state === 'right' ? 'Correct' : 'Not this one'}
                </span>
              ) : null}
              {showWhy ? (
                <p id={whyId} className={styles.why}>
                  {renderInlineCode(choice.why ?? '')}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
