/**
 * What keeps a JavaScript lesson's checks out of the learner's reach, in the browser worker (the
 * learner's code shares the worker's realm) and in Node (a vm context per run):
 *
 * - `intrinsics`: the built-in functions the checks and the console capture use, taken when this
 *   module loads (before any learner code exists) and called without looking anything up on the
 *   objects they act on, so `Array.prototype.join = …` changes nothing they do.
 * - `snapshotRealm`: the learner realm's built-ins as they were before the program ran; `restore()`
 *   puts them back (after the program, before each check), so a check's `names.join(", ")` or
 *   `JSON.stringify(…)` means what it says. What cannot be put back (a property made read-only and
 *   permanent) is named, and the run fails.
 * - `watchBuiltinCalls`: wraps the built-ins of a name (every `reduce` the realm has) so a call
 *   through any alias, `call`, `apply` or a computed name is seen.
 *
 * Only ECMAScript's own built-ins are read, and only the learner's realm (the vm context, or the
 * sandboxed worker) is ever written to: no library's internals and none of this process's own
 * prototypes are touched. The references are the "primordials" pattern Node's own code uses.
 */

const bind = Function.prototype.bind;
const call = Function.prototype.call;
/** `uncurry(Array.prototype.join)(list, ", ")`: the method as it is now, called on anything. */
const uncurry = bind.bind(call) as <T extends (...args: never[]) => unknown>(method: T) => (self: unknown, ...args: Parameters<T>) => ReturnType<T>;
const getter = (prototype: object, name: string) => uncurry(Object.getOwnPropertyDescriptor(prototype, name)!.get! as () => unknown);

export const intrinsics = {
  String,
  isArray: Array.isArray,
  join: uncurry(Array.prototype.join),
  push: uncurry(Array.prototype.push),
  slice: uncurry(Array.prototype.slice) as (list: unknown, start?: number, end?: number) => unknown[],
  map: uncurry(Array.prototype.map) as <T>(list: unknown, fn: (item: unknown) => T) => T[],
  replace: uncurry(String.prototype.replace as (pattern: RegExp, replacement: string) => string),
  includes: uncurry(String.prototype.includes),
  test: uncurry(RegExp.prototype.test),
  exec: uncurry(RegExp.prototype.exec) as (pattern: RegExp, text: string) => RegExpExecArray | null,
  Error,
  captureStackTrace: (Error as unknown as { captureStackTrace: (target: object, fn?: unknown) => void }).captureStackTrace,
  regexpToString: uncurry(RegExp.prototype.toString),
  symbolToString: uncurry(Symbol.prototype.toString),
  dateGetTime: uncurry(Date.prototype.getTime),
  dateToISOString: uncurry(Date.prototype.toISOString),
  mapSize: getter(Map.prototype, 'size') as (map: unknown) => number,
  mapForEach: uncurry(Map.prototype.forEach as (fn: (value: unknown, key: unknown) => void) => void),
  setSize: getter(Set.prototype, 'size') as (set: unknown) => number,
  setForEach: uncurry(Set.prototype.forEach as (fn: (value: unknown) => void) => void),
  objectIs: Object.is,
  keys: Object.keys,
  getPrototypeOf: Object.getPrototypeOf,
  getOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
  ownKeys: Reflect.ownKeys,
  defineProperty: Reflect.defineProperty,
  deleteProperty: Reflect.deleteProperty,
  setPrototypeOf: Reflect.setPrototypeOf,
  apply: Reflect.apply,
  hasOwn: Object.hasOwn,
  stringify: JSON.stringify,
  Set,
  Map,
  setAdd: uncurry(Set.prototype.add),
  setHas: uncurry(Set.prototype.has),
  setDelete: uncurry(Set.prototype.delete),
  mapGet: uncurry(Map.prototype.get),
  mapSet: uncurry(Map.prototype.set),
};
const I = intrinsics;

/** Whether a value is really a Date (a brand check, true across realms and whatever the program patched). */
export function isDate(value: object): boolean {
  try {
    I.dateGetTime(value);
    return true;
  } catch {
    return false;
  }
}

/** The same for Map, Set and RegExp. */
export function brandOf(value: object): 'map' | 'set' | 'regexp' | 'date' | null {
  if (isDate(value)) return 'date';
  for (const [brand, probe] of [
    ['map', I.mapSize],
    ['set', I.setSize],
    ['regexp', I.regexpToString],
  ] as const) {
    try {
      if (brand === 'regexp') {
        // RegExp.prototype.toString is generic: the brand is the `source` getter's.
        regexpSource(value);
      } else probe(value);
      return brand;
    } catch {
      // not this one
    }
  }
  return null;
}
const regexpSource = getter(RegExp.prototype, 'source');

