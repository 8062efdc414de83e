import { useRouter } from 'next/router';
import { userMessageOf } from '@/lib/errors/user-message';
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import {
  chatReducer,
  dailyGoalFor,
  firstExercise,
  initialChat,
  ONBOARDING_QUESTIONS,
  ONBOARDING_STEPS,
  recommendationAmong,
  type ChatEvent,
  type ChatState,
  type OnboardingAnswers,
  type QuestionStep,
} from '@/domain/onboarding/onboarding-chat';
import { DAILY_GOAL_LEVELS } from '@/domain/progress/daily-goal';
import { paths } from '@/domain/routing/paths';
import { SignedInShell, useAuthUser } from '@/features/auth';
import type { OnboardingChatPageProps } from '@/lib/onboarding/onboarding-page-props';
import { Alert, Button, PageHeading, PageLead, Stack } from '@/ui';
import { cx } from '@/ui/class-names';
import { useAnswerSaver, useFinishOnboarding } from '../api/onboarding-queries';
import { useRecordVisit } from '../api/record-visit';
import styles from './onboarding-chat-view.module.css';

const isQuestion = (step: string): step is QuestionStep => Object.prototype.hasOwnProperty.call(ONBOARDING_QUESTIONS, step);

const labelOf = (step: QuestionStep, answers: OnboardingAnswers): string | null => {
  const value = answers[step];
  if (value === undefined) return null;
  return (ONBOARDING_QUESTIONS[step].options as Record<string, string>)[value] ?? null;
};

function Bubble({ from, children, id, focusRef }: { from: 'trail' | 'you'; children: ReactNode; id?: string; focusRef?: React.Ref<HTMLDivElement> }) {
  return (
    <li className={cx(styles.row, from === 'you' ? styles.rowYou : styles.rowTrail)}>
      <div className={cx(styles.bubble, from === 'you' ? styles.you : styles.trail)} id={id} ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
        <span className="visually-hidden">{from === 'you' ? 'You: ' : 'Trail: '}</span>
        {children}
      </div>
    </li>
  );
}

/**
 * /web/onboarding/chat (issue 17): a short scripted conversation with Trail, our guide. Each
 * answer is stored as it is given; any answer can be changed; the minutes a day set the daily
 * goal; a one-minute exercise; then the recommended track and its first lesson. The chat's rules
 * are the pure state machine of src/domain/onboarding; this view only shows it.
 */
