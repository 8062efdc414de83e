import type { Check } from '@/domain/content/model';
import type { LessonType } from '@/domain/lessons/lesson-type';

/** One run of a learner's (or a solution's) files against a lesson's checks. */
export interface RunRequest {
  lessonType: LessonType;
  files: { name: string; content: string }[];
  checks: Check[];
  seed?: string | null;
  /** A second data set (SQL) the same statements also run on, for checks with `data: check`. */
  checkSeed?: string | null;
  /** Lines handed to input(), in order. */
  stdin?: string[];
  timeoutMs?: number;
}

export interface RunError {
  type: string;
  message: string;
  line: number | null;
  file: string | null;
}

export interface CheckResult {
  index: number;
  type: Check['type'];
  passed: boolean;
  /** The check's own message when it failed (what to change), null when it passed. */
  message: string | null;
  /** What exactly differs, when the check can tell (an SQL result's columns, rows or order). */
  detail?: string | null;
  /** When it passed: what it checked, in a few words ("Uses a for loop"), instead of "Check passed". */
  label?: string;
}

export type RunResult =
  | {
      status: 'ran';
      passed: boolean;
      output: string;
      error: RunError | null;
      timedOut: boolean;
      checks: CheckResult[];
    }
  | { status: 'unsupported'; reason: string };

export type UnsupportedRun = Extract<RunResult, { status: 'unsupported' }>;

export const DEFAULT_TIMEOUT_MS = 5000;

/** Anything that runs a request against its checks: the sandbox on the server, workers in the browser. */
export interface CheckEngine {
  run(request: RunRequest): Promise<RunResult>;
}
