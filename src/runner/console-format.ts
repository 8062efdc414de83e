/**
 * How console.log shows a value, the same in the browser worker and in Node (content:check),
 * following Node's util.inspect for plain data on one line: `[ 1, 'a' ]`, `{ name: 'Ada' }`.
 */
export function formatConsoleValue(value: unknown): string {
  return typeof value === 'string' ? value : inspectValue(value, 0, new Set());
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  if (!text.includes("'")) return `'${escaped}'`;
  if (!text.includes('"')) return `"${escaped}"`;
  return `\`${escaped}\``;
}

function inspectValue(value: unknown, depth: number, seen: Set<unknown>): string {
  if (typeof value === 'string') return depth === 0 ? value : quote(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (value === undefined || value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'function') return value.name ? `[Function: ${value.name}]` : '[Function (anonymous)]';
  if (seen.has(value)) return '[Circular *1]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  if (value instanceof RegExp) return String(value);
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (depth > 4) return Array.isArray(value) ? '[Array]' : '[Object]';
  seen.add(value);
  try {
    const inner = (item: unknown) => inspectValue(item, depth + 1, seen);
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      const shown = value.slice(0, 100).map(inner);
      if (value.length > 100) shown.push(`... ${value.length - 100} more items`);
      return `[ ${shown.join(', ')} ]`;
    }
    if (value instanceof Map) {
      if (value.size === 0) return 'Map(0) {}';
      return `Map(${value.size}) { ${Array.from(value, ([key, item]) => `${inner(key)} => ${inner(item)}`).join(', ')} }`;
    }
    if (value instanceof Set) {
      if (value.size === 0) return 'Set(0) {}';
      return `Set(${value.size}) { ${Array.from(value, inner).join(', ')} }`;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    const name = prototype === null ? '[Object: null prototype] ' : prototype.constructor?.name && prototype.constructor.name !== 'Object' ? `${prototype.constructor.name} ` : '';
    if (entries.length === 0) return `${name}{}`;
    return `${name}{ ${entries.map(([key, item]) => `${IDENTIFIER.test(key) ? key : quote(key)}: ${inner(item)}`).join(', ')} }`;
  } finally {
    seen.delete(value);
  }
}