export default function OnboardingChatView({ initial, tracks }: OnboardingChatPageProps) {
  const user = useAuthUser();
  useRecordVisit(user.id);
  const router = useRouter();
  const [state, dispatch] = useReducer(chatReducer, initial, (start): ChatState => (start.status === 'done' ? { step: 'recommendation', answers: start.answers } : initialChat(start.answers)));
  const saver = useAnswerSaver();
  const finish = useFinishOnboarding();
  const promptRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Each new question takes the focus, so keyboard and screen-reader users are where the chat is.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    promptRef.current?.focus();
  }, [state.step]);

  function act(event: ChatEvent) {
    const next = chatReducer(state, event);
    dispatch(event);
    if (next.answers !== state.answers && event.type !== 'skip') saver.save(next.answers);
    if (event.type === 'skip') void saver.settled().then(() => finish.mutate({ answers: next.answers, action: 'skip' }));
  }

  function start(destination?: string) {
    void saver.settled().then(() =>
      finish.mutate(
        { answers: state.answers, action: 'finish' },
        { onSuccess: (result) => void router.push(destination ?? result.start?.href ?? paths.library()) },
      ),
    );
  }

  const name = user.displayName ?? 'there';
  const currentIndex = ONBOARDING_STEPS.indexOf(state.step);
  const past = ONBOARDING_STEPS.slice(0, currentIndex);
  const exercise = firstExercise(state.answers);
  const rightChoice = exercise.choices.find((choice) => choice.right);
  const recommendation = recommendationAmong(state.answers, tracks);
  const track = recommendation?.track;
  const goal = DAILY_GOAL_LEVELS.find((level) => level.id === dailyGoalFor(state.answers.minutes)) ?? DAILY_GOAL_LEVELS[1];
  const minutes = labelOf('minutes', state.answers);

  return (
    <SignedInShell>
      <div className={styles.page}>
        <PageHeading kicker="Let’s get you started" title={`Welcome, ${name}!`}>
          <PageLead>A few quick questions so your lessons fit you. It takes about a minute, and you can change any answer.</PageLead>
        </PageHeading>

        <section aria-labelledby="chat-heading" className={styles.chat}>
          <h2 id="chat-heading" className="visually-hidden">
            Chat with Trail, your coding guide
          </h2>
          <ol className={styles.log}>
            {past.map((step) => {
              if (isQuestion(step)) {
                const answer = labelOf(step, state.answers);
                return [
                  <Bubble key={`${step}-q`} from="trail">
                    {ONBOARDING_QUESTIONS[step].prompt}
                  </Bubble>,
                  <Bubble key={`${step}-a`} from="you">
                    <span>{answer ?? 'Skipped'}</span>
                    {answer && (
                      <button type="button" className={styles.change} onClick={() => act({ type: 'change', step })} aria-label={`Change your answer “${answer}”`}>
                        Change
                      </button>
                    )}
                  </Bubble>,
                ];
              }
              if (step === 'exercise') {
                return [
                  <Bubble key="exercise-q" from="trail">
                    <p className={styles.text}>{exercise.prompt}</p>
                    <pre className={styles.code}>
                      <code>{exercise.code}</code>
                    </pre>
                  </Bubble>,
                  <Bubble key="exercise-feedback" from="trail">
                    {state.answers.exercise === 'right' && <>Right! {exercise.explanation}</>}
                    {state.answers.exercise === 'wrong' && (
                      <>
                        Good try! The answer is <strong>{rightChoice?.text}</strong>. {exercise.explanation}
                      </>
                    )}
                    {state.answers.exercise === undefined && <>We skipped the warm-up: your first lesson starts just as gently.</>}
                  </Bubble>,
                ];
              }
              return null;
            })}

            {isQuestion(state.step) && (
              <Bubble from="trail" id="chat-prompt" focusRef={promptRef}>
                {ONBOARDING_QUESTIONS[state.step].prompt}
              </Bubble>
            )}
            {state.step === 'exercise' && (
              <Bubble from="trail" id="chat-prompt" focusRef={promptRef}>
                <p className={styles.text}>Now a one-minute warm-up. {exercise.prompt}</p>
                <pre className={styles.code}>
                  <code>{exercise.code}</code>
                </pre>
              </Bubble>
            )}
            {state.step === 'recommendation' && track && recommendation && (
              <Bubble from="trail" id="chat-prompt" focusRef={promptRef}>
                <p className={styles.text}>
                  I recommend <strong>{track.title}</strong>. {recommendation.reason}
                </p>
                <p className={styles.text}>
                  {minutes ? `${minutes} a day` : 'A few minutes a day'} sets your daily goal to <strong>{goal.label}</strong>: {goal.xp} XP a day ({goal.description.toLowerCase()}). You can change it any time in settings.
                </p>
              </Bubble>
            )}
          </ol>

          <div className={styles.composer}>
            {isQuestion(state.step) && (
              <div role="group" aria-labelledby="chat-prompt" className={styles.options}>
                {Object.entries(ONBOARDING_QUESTIONS[state.step].options).map(([value, label]) => (
                  <Button
                    key={value}
                    variant={state.answers[state.step as QuestionStep] === value ? 'primary' : 'secondary'}
                    aria-pressed={state.answers[state.step as QuestionStep] === value}
                    onClick={() => act({ type: 'answer', step: state.step as QuestionStep, value })}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            )}
            {state.step === 'exercise' && (
              <div role="group" aria-labelledby="chat-prompt" className={styles.options}>
                {exercise.choices.map((choice) => (
                  <Button key={choice.id} variant="secondary" onClick={() => act({ type: 'exercise', choiceId: choice.id })}>
                    <code>{choice.text}</code>
                  </Button>
                ))}
              </div>
            )}
            {state.step === 'recommendation' && track && (
              <Stack gap={3}>
                <Button onClick={() => start()} disabled={finish.isPending} data-testid="onboarding-start">
                  {finish.isPending ? 'Starting…' : `Start my first ${track.title} lesson`}
                </Button>
                {tracks.length > 1 && (
                  <details className={styles.others}>
                    <summary>Rather start another track?</summary>
                    <ul className={styles.otherList}>
                      {tracks
                        .filter((candidate) => candidate.id !== track.id)
                        .map((candidate) => (
                          <li key={candidate.id}>
                            <Button variant="secondary" size="sm" disabled={finish.isPending} onClick={() => start(paths.activeSection(candidate.id))}>
                              {candidate.title}
                            </Button>
                          </li>
                        ))}
                    </ul>
                  </details>
                )}
              </Stack>
            )}

            <div className={styles.controls}>
              {currentIndex > 0 && (
                <Button variant="ghost" size="sm" onClick={() => act({ type: 'back' })}>
                  Back
                </Button>
              )}
              {state.step !== 'recommendation' && (
                <Button variant="ghost" size="sm" onClick={() => act({ type: 'skip' })} disabled={finish.isPending}>
                  Skip the questions
                </Button>
              )}
            </div>

            <p role="status" className={styles.status}>
              {saver.saving ? 'Saving your answer…' : ''}
            </p>
            {saver.error && (
              <Alert kind="error">
                {saver.error} Your answers are still here.{' '}
                <Button variant="secondary" size="sm" onClick={saver.retry}>
                  Try again
                </Button>
              </Alert>
            )}
            {finish.isError && (
              <Alert kind="error">
                {userMessageOf(finish.error, 'That did not work. Try again.')}{' '}
                <Button variant="secondary" size="sm" onClick={() => (state.step === 'recommendation' ? start() : finish.reset())}>
                  Try again
                </Button>
              </Alert>
            )}
          </div>
        </section>
      </div>
    </SignedInShell>
  );
}
