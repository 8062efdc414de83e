import { describeUnstorableCharacter, findUnstorableCharacter, type UnstorableCharacter } from '@/domain/text/unstorable-characters';
import { HttpError } from './http-error';

/**
 * The API edge's one check for text the database cannot store (NUL, lone surrogates), run on
 * every query and body before any schema or service sees them, so no endpoint can forget it.
 */

export interface UnstorableInput {
  path: (string | number)[];
  found: UnstorableCharacter;
  /** The character is in a field's name, not its value. */
  inKey: boolean;
  /** The file's name when the text is a file's content ({ name, userContent }). */
  fileName: string | null;
}

const MAX_NAME_IN_MESSAGE = 100;

function fileNameBeside(parent: Record<string, unknown>, key: string): string | null {
  if (key !== 'userContent' && key !== 'content') return null;
  const name = parent.name;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_IN_MESSAGE || findUnstorableCharacter(name)) return null;
  return name;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

// Paths are rebuilt from parent links only when something is found: copying them at every
// level would make a deeply nested body cost quadratic time.
function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let current: Visit | null = visit; current && current.key !== null; current = current.parent) path.push(current.key);
  return path.reverse();
}

/** The first unstorable character in a parsed JSON value or query, depth first; iterative, so any depth is fine. */
export function findUnstorableInput(value: unknown): UnstorableInput | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      const found = findUnstorableCharacter(current);
      if (!found) continue;
      const owner = visit.parent?.value;
      const fileName = typeof visit.key === 'string' && typeof owner === 'object' && owner !== null && !Array.isArray(owner) ? fileNameBeside(owner as Record<string, unknown>, visit.key) : null;
      return { path: pathOf(visit), found, inKey: false, fileName };
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], key: index, parent: visit });
    } else if (typeof current === 'object' && current !== null) {
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      for (const key of keys) {
        const found = findUnstorableCharacter(key);
        if (found) return { path: pathOf(visit), found, inKey: true, fileName: null };
      }
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        stack.push({ value: record[key], key, parent: visit });
      }
    }
  }
  return null;
}

const fieldName = (where: 'query' | 'body', path: (string | number)[]) => [where, ...path].join('.');

/** The learner's sentence: which field or file, which character, where, and what to do. */
export function unstorableInputMessage(where: 'query' | 'body', input: UnstorableInput): string {
  const character = describeUnstorableCharacter(input.found);
  if (input.inKey) return `A field name in ${fieldName(where, input.path)} contains a character that is not allowed (${character}).`;
  if (input.fileName) return `${input.fileName} contains a character that cannot be saved (${character}) on line ${input.found.line}. Remove it and try again.`;
  const field = fieldName(where, input.path);
  if (where === 'query') return `Invalid ${field}: it contains a character that is not allowed (${character}).`;
  return `${field} contains a character that cannot be saved (${character}) at position ${input.found.index + 1}. Remove it and try again.`;
}

/** 400 for the query (the URL), 422 for a body that parsed but cannot be stored. */
export function refuseUnstorableInput(query: unknown, body: unknown): void {
  const inQuery = findUnstorableInput(query);
  if (inQuery) throw new HttpError(400, unstorableInputMessage('query', inQuery));
  const inBody = findUnstorableInput(body);
  if (inBody) throw new HttpError(422, unstorableInputMessage('body', inBody));
}
