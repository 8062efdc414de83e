export const ROLES = ['course_engineer'] as const;
export type Role = (typeof ROLES)[number];
export const COURSE_ENGINEER: Role = 'course_engineer';

/** The `roles` custom claim as a clean list of strings, whatever shape the token carried. */
export function rolesFromClaims(claims: Record<string, unknown>): string[] {
  const roles = claims.roles;
  if (!Array.isArray(roles)) return [];
  return roles.filter((role): role is string => typeof role === 'string' && role.length > 0);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
