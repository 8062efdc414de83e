import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@/ui/link';
import { LESSON_MODES, type LessonMode } from '@/domain/lessons/lesson-mode';
import styles from './mode-picker.module.css';

export const MODE_LABEL: Record<LessonMode, string> = { learn: 'Learn', challenge: 'Challenge', tutor: 'Tutor' };

const MODE_DESCRIPTION: Record<LessonMode, string> = {
  learn: 'The explanation, and hints when you ask for them.',
  challenge: 'No explanation and no hints: show what you know.',
  tutor: 'Each miss is explained and opens the next hint.',
};

export interface ModePickerProps {
  mode: LessonMode;
  /** The same lesson in another mode. */
  hrefFor: (mode: LessonMode) => string;
}

/**
 * The lesson header's mode switch: a disclosure button opening three links (the modes are routes,
 * so each is a real link that keeps the lesson index). Escape or a click outside closes it. The
 * links are rendered only while it is open, so the server does not render three hidden links on
 * every lesson page.
 */
export function ModePicker({ mode, hrefFor }: ModePickerProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div
      ref={root}
      className={styles.root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" className={styles.button} aria-expanded={open} aria-controls={`${id}-modes`} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">Lesson mode: </span>
        <span>{MODE_LABEL[mode]}</span>
        <span className={styles.chevron} aria-hidden="true">
          ▾
        </span>
      </button>
      <nav id={`${id}-modes`} aria-label="Lesson mode" className={styles.menu} hidden={!open}>
        {/* The links exist while the menu is open: a closed menu costs the page nothing (issue 18). */}
        {open ? (
          <ul className={styles.list}>
            {LESSON_MODES.map((option) => (
              <li key={option}>
                <Link
                  href={hrefFor(option)}
                  className={styles.option}
                  aria-current={option === mode ? 'page' : undefined}
                  aria-describedby={`${id}-${option}`}
                  onClick={() => setOpen(false)}
                >
                  <span className={styles.name}>
                    {MODE_LABEL[option]}
                    {option === mode ? <span aria-hidden="true"> ✓</span> : null}
                  </span>
                  <span id={`${id}-${option}`} className={styles.description}>
                    {MODE_DESCRIPTION[option]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </nav>
    </div>
  );
}
