import { z } from 'zod';
import type { DailyGoalLevel } from '@/domain/progress/daily-goal';

/**
 * The onboarding chat (issue 17) as a small state machine: a scripted, friendly conversation in
 * the order good apps use (why, what to build, experience, minutes a day, a one-minute first
 * exercise answered in the chat, then a recommended track with its reason). Pure: the page and the
 * server share it, and table tests pin every transition.
 */

export const ONBOARDING_QUESTIONS = {
  goal: {
    prompt: 'Hi! I’m Trail, your coding guide. What brings you to coding?',
    options: { career: 'My career', school: 'School or university', fun: 'Just for fun', project: 'To build my own idea' },
  },
  build: {
    prompt: 'Nice. What would you most like to make?',
    options: { websites: 'Websites', games: 'Games and interactive pages', data: 'Things with data', automation: 'Tools that save me time', unsure: 'Not sure yet' },
  },
  experience: {
    prompt: 'Have you written code before?',
    options: { none: 'Never', little: 'I’ve tried a little', some: 'I can write small programs' },
  },
  minutes: {
    prompt: 'How many minutes a day would you like to learn? Little and often works best.',
    options: { '5': '5 minutes', '10': '10 minutes', '15': '15 minutes', '20': '20 minutes or more' },
  },
} as const;

export type QuestionStep = keyof typeof ONBOARDING_QUESTIONS;
export const QUESTION_STEPS = Object.keys(ONBOARDING_QUESTIONS) as QuestionStep[];
export type AnswerOf<S extends QuestionStep> = keyof (typeof ONBOARDING_QUESTIONS)[S]['options'];
export type OnboardingAnswers = { [S in QuestionStep]?: AnswerOf<S> } & { exercise?: 'right' | 'wrong' };

export type OnboardingStep = QuestionStep | 'exercise' | 'recommendation';
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [...QUESTION_STEPS, 'exercise', 'recommendation'];

/** The first exercise: one question a beginner can answer in a minute, in the recommended language. */
export interface FirstExercise {
  prompt: string;
  code: string;
  choices: { id: string; text: string; right: boolean }[];
  explanation: string;
}

export type RecommendedTrack = 'python' | 'javascript' | 'html' | 'sql';

/** The track for these answers, and why, in one sentence the chat says. */
export function recommendTrack(answers: OnboardingAnswers): { trackId: RecommendedTrack; reason: string } {
  switch (answers.build) {
    case 'websites':
      return answers.experience === 'some'
        ? { trackId: 'javascript', reason: 'You can already write small programs, so JavaScript will bring your websites to life.' }
        : { trackId: 'html', reason: 'Every website starts with HTML: you will see your first page in minutes.' };
    case 'games':
      return { trackId: 'javascript', reason: 'JavaScript runs in every browser, so your games and interactive pages work anywhere.' };
    case 'data':
      return answers.experience === 'none'
        ? { trackId: 'sql', reason: 'SQL asks questions of data in almost plain English: a gentle first language.' }
        : { trackId: 'python', reason: 'Python is the language of data: from spreadsheets to charts.' };
    case 'automation':
      return { trackId: 'python', reason: 'Python reads almost like English and is made for little time-saving tools.' };
    default:
      return { trackId: 'python', reason: 'Python is the friendliest first language: it reads almost like English and can do a bit of everything.' };
  }
}

/** The recommendation among the tracks that are published: the recommended one, else the first there is. */
export function recommendationAmong<T extends { id: string; title: string }>(answers: OnboardingAnswers, tracks: readonly T[]): { track: T; reason: string } | null {
  const recommended = recommendTrack(answers);
  const track = tracks.find((candidate) => candidate.id === recommended.trackId) ?? tracks[0];
  if (!track) return null;
  return { track, reason: track.id === recommended.trackId ? recommended.reason : `${track.title} is a friendly place to begin.` };
}

/** Minutes a day → the daily goal the habit loop counts (a lesson is about 10 XP, a few minutes). */
export function dailyGoalFor(minutes: AnswerOf<'minutes'> | undefined): DailyGoalLevel {
  switch (minutes) {
    case '5':
      return 'casual';
    case '15':
      return 'serious';
    case '20':
      return 'intense';
    default:
      return 'regular';
  }
}

