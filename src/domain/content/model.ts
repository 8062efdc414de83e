import type { CodingEvent } from '@/domain/events/events';
import type { GlossaryEntry } from '@/domain/glossary/glossary';
import { z } from 'zod';
import type { CODE_LANGUAGES } from '../lessons/code-language';

/**
 * The compiled course model shared by the compiler, the API and the player. The compiler
 * produces it from content/ files; publish sets store it; the API serves slices of it.
 */

export const INTERACTIONS = ['multiple-choice', 'fill-gap', 'reorder', 'code'] as const;
export type InteractionKind = (typeof INTERACTIONS)[number];

export const TUTORIAL_KINDS = ['course', 'project'] as const;
export type TutorialKind = (typeof TUTORIAL_KINDS)[number];

const message = z.string().min(1);

/** Program constructs a `uses` check can ask for, decided from the parsed program (never its text). */
export const CONSTRUCTS = [
  'for',
  'while',
  /** for or while (or a comprehension): any loop. */
  'loop',
  'if',
  'ternary',
  /** if or a conditional expression: any branch. */
  'branch',
  'function',
  'return',
  'break',
  'try',
  'call',
  'import',
  'f-string',
  'template-literal',
  'comprehension',
  'augmented-assignment',
  'boolean-operator',
  'arrow-function',
] as const;
export type Construct = (typeof CONSTRUCTS)[number];

/**
 * What a learner would do on the page before a `dom` or `css` check looks: type into a field, click,
 * reload the page (what it saved in localStorage stays). Steps run in check order on the same page,
 * so later checks see what earlier steps did.
 */
export const pageStepSchema = z.union([
  z.object({ fill: z.string().min(1), with: z.string() }).strict(),
  z.object({ click: z.string().min(1) }).strict(),
  z.object({ reload: z.literal(true) }).strict(),
]);
export type PageStep = z.infer<typeof pageStepSchema>;

/** A value a `rerun` check gives a top-level variable (JSON, as YAML writes it). */
const injectedValue: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(injectedValue), z.record(z.string(), injectedValue)]));

/** Which of the elements a page check's selector matches it looks at. */
const pageMatch = z.enum(['every', 'any']);

export const checkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('output-equals'), text: z.string(), message }).strict(),
  z.object({ type: z.literal('output-contains'), text: z.string().min(1), message }).strict(),
  z.object({ type: z.literal('assert'), code: z.string().min(1), file: z.string().optional(), message }).strict(),
  z
    .object({
      type: z.literal('uses'),
      construct: z.enum(CONSTRUCTS),
      /** The function called, the module imported or the function defined (by name). */
      name: z.string().regex(/^[A-Za-z_$][\w$]*$/).optional(),
      /** The program must NOT use it ("without sum()"). */
      absent: z.boolean().optional(),
      file: z.string().optional(),
      message,
    })
    .strict(),
  z
    .object({
      type: z.literal('rerun'),
      /** Top-level variables whose assigned value is replaced (through the parsed program). */
      set: z.record(z.string().regex(/^[A-Za-z_$][\w$]*$/), injectedValue).optional(),
      /** Lines for input() in this run. */
      input: z.array(z.string()).optional(),
      /** Seeds the random generator (Python's random, JavaScript's Math.random) for this run. */
      seed: z.number().int().optional(),
      /**
       * Runs once per seed instead: every run must print what the check asks (`contains`), and the
       * runs together must print at least `distinct` different outputs (2 unless given), so a value
       * that should be random is, however the program draws it.
       */
      seeds: z.array(z.number().int()).min(2).max(50).optional(),
      distinct: z.number().int().min(2).optional(),
      /** The whole output this run must print… */
      output: z.string().optional(),
      /** …or text it must contain (when the rest depends on how the program is written). */
      contains: z.string().min(1).optional(),
      message,
    })
    .strict()
    .refine((check) => (check.output === undefined) !== (check.contains === undefined), { message: 'a rerun check needs either output or contains' })
    .refine((check) => check.seeds === undefined || (check.seed === undefined && check.output === undefined), { message: 'a rerun check with seeds takes contains (not output) and no seed' })
    .refine((check) => check.distinct === undefined || check.seeds !== undefined, { message: 'distinct needs seeds' }),
  z
    .object({
      type: z.literal('dom'),
      before: z.array(pageStepSchema).optional(),
      selector: z.string().min(1),
      text: z.string().optional(),
      count: z.number().int().min(0).optional(),
      /** With `text`: every matching element holds it, or at least one does (the default). */
      match: pageMatch.optional(),
      /** Runs the page with these top-level variables of its scripts given other values (a rerun, for pages). */
      set: z.record(z.string().regex(/^[A-Za-z_$][\w$]*$/), injectedValue).optional(),
      message,
    })
    .strict(),
  z
    .object({
      type: z.literal('css'),
      before: z.array(pageStepSchema).optional(),
      selector: z.string().min(1),
      property: z.string().min(1),
      value: z.string().min(1),
      /** Every matching element has the value (the default), or at least one does. */
      match: pageMatch.optional(),
      /** Only the stylesheet's selectors count: `!important` is made normal and style="" set aside. */
      selectorsOnly: z.boolean().optional(),
      /** Runs the page with these top-level variables of its scripts given other values. */
      set: z.record(z.string().regex(/^[A-Za-z_$][\w$]*$/), injectedValue).optional(),
      message,
    })
    .strict(),
  z
    .object({
      type: z.literal('css-rule'),
      /** A selector of the stylesheet, as written there (case and spaces aside), e.g. `a:hover`. */
      selector: z.string().min(1),
      property: z.string().min(1),
      /** The value the rule gives, compared as the browser parses both; any value when left out. */
      value: z.string().min(1).optional(),
      /** The rule must sit inside this media query, e.g. `(min-width: 600px)`. */
      media: z.string().min(1).optional(),
      message,
    })
    .strict(),
  z
    .object({
      type: z.literal('sql-result'),
      columns: z.array(z.string()).min(1),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
      ordered: z.boolean().optional(),
      /** Column order matters (otherwise columns are matched by name). */
      columnOrder: z.boolean().optional(),
      /** Compare on the lesson's check data (`# --check-data--`) instead of the data the learner sees. */
      data: z.enum(['lesson', 'check']).optional(),
      /**
       * A query the checker runs after the learner's statements, on the same database: its result
       * is compared instead of the learner's last one. For lessons that create or change tables, so
       * the table itself is checked, not a SELECT the learner could replace with typed-in rows.
       */
      query: z.string().min(1).optional(),
      message,
    })
    .strict(),
]);
export type Check = z.infer<typeof checkSchema>;
export type CheckType = Check['type'];

