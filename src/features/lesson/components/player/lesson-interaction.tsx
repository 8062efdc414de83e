import type { SaveStatus } from '@/features/editor';
import type { LessonDto } from '@/lib/api-client/learning-endpoints';
import type { AttemptState } from '../../model/attempt';
import { CodeLesson } from '../code-lesson';
import { FillGap, MultipleChoice, ReorderLines } from '../interactions';
import { PanelBoundary } from '../panel-boundary';
import styles from '../../views/lesson-view.module.css';

type Files = { name: string; content: string }[];

export interface LessonInteractionProps {
  lesson: LessonDto;
  attempt: AttemptState;
  /** Multiple choice and fill the gap: the learner's own order of choices and chips. */
  shownChoices: number[];
  shownChips: string[];
  onSelect: (selected: number[]) => void;
  onFill: (answers: string[]) => void;
  onReorder: (order: number[]) => void;
  code: {
    files: Files;
    starterFiles: Files;
    onFileChange: (name: string, content: string) => void;
    onRun: () => void;
    python: boolean;
    saveStatus: SaveStatus;
    saveRefusal: string | null;
    onStdinChange: (value: string) => void;
    storageKey: string | null;
  };
}

/** The exercise: an answer interaction, or the code panel. */
export function LessonInteraction({ lesson, attempt, shownChoices, shownChips, onSelect, onFill, onReorder, code }: LessonInteractionProps) {
  const interaction = lesson.interaction;
  return (
    <PanelBoundary name={interaction.kind === 'code' ? 'The code panel' : 'The exercise'}>
      <div className={styles.interaction}>
        {interaction.kind === 'multiple-choice' && (
          <MultipleChoice
            questionHtml={lesson.questionHtml ?? ''}
            choices={interaction.choices.map(({ text, why }) => ({ text, why }))}
            order={shownChoices}
            multiple={interaction.choices.filter((choice) => choice.correct).length > 1}
            selected={attempt.selected}
            onChange={onSelect}
            result={attempt.answerResult}
            disabled={attempt.passed}
          />
        )}
        {interaction.kind === 'fill-gap' && (
          <FillGap
            templates={interaction.templates}
            gapCount={interaction.gaps.length}
            chips={shownChips}
            answers={attempt.answers}
            onChange={onFill}
            result={attempt.answerResult}
            disabled={attempt.passed}
          />
        )}
        {interaction.kind === 'reorder' && <ReorderLines lines={interaction.lines} order={attempt.order} onChange={onReorder} result={attempt.answerResult} disabled={attempt.passed} />}
        {interaction.kind === 'code' && (
          <CodeLesson
            lesson={lesson}
            files={code.files}
            onFileChange={code.onFileChange}
            onRun={code.onRun}
            starterFiles={code.starterFiles}
            onReplaceFiles={(files) => files.forEach((file) => code.onFileChange(file.name, file.content))}
            running={attempt.running}
            output={attempt.output}
            result={attempt.runResult}
            python={code.python}
            saveStatus={code.saveStatus}
            saveRefusal={code.saveRefusal}
            disabled={attempt.passed}
            stdin={attempt.stdin}
            onStdinChange={code.onStdinChange}
            pageStorageKey={code.storageKey}
          />
        )}
      </div>
    </PanelBoundary>
  );
}
