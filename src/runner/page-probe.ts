import { measurePageChecks, type MeasureView, type PageCheck, type PageMeasurement } from './html-page';

/**
 * The player's check probe: measures a learner's page from inside it, where the learner's scripts
 * run too, with references taken before any of them runs.
 *
 * Its script is the page's first (after the storage shim, before any of the learner's) and removes
 * itself, so the page can neither read it nor reach what it keeps. It keeps:
 * - every interface prototype's properties as the browser made them (the real
 *   `querySelectorAll`, `textContent` getter, `getPropertyValue`, `matches`…), `getComputedStyle`
 *   and `Event`: the page's DOM is read only through them (a membrane of proxies), so patching a
 *   DOM method, a prototype or one element changes nothing it measures;
 * - the language's own objects (Object, Array, String, RegExp, Map, Proxy, Reflect, the iterators…):
 *   while it measures they are put back as they were, and the page's changes restored after, around
 *   every step that runs the page's own code (a click, an input event); a change it cannot undo (made
 *   non-configurable) fails every check.
 * The results go to the parent with a nonce the page never sees, so a message the page forges is
 * not believed (html-runtime.ts). (A sandboxed page cannot have a same-origin frame, so there is no
 * cleaner realm to measure from in the player; Chromium on the server measures in an isolated world.)
 */

/**
 * Runs first in the page, before its scripts. Self-contained: its source is written into the
 * page. Returns what the probe's load listener calls for the message.
 */