export interface LessonFileDefinition {
  name: string;
  content: string;
  editable: boolean;
}

export type GapSegment = string | { gap: number };

/**
 * Another answer to a code lesson, for content:check's robustness stage: a wrong one must fail the
 * checks, an alternative (correct, written another way) must pass. Its files replace the
 * solution's files of the same name. Never sent to learners.
 */
export interface SolutionVariant {
  label: string;
  files: { name: string; content: string }[];
}

export interface ExecutableContent {
  files: LessonFileDefinition[];
  solution: { name: string; content: string }[];
  /** Answers that must fail (hard-coded output, the construct only in a comment, an off-by-one…). */
  wrong?: SolutionVariant[];
  /** Correct answers written another way, which must pass. */
  alternatives?: SolutionVariant[];
  checks: Check[];
  /** SQL run before the learner's query (SQL lessons). */
  seed: string | null;
  /** A second data set with other rows, never shown: `sql-result` checks with `data: check` compare on it. */
  checkSeed?: string | null;
  /** Lines a program reads with input(): run by content:check and pre-filled in the player's input box. */
  input?: string[];
}

export type Interaction =
  | {
      kind: 'multiple-choice';
      question: string;
      /** `why`: what a learner who picks this choice is told (required for a wrong choice; "  Why: …" under it). */
      choices: { text: string; correct: boolean; why?: string }[];
    }
  | {
      kind: 'fill-gap';
      /** Per file: the code split into text and gap references. */
      templates: { name: string; segments: GapSegment[] }[];
      gaps: { accepted: string[] }[];
      /** Chips offered: every gap's first answer plus distractors. */
      chips: string[];
    }
  | { kind: 'reorder'; lines: string[] }
  | { kind: 'code' };

export interface Lesson {
  id: string;
  title: string;
  explanation: string;
  hints: string[];
  codeLanguage: (typeof CODE_LANGUAGES)[number] | null;
  interaction: Interaction;
  executableContent: ExecutableContent | null;
  /** Repository path, for error messages and preview tools. */
  source: string;
}

export interface Chapter {
  id: string;
  title: string;
  lessons: Lesson[];
}

export interface Tutorial {
  id: string;
  title: string;
  description: string;
  kind: TutorialKind;
  chapters: Chapter[];
}

export interface Section {
  title: string;
  tutorialIds: string[];
}

export interface Track {
  id: string;
  title: string;
  description: string;
  sections: Section[];
  tutorials: Tutorial[];
}

export interface CompiledContent {
  tracks: Track[];
  /** The HTML glossary (content/glossary/html); absent in content that has none. */
  glossary?: GlossaryEntry[];
  /** Events (content/events); absent in content that has none. */
  events?: CodingEvent[];
}