/** The names of the realm's own built-ins a snapshot covers (constructors, namespaces, functions). */
const GLOBAL_NAMES = [
  'Object', 'Function', 'Array', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'Math', 'JSON', 'Reflect', 'Date',
  'RegExp', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'Proxy', 'Error', 'TypeError', 'RangeError', 'SyntaxError',
  'ReferenceError', 'EvalError', 'URIError', 'ArrayBuffer', 'DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray',
  'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array',
  'BigUint64Array', 'Intl', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent',
  'encodeURI', 'decodeURI', 'globalThis', 'Infinity', 'NaN', 'undefined', 'structuredClone', 'queueMicrotask',
  'setTimeout', 'clearTimeout', 'Iterator',
] as const;

/** The globals checks may name, handed to each check as parameters so a program's `let JSON = …` cannot stand in. */
export const CHECK_GLOBALS = ['Object', 'Array', 'String', 'Number', 'Boolean', 'Symbol', 'Math', 'JSON', 'Reflect', 'Map', 'Set', 'Date', 'RegExp', 'Error', 'isNaN', 'parseInt', 'parseFloat'] as const;

type Saved = { target: object; prototype: object | null; properties: Map<PropertyKey, PropertyDescriptor> };

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor): boolean {
  if (!a) return false;
  return (
    I.objectIs(a.value, b.value) && a.get === b.get && a.set === b.set && a.writable === b.writable && a.enumerable === b.enumerable && a.configurable === b.configurable
  );
}

function describeKey(owner: string, key: PropertyKey): string {
  return `${owner}.${typeof key === 'symbol' ? `[${I.symbolToString(key)}]` : I.String(key)}`;
}

export interface RealmSnapshot {
  /** Puts every built-in back; null when all is as before, else what could not be put back. */
  restore(): string | null;
  /** Whether anything differs from the snapshot (a check's call into the program changed a built-in). */
  changed(): boolean;
  /** The built-ins as they were, by name, for the checks' parameters. */
  globals: Readonly<Record<string, unknown>>;
}

/**
 * Takes the built-ins of the realm whose global object is `global`, before the program runs. Call
 * with the realm's own global (the worker's `self`, a vm context's `globalThis`).
 */
