type ClassValue = string | false | null | undefined;

/** Joins truthy class names with a space (a tiny, dependency-free `clsx`). */
export function cx(...values: ClassValue[]): string {
  return values.filter(Boolean).join(' ');
}
