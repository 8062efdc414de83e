import { queryAllByRole } from '@testing-library/react';

/** The ARIA landmark roles (what axe's landmark-unique compares, role by role). */
export const LANDMARK_ROLES = ['banner', 'complementary', 'contentinfo', 'form', 'main', 'navigation', 'region', 'search'] as const;

/**
 * Each landmark role present in `container` with the accessible names of its landmarks, so a test
 * can require that no two landmarks of one role share a name (axe's `landmark-unique`). A section
 * without a name is no landmark, and testing-library leaves it out as the browser does.
 */
export function landmarkNames(container: HTMLElement): Partial<Record<(typeof LANDMARK_ROLES)[number], string[]>> {
  const found: Partial<Record<(typeof LANDMARK_ROLES)[number], string[]>> = {};
  for (const role of LANDMARK_ROLES) {
    const names: string[] = [];
    queryAllByRole(container, role, {
      name: (name) => {
        names.push(name);
        return true;
      },
    });
    if (names.length > 0) found[role] = names;
  }
  return found;
}

/** The names that more than one landmark of the same role carries ("region: Receipts"). */
export function repeatedLandmarkNames(container: HTMLElement): string[] {
  return Object.entries(landmarkNames(container)).flatMap(([role, names]) => [...new Set(names.filter((name, index) => names.indexOf(name) !== index))].map((name) => `${role}: ${name}`));
}
