import { brandOf, intrinsics as I } from './javascript-realm';

/**
 * How console.log shows a value, the same in the browser worker and in Node (content:check),
 * following Node's util.inspect for plain data on one line: `[ 1, 'a' ]`, `{ name: 'Ada' }`.
 * Everything here goes through built-ins taken before any learner code ran (javascript-realm.ts),
 * so a program that patches `Array.prototype.join` or `String.prototype.replace` cannot change
 * what its output is recorded as.
 */
export function formatConsoleValue(value: unknown): string {
  return typeof value === 'string' ? value : inspectValue(value, 0, new I.Set());
}

/** One console.log line: its values, formatted, with spaces between. */
export function formatConsoleLine(values: readonly unknown[]): string {
  return I.join(I.map(values, formatConsoleValue), ' ');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  const escaped = I.replace(I.replace(text, /\\/g, '\\\\'), /\n/g, '\\n');
  if (!I.includes(text, "'")) return `'${escaped}'`;
  if (!I.includes(text, '"')) return `"${escaped}"`;
  return `\`${escaped}\``;
}

function inspectValue(value: unknown, depth: number, seen: Set<unknown>): string {
  if (typeof value === 'string') return depth === 0 ? value : quote(value);
  if (typeof value === 'number') return I.objectIs(value, -0) ? '-0' : I.String(value);
  if (typeof value === 'bigint') return `${I.String(value)}n`;
  if (typeof value === 'symbol') return I.symbolToString(value);
  if (value === undefined || value === null || typeof value === 'boolean') return I.String(value);
  if (typeof value === 'function') {
    const name = I.getOwnPropertyDescriptor(value, 'name')?.value as unknown;
    return typeof name === 'string' && name ? `[Function: ${name}]` : '[Function (anonymous)]';
  }
  if (I.setHas(seen, value)) return '[Circular *1]';
  const brand = brandOf(value);
  if (brand === 'date') return I.dateGetTime(value) !== I.dateGetTime(value) ? 'Invalid Date' : I.dateToISOString(value);
  if (brand === 'regexp') return I.regexpToString(value);
  if (isError(value)) return `${I.String((value as Error).name)}: ${I.String((value as Error).message)}`;
  if (depth > 4) return I.isArray(value) ? '[Array]' : '[Object]';
  I.setAdd(seen, value);
  try {
    const inner = (item: unknown) => inspectValue(item, depth + 1, seen);
    if (I.isArray(value)) {
      const length = (value as unknown[]).length;
      if (length === 0) return '[]';
      const shown = I.map(I.slice(value, 0, 100), inner);
      if (length > 100) I.push(shown, `... ${length - 100} more items`);
      return `[ ${I.join(shown, ', ')} ]`;
    }
    if (brand === 'map') {
      const size = I.mapSize(value);
      if (size === 0) return 'Map(0) {}';
      const shown: string[] = [];
      I.mapForEach(value, (item, key) => void I.push(shown, `${inner(key)} => ${inner(item)}`));
      return `Map(${size}) { ${I.join(shown, ', ')} }`;
    }
    if (brand === 'set') {
      const size = I.setSize(value);
      if (size === 0) return 'Set(0) {}';
      const shown: string[] = [];
      I.setForEach(value, (item) => void I.push(shown, inner(item)));
      return `Set(${size}) { ${I.join(shown, ', ')} }`;
    }
    const keys = I.keys(value);
    const prototype = I.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    const constructorName = prototype === null ? null : (I.getOwnPropertyDescriptor(prototype, 'constructor')?.value as { name?: unknown } | undefined)?.name;
    const name = prototype === null ? '[Object: null prototype] ' : typeof constructorName === 'string' && constructorName && constructorName !== 'Object' ? `${constructorName} ` : '';
    if (keys.length === 0) return `${name}{}`;
    const shown = I.map(keys, (key) => `${I.test(IDENTIFIER, key as string) ? (key as string) : quote(key as string)}: ${inner((value as Record<string, unknown>)[key as string])}`);
    return `${name}{ ${I.join(shown, ', ')} }`;
  } finally {
    I.setDelete(seen, value);
  }
}

/** An Error of any realm: its prototype chain reaches a prototype whose constructor is called Error. */
function isError(value: object): boolean {
  let prototype = I.getPrototypeOf(value) as object | null;
  for (let depth = 0; prototype !== null && depth < 10; depth++) {
    const constructor = I.getOwnPropertyDescriptor(prototype, 'constructor')?.value as { name?: unknown } | undefined;
    if (constructor?.name === 'Error') return true;
    prototype = I.getPrototypeOf(prototype) as object | null;
  }
  return false;
}
