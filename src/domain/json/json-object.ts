/**
 * Spec §5: "a check that a value is a JSON object exists". One guard for every reader of a cookie
 * or of browser storage: a plain object (not null, not an array, not a Date or other class), so a
 * reader can look at its fields without throwing, whatever a visitor or an old version wrote there.
 */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Text that should hold a JSON object: the object, or null for anything else (never throws). */
export function parseJsonObject(text: string | null | undefined): JsonObject | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** Text that should hold a JSON value of any kind (a list kept in storage): the value, or undefined. */
export function parseJsonValue(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