export function snapshotRealm(global: Record<string, unknown>): RealmSnapshot {
  const saved: { owner: string; entry: Saved }[] = [];
  const seen = new I.Set<object>();
  const take = (owner: string, target: unknown) => {
    if ((typeof target !== 'object' && typeof target !== 'function') || target === null || I.setHas(seen, target)) return;
    I.setAdd(seen, target);
    const properties = new I.Map<PropertyKey, PropertyDescriptor>();
    const keys = I.ownKeys(target);
    for (let i = 0; i < keys.length; i++) I.mapSet(properties, keys[i]!, I.getOwnPropertyDescriptor(target, keys[i]!)!);
    I.push(saved, { owner, entry: { target, prototype: I.getPrototypeOf(target) as object | null, properties } });
  };
  const globals: Record<string, unknown> = {};
  const globalDescriptors = new I.Map<string, PropertyDescriptor | undefined>();
  for (let g = 0; g < GLOBAL_NAMES.length; g++) {
    const name = GLOBAL_NAMES[g]!;
    const descriptor = I.getOwnPropertyDescriptor(global, name);
    I.mapSet(globalDescriptors, name, descriptor);
    const value = descriptor && 'value' in descriptor ? descriptor.value : undefined;
    globals[name] = value;
    if (name === 'globalThis') continue;
    take(name, value);
    if (typeof value === 'function' && value !== null) take(`${name}.prototype`, (value as { prototype?: unknown }).prototype);
  }
  // The prototypes no global names: iterators, generators, async functions, typed arrays.
  const evaluate = global.eval as ((code: string) => unknown) | undefined;
  if (typeof evaluate === 'function') {
    try {
      const hidden = evaluate(
        '(() => { const p = Object.getPrototypeOf; const gen = function* () {}; return [p([][Symbol.iterator]()), p(p([][Symbol.iterator]())), p(""[Symbol.iterator]()), p(new Map().entries()), p(new Set().values()), p(gen), p(gen.prototype), p(async function () {}), p(Int8Array), p(Int8Array.prototype)]; })()',
      ) as unknown[];
      for (let i = 0; i < hidden.length; i++) take('a built-in prototype', hidden[i]);
    } catch {
      // A realm without eval keeps the named ones.
    }
  }

  function differs(): boolean {
    for (let s = 0; s < saved.length; s++) {
      const { entry } = saved[s]!;
      if (I.getPrototypeOf(entry.target) !== entry.prototype) return true;
      const now = I.ownKeys(entry.target);
      if (now.length !== I.mapSize(entry.properties)) return true;
      for (let i = 0; i < now.length; i++) {
        const before = I.mapGet(entry.properties, now[i]!) as PropertyDescriptor | undefined;
        if (!before || !sameDescriptor(I.getOwnPropertyDescriptor(entry.target, now[i]!), before)) return true;
      }
    }
    for (let g = 0; g < GLOBAL_NAMES.length; g++) {
      const name = GLOBAL_NAMES[g]!;
      const before = I.mapGet(globalDescriptors, name) as PropertyDescriptor | undefined;
      const now = I.getOwnPropertyDescriptor(global, name);
      if (before ? !sameDescriptor(now, before) : now !== undefined) return true;
    }
    return false;
  }

  return {
    globals,
    changed: differs,
    restore() {
      if (!differs()) return null;
      let failed: string | null = null;
      for (let s = 0; s < saved.length; s++) {
        const { owner, entry } = saved[s]!;
        const { target, properties } = entry;
        if (I.getPrototypeOf(target) !== entry.prototype && !I.setPrototypeOf(target, entry.prototype)) failed ??= owner;
        const now = I.ownKeys(target);
        for (let i = 0; i < now.length; i++) {
          if (!I.mapGet(properties, now[i]!) && !I.deleteProperty(target, now[i]!)) failed ??= describeKey(owner, now[i]!);
        }
        I.mapForEach(properties, (value, key) => {
          const descriptor = value as PropertyDescriptor;
          if (!sameDescriptor(I.getOwnPropertyDescriptor(target, key as PropertyKey), descriptor) && !I.defineProperty(target, key as PropertyKey, descriptor)) {
            failed ??= describeKey(owner, key as PropertyKey);
          }
        });
      }
      I.mapForEach(globalDescriptors, (value, key) => {
        const descriptor = value as PropertyDescriptor | undefined;
        const name = key as string;
        const now = I.getOwnPropertyDescriptor(global, name);
        if (descriptor ? sameDescriptor(now, descriptor) : now === undefined) return;
        const ok = descriptor ? I.defineProperty(global, name, descriptor) : I.deleteProperty(global, name);
        if (!ok) failed ??= name;
      });
      return failed;
    },
  };
}

/**
 * Replaces every built-in function called `name` on the realm's built-ins (Array.prototype.reduce,
 * Math.max, parseInt…) with one that tells `onCall` and then does the same. Put back by the
 * snapshot's restore (take the snapshot first). Returns whether the realm has a built-in of that name.
 */
export function watchBuiltinCalls(global: Record<string, unknown>, name: string, onCall: () => void): boolean {
  let found = false;
  const owners: unknown[] = [global];
  for (let g = 0; g < GLOBAL_NAMES.length; g++) {
    const value = I.getOwnPropertyDescriptor(global, GLOBAL_NAMES[g]!)?.value as unknown;
    if ((typeof value === 'object' || typeof value === 'function') && value !== null && value !== global) {
      I.push(owners, value);
      const prototype = (value as { prototype?: unknown }).prototype;
      if (typeof prototype === 'object' && prototype !== null) I.push(owners, prototype);
    }
  }
  for (let o = 0; o < owners.length; o++) {
    const owner = owners[o];
    const descriptor = I.getOwnPropertyDescriptor(owner as object, name);
    const original = descriptor?.value as unknown;
    if (!descriptor || typeof original !== 'function' || !descriptor.configurable) continue;
    const watched = {
      [name](this: unknown, ...args: unknown[]) {
        onCall();
        return I.apply(original as (...args: unknown[]) => unknown, this, args);
      },
    }[name]!;
    I.defineProperty(watched, 'length', { value: (original as { length: number }).length });
    if (I.defineProperty(owner as object, name, { ...descriptor, value: watched })) found = true;
  }
  return found;
}
