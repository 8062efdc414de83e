import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules (what "0 axe violations" means in this project). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Best-practice rules held too: headings descend by one, one main landmark, one h1. */
export const BEST_PRACTICE_RULES = ['heading-order', 'landmark-one-main', 'page-has-heading-one'] as const;

/**
 * One axe pass: the WCAG tags, and the best-practice rules named on top (axe files them outside
 * WCAG, so the tags alone skip them; a rule enabled by name runs whatever its tags, see axe-core's
 * ruleShouldRun). One pass instead of two halves the time axe spends on every checked screen.
 */
export const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: [...AXE_TAGS] },
  rules: Object.fromEntries(BEST_PRACTICE_RULES.map((rule) => [rule, { enabled: true }])),
};

export type Theme = 'light' | 'dark';

export interface FoundViolation {
  rule: string;
  impact: string | null;
  targets: string[];
  summary: string;
}

/**
 * Forces a theme before any page script runs (the app reads `codetrail-theme` from
 * localStorage, see src/ui/theme.ts) and matches the OS colour scheme to it. Reduced motion, so
 * axe measures colours at rest, not half-way through an entrance animation.
 */
export async function forceTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => {
    try {
      window.localStorage.setItem('codetrail-theme', value);
    } catch {
      // Opaque origins (about:blank) have no storage; the app's pages do.
    }
  }, theme);
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
}

/**
 * Best-practice rules a journey can hold on top, for the screens already cleared of them (not yet
 * every screen of the app): same-role landmarks need unique names.
 */
export const EXTRA_RULES = ['landmark-unique'] as const;
export type ExtraRule = (typeof EXTRA_RULES)[number];

/** Runs axe on the page as it is now; returns its violations in a readable shape. */
export async function axeViolations(page: Page, { extraRules = [] }: { extraRules?: readonly ExtraRule[] } = {}): Promise<FoundViolation[]> {
  const options = extraRules.length === 0 ? AXE_OPTIONS : { ...AXE_OPTIONS, rules: { ...AXE_OPTIONS.rules, ...Object.fromEntries(extraRules.map((rule) => [rule, { enabled: true }])) } };
  const results = await new AxeBuilder({ page }).options(options).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? violation.help,
  }));
}

/** One line per violation: rule (impact) on selectors, what failed. */
export function describeViolations(where: string, violations: readonly FoundViolation[]): string {
  return violations.map((v) => `${where}: ${v.rule} (${v.impact}) on ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ` and ${v.targets.length - 5} more` : ''}: ${v.summary}`).join('\n');
}