const EXERCISES: Record<RecommendedTrack, FirstExercise> = {
  python: {
    prompt: 'Your first bit of Python. What does this line show?',
    code: 'print("Hello, " + "Ada")',
    choices: [
      { id: 'a', text: 'Hello, Ada', right: true },
      { id: 'b', text: '"Hello, " + "Ada"', right: false },
      { id: 'c', text: 'An error', right: false },
    ],
    explanation: 'print shows text, and + joins two pieces of text into one.',
  },
  javascript: {
    prompt: 'Your first bit of JavaScript. What does this show in the console?',
    code: 'console.log(2 + 3)',
    choices: [
      { id: 'a', text: '5', right: true },
      { id: 'b', text: '2 + 3', right: false },
      { id: 'c', text: '23', right: false },
    ],
    explanation: 'console.log shows a value, and 2 + 3 is worked out first.',
  },
  html: {
    prompt: 'Your first bit of HTML. Which tag makes the main heading of a page?',
    code: '<h1>My page</h1>',
    choices: [
      { id: 'a', text: '<h1>', right: true },
      { id: 'b', text: '<p>', right: false },
      { id: 'c', text: '<head>', right: false },
    ],
    explanation: '<h1> is the page’s main heading; <p> is a paragraph and <head> holds the page’s settings.',
  },
  sql: {
    prompt: 'Your first bit of SQL. Which word picks the columns you want?',
    code: 'SELECT name FROM pets;',
    choices: [
      { id: 'a', text: 'SELECT', right: true },
      { id: 'b', text: 'FROM', right: false },
      { id: 'c', text: 'pets', right: false },
    ],
    explanation: 'SELECT names the columns; FROM says which table they come from.',
  },
};

export function firstExercise(answers: OnboardingAnswers): FirstExercise {
  return EXERCISES[recommendTrack(answers).trackId];
}

export interface ChatState {
  step: OnboardingStep;
  answers: OnboardingAnswers;
}

export type ChatEvent =
  | { type: 'answer'; step: QuestionStep; value: string }
  | { type: 'exercise'; choiceId: string }
  | { type: 'back' }
  | { type: 'change'; step: QuestionStep }
  | { type: 'skip' };

/** Learners who skip get these: a relaxed goal and the friendliest first language. */
export const SKIPPED_ANSWERS: OnboardingAnswers = { goal: 'fun', build: 'unsure', experience: 'none', minutes: '10' };

export const initialChat = (answers: OnboardingAnswers = {}): ChatState => ({ step: nextOpenStep(answers), answers });

/** The first step still to answer (all answered: the recommendation). */
export function nextOpenStep(answers: OnboardingAnswers): OnboardingStep {
  for (const step of QUESTION_STEPS) if (answers[step] === undefined) return step;
  return answers.exercise === undefined ? 'exercise' : 'recommendation';
}

export function isAnswerOf(step: QuestionStep, value: string): boolean {
  return Object.prototype.hasOwnProperty.call(ONBOARDING_QUESTIONS[step].options, value);
}

/**
 * One turn. An answer must be one of its step's options and for the step being asked (or a step
 * already answered, when changing it); anything else leaves the state as it was. Changing an
 * earlier answer keeps the later ones but asks the exercise again when the recommendation moved.
 */
export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'answer': {
      if (!isAnswerOf(event.step, event.value)) return state;
      if (event.step !== state.step && state.answers[event.step] === undefined) return state;
      const before = recommendTrack(state.answers).trackId;
      const answers: OnboardingAnswers = { ...state.answers, [event.step]: event.value };
      if (recommendTrack(answers).trackId !== before) delete answers.exercise;
      return { step: nextOpenStep(answers), answers };
    }
    case 'exercise': {
      if (state.step !== 'exercise') return state;
      const choice = firstExercise(state.answers).choices.find((candidate) => candidate.id === event.choiceId);
      if (!choice) return state;
      const answers: OnboardingAnswers = { ...state.answers, exercise: choice.right ? 'right' : 'wrong' };
      return { step: 'recommendation', answers };
    }
    case 'back': {
      const index = ONBOARDING_STEPS.indexOf(state.step);
      if (index <= 0) return state;
      const previous = ONBOARDING_STEPS[index - 1] ?? state.step;
      return { ...state, step: previous };
    }
    case 'change':
      return state.answers[event.step] === undefined ? state : { ...state, step: event.step };
    case 'skip': {
      const answers: OnboardingAnswers = { ...SKIPPED_ANSWERS, ...state.answers };
      return { step: 'recommendation', answers };
    }
  }
}

const optionOf = <S extends QuestionStep>(step: S) => z.enum(Object.keys(ONBOARDING_QUESTIONS[step].options) as [AnswerOf<S> & string, ...(AnswerOf<S> & string)[]]);

/** Stored or sent answers: only the chat's own options, nothing else (the API's edge check). */
export const onboardingAnswersSchema = z
  .object({
    goal: optionOf('goal').optional(),
    build: optionOf('build').optional(),
    experience: optionOf('experience').optional(),
    minutes: optionOf('minutes').optional(),
    exercise: z.enum(['right', 'wrong']).optional(),
  })
  .strict();

/** Every question answered (the exercise is optional: skipping it is fine). */
export const isComplete = (answers: OnboardingAnswers): boolean => QUESTION_STEPS.every((step) => answers[step] !== undefined);

/** new: never opened the chat; started: some answers stored; done: finished or skipped. */
export type OnboardingStatus = 'new' | 'started' | 'done';

/** A learner's stored onboarding, as the server keeps it and the chat resumes it. */
export interface OnboardingState {
  answers: OnboardingAnswers;
  status: OnboardingStatus;
  skipped: boolean;
}