export function probeRealm(page: Window, checks: PageCheck[], nonce: string, type: string, measure: typeof measurePageChecks) {
  'use strict';
  const getOwn = Reflect.getOwnPropertyDescriptor;
  const ownKeys = Reflect.ownKeys;
  const getProto = Reflect.getPrototypeOf;
  const setProto = Reflect.setPrototypeOf;
  const define = Reflect.defineProperty;
  const remove = Reflect.deleteProperty;
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const ProxyOfPage = Proxy;
  const MapOfPage = Map;
  const WeakMapOfPage = WeakMap;
  const TypeErrorOfPage = TypeError;
  const own = (object: object, key: PropertyKey): unknown => {
    const descriptor = getOwn(object, key);
    return descriptor === undefined ? undefined : getOwn(descriptor, 'value')?.value;
  };
  // Appends without a setter of the page's (an array's index past its end is looked up on Array.prototype).
  const append = <T,>(list: T[], item: T) => define(list, list.length, { __proto__: null, value: item, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);

  // 1. The language's objects, as they are now: put back while measuring.
  const iteratorOf = (value: unknown) => getProto((value as { [Symbol.iterator]: () => object })[Symbol.iterator]());
  const intrinsics: object[] = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype, Symbol.prototype, RegExp.prototype, Map.prototype, WeakMap.prototype, Set.prototype, Error.prototype, TypeError.prototype, Promise.prototype];
  for (const value of [[], '', new Map(), new Set(), /x/g[Symbol.matchAll]('')]) {
    const proto = value instanceof RegExp ? null : iteratorOf(value);
    if (proto) intrinsics.push(proto, getProto(proto) as object);
  }
  intrinsics.push(getProto(/x/g[Symbol.matchAll]('')) as object);
  intrinsics.push(Object, Array, String, Number, Symbol, RegExp, Map, WeakMap, Proxy, Reflect, JSON, Math, Function, Promise, page);
  interface Saved {
    object: object;
    proto: object | null;
    keys: PropertyKey[];
    descriptors: PropertyDescriptor[];
  }
  const saved: Saved[] = [];
  const globalNames = ['Object', 'Array', 'String', 'Number', 'Boolean', 'Symbol', 'RegExp', 'Map', 'WeakMap', 'Set', 'Proxy', 'Reflect', 'JSON', 'Math', 'Function', 'Promise', 'Error', 'TypeError', 'getComputedStyle', 'localStorage', 'Event', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'document'];
  for (let position = 0; position < intrinsics.length; position += 1) {
    const object = intrinsics[position] as object;
    // Of the window, only the language's names (and a few of the page's), not the learner's globals.
    const keys = object === page ? globalNames : ownKeys(object);
    const descriptors: PropertyDescriptor[] = [];
    for (let index = 0; index < keys.length; index += 1) {
      const descriptor = getOwn(object, keys[index] as PropertyKey);
      if (descriptor) setProto(descriptor, null);
      append(descriptors, descriptor as PropertyDescriptor);
    }
    append(saved, { object, proto: getProto(object), keys, descriptors });
  }
  const sameDescriptor = (a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined) =>
    a === b ||
    (a !== undefined &&
      b !== undefined &&
      own(a, 'value') === own(b, 'value') &&
      own(a, 'get') === own(b, 'get') &&
      own(a, 'set') === own(b, 'set') &&
      own(a, 'writable') === own(b, 'writable') &&
      own(a, 'enumerable') === own(b, 'enumerable') &&
      own(a, 'configurable') === own(b, 'configurable'));
  type Undo = [object, PropertyKey | null, PropertyDescriptor | object | null | undefined][];
  // Puts the language's objects back as they were; what it changed, to undo. Null when it cannot.
  const restore = (): Undo | null => {
    const undo: Undo = [];
    for (let position = 0; position < saved.length; position += 1) {
      const entry = saved[position] as Saved;
      const object = entry.object;
      const proto = getProto(object);
      if (proto !== entry.proto) {
        if (!setProto(object, entry.proto)) return null;
        append(undo, [object, null, proto]);
      }
      if (object !== page) {
        // Names the page added: away while measuring (a setter for `0` on Array.prototype, a getter on Object.prototype…).
        const now = ownKeys(object);
        for (let index = 0; index < now.length; index += 1) {
          const key = now[index] as PropertyKey;
          let known = false;
          for (let other = 0; other < entry.keys.length && !known; other += 1) known = entry.keys[other] === key;
          if (known) continue;
          const descriptor = getOwn(object, key);
          if (!remove(object, key)) return null;
          append(undo, [object, key, descriptor]);
        }
      }
      for (let index = 0; index < entry.keys.length; index += 1) {
        const key = entry.keys[index] as PropertyKey;
        const descriptor = getOwn(object, key);
        const original = entry.descriptors[index];
        if (sameDescriptor(descriptor, original)) continue;
        if (original === undefined ? !remove(object, key) : !define(object, key, original)) return null;
        if (descriptor) setProto(descriptor, null);
        append(undo, [object, key, descriptor]);
      }
    }
    return undo;
  };
  // The page's own state again (its globals and changes), for its own code and after measuring.
  const reapply = (undo: Undo) => {
    for (let position = undo.length - 1; position >= 0; position -= 1) {
      const [object, key, descriptor] = undo[position] as Undo[number];
      if (key === null) setProto(object, descriptor as object | null);
      else if (descriptor === undefined) remove(object, key);
      else define(object, key, descriptor as PropertyDescriptor);
    }
  };

  // 2. Every interface prototype of the page's realm, as the browser made it.
  const prototypes = new MapOfPage<object, { properties: Map<PropertyKey, PropertyDescriptor>; parent: object | null }>();
  const remember = (start: unknown) => {
    let proto = start;
    while (proto !== null && typeof proto === 'object' && !prototypes.has(proto)) {
      const properties = new MapOfPage<PropertyKey, PropertyDescriptor>();
      for (const key of ownKeys(proto)) properties.set(key, getOwn(proto, key) as PropertyDescriptor);
      const parent = getProto(proto);
      prototypes.set(proto, { properties, parent });
      proto = parent;
    }
  };
  for (const name of ownKeys(page)) {
    const value: unknown = own(page, name);
    if (typeof value !== 'function') continue;
    const prototype: unknown = own(value, 'prototype');
    if (prototype !== null && typeof prototype === 'object') remember(prototype);
  }
  const computedStyle = own(page, 'getComputedStyle') as Window['getComputedStyle'];
  const EventOfPage = own(page, 'Event') as typeof Event;
  const documentOfPage = page.document;
  const storage = (() => {
    try {
      return page.localStorage;
    } catch {
      return null;
    }
  })();

  // 3. The membrane: the page's objects, read through the remembered prototypes only (a prototype
  // the page made, such as a custom element's class, is stepped over, and so is anything the page
  // set on an object itself).
  let undo: Undo = [];
  let broken = false;
  // After anything that may have run the page's code: the language's objects back as they were.
  const settle = () => {
    const more = restore();
    if (more === null) broken = true;
    else for (let index = 0; index < more.length; index += 1) append(undo, more[index] as Undo[number]);
  };
  const lookup = (target: object, key: PropertyKey): PropertyDescriptor | undefined => {
    let proto: unknown = getProto(target);
    for (let depth = 0; proto !== null && typeof proto === 'object' && depth < 64; depth += 1) {
      const known = prototypes.get(proto);
      if (known) {
        const found = known.properties.get(key);
        if (found) return found;
        proto = known.parent;
      } else proto = getProto(proto);
    }
    return undefined;
  };
  const proxies = new WeakMapOfPage<object, object>();
  const targets = new WeakMapOfPage<object, object>();
  const unwrap = (value: unknown): unknown => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    const target = targets.get(value as object);
    // Nothing of the probe's but primitives is ever handed to the page.
    if (target === undefined) throw new TypeErrorOfPage('Only the page’s own objects go back to it.');
    return target;
  };
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'function') throw new TypeErrorOfPage('The page’s functions are not called.');
      return value;
    }
    const known = proxies.get(value);
    if (known) return known;
    const proxy = new ProxyOfPage(value, handler);
    proxies.set(value, proxy);
    targets.set(proxy, value);
    return proxy;
  };
  // A method of the page's DOM: the browser's own, on the page's object; a method that can run the
  // page's code (events, custom elements) runs with the page's own state, and is settled after.
  const call = (method: (...args: unknown[]) => unknown, target: object, args: unknown[]) => {
    const raw: unknown[] = [];
    for (let index = 0; index < args.length; index += 1) append(raw, unwrap(args[index]));
    reapply(undo);
    undo = [];
    let result: unknown;
    try {
      result = apply(method, target, raw);
    } finally {
      settle();
    }
    if (broken) throw new TypeErrorOfPage('The page changed the language’s own objects for good.');
    return wrap(result);
  };
  const handler: ProxyHandler<object> = {
    get(target, key) {
      const found = lookup(target, key);
      if (found) {
        if (found.get) return wrap(apply(found.get, target, []));
        if (typeof found.value === 'function') {
          const method = found.value as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => call(method, target, args);
        }
        return 'value' in found ? wrap(found.value) : undefined;
      }
      // What the platform puts on the object itself: a list's items by index.
      const ownValue = getOwn(target, key);
      return ownValue && 'value' in ownValue && typeof ownValue.value !== 'function' ? wrap(ownValue.value) : undefined;
    },
    set(target, key, value) {
      const found = lookup(target, key);
      if (!found?.set) return false;
      apply(found.set, target, [unwrap(value)]);
      return true;
    },
    has(target, key) {
      return lookup(target, key) !== undefined || getOwn(target, key) !== undefined;
    },
  };
  const view: MeasureView = {
    getComputedStyle: (element) => wrap(apply(computedStyle, page, [unwrap(element)])) as CSSStyleDeclaration,
    newEvent: (eventType) => wrap(construct(EventOfPage, [eventType, { __proto__: null, bubbles: true }])) as Event,
    savedItems: () => {
      // The page's storage shim (page-storage.ts): what it saved is the page's to say.
      const items: [string, string][] = [];
      try {
        if (!storage) return items;
        reapply(undo);
        undo = [];
        const count = Number(storage.length);
        const read: [unknown, unknown][] = [];
        for (let position = 0; position < count && position < 10_000; position += 1) {
          const key = storage.key(position);
          if (key !== null) append(read, [key, storage.getItem(String(key))]);
        }
        settle();
        if (broken) return [];
        for (const [key, value] of read) items.push([typeof key === 'string' ? key : '', typeof value === 'string' ? value : '']);
      } catch {
        return [];
      }
      return items;
    },
  };
  return (): { type: string; nonce: string; results: [number, boolean][]; resume: PageMeasurement['resume'] } => {
    const first = restore();
    if (first === null) return { type, nonce, results: [], resume: null };
    undo = first;
    broken = false;
    try {
      const measured = measure(wrap(documentOfPage) as Document, view, checks);
      if (broken) return { type, nonce, results: [], resume: null };
      const results: [number, boolean][] = [];
      for (const [index, passed] of measured.results) results.push([index, passed === true]);
      return { type, nonce, results, resume: measured.resume };
    } catch {
      return { type, nonce, results: [], resume: null };
    } finally {
      reapply(undo);
      undo = [];
    }
  };
}

const scriptText = (text: string) => text.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The probe's script element, to go first in the page (buildPageDocument's `probe`). When the page
 * has loaded it posts `{ type, nonce, results, resume }` to its parent.
 */
export function pageProbeScript(checks: PageCheck[], nonce: string, type: string): string {
  // After the page's own load listeners (a page may render then): the next task.
  const boot = `(function(){"use strict";var __name=function(f){return f};var me=document.currentScript;if(me)me.remove();var done=(${probeRealm.toString()})(window,${literal(checks)},${literal(nonce)},${literal(type)},(${measurePageChecks.toString()}));var post=window.parent.postMessage.bind(window.parent),later=window.setTimeout.bind(window);window.addEventListener("load",function(){later(function(){post(done(),"*");},0);},true);})();`;
  return `<script>${scriptText(boot)}</script>`;
}
