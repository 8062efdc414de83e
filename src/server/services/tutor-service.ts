import { z } from 'zod';

/**
 * The optional AI tutor: phrases help for a failed check through an OpenAI-compatible chat
 * completions endpoint, grounded only in facts the player already has (the lesson, the failed
 * checks' own messages, the learner's code, output and error). Without configuration the player
 * uses its built-in explanations and hints, fully offline.
 */

export interface TutorConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface TutorFacts {
  lessonTitle: string;
  explanation: string;
  files: { name: string; content: string }[];
  output: string;
  error: string | null;
  failedChecks: string[];
}

/** `message` is for the learner; `detail` (the model's status, a network error) is for the server log only. */
export class TutorUnavailableError extends Error {
  override name = 'TutorUnavailableError';
  constructor(
    message: string,
    readonly detail: unknown,
  ) {
    super(message);
  }
}

const NOT_ANSWERING = 'The tutor is not answering right now. Try again in a moment; the lesson’s hints still help.';
const UNREADABLE = 'The tutor’s answer could not be read. Try again in a moment; the lesson’s hints still help.';

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const SYSTEM_PROMPT = [
  'You are the tutor of Codetrail, a learn-to-code platform for beginners.',
  'Explain in at most three short sentences why the learner\'s code fails the named check and what to look at next.',
  'Use only the facts given. Never write the corrected code or the full answer; point to the line or idea instead.',
  'Be warm and concrete.',
].join(' ');

export function buildTutorMessages(facts: TutorFacts) {
  const code = facts.files.map((file) => `--- ${file.name}\n${file.content.slice(0, 4000)}`).join('\n');
  const user = [
    `Lesson: ${facts.lessonTitle}`,
    `What the lesson teaches: ${facts.explanation.slice(0, 1500)}`,
    `Failed checks: ${facts.failedChecks.join(' | ') || 'none'}`,
    `Error: ${facts.error ?? 'none'}`,
    `Output:\n${facts.output.slice(0, 2000) || '(nothing)'}`,
    `Learner's code:\n${code}`,
  ].join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

export async function askTutor(config: TutorConfig, facts: TutorFacts, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({ model: config.model, messages: buildTutorMessages(facts), temperature: 0.2, max_tokens: 200 }),
    signal: AbortSignal.timeout(config.timeoutMs),
  }).catch((error: unknown) => {
    throw new TutorUnavailableError(NOT_ANSWERING, error);
  });
  if (!response.ok) throw new TutorUnavailableError(NOT_ANSWERING, `the tutor model answered ${response.status}`);
  const parsed = completionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new TutorUnavailableError(UNREADABLE, 'the tutor model sent an answer of another shape');
  const text = parsed.data.choices[0]?.message.content.trim() ?? '';
  if (!text) throw new TutorUnavailableError(UNREADABLE, 'the tutor model sent an empty answer');
  return text.slice(0, 1200);
}
