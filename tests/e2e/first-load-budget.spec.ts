import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { firstLoadFiles, firstLoadJsKb, LESSON_FIRST_LOAD_BUDGET_KB, LESSON_ROUTE } from '../../scripts/lib/first-load';

/**
 * Issue 16: the product team's tools never cost a learner speed. With experiments, analytics,
 * consent, monitoring and the engineer's tools in the app, the lesson page's first-load JS (from
 * the production build this run serves) stays within its budget, and none of those libraries is
 * in it: each is a chunk of its own, loaded later and only when needed.
 */
test('the lesson page\'s first-load JS stays within its budget, without the consent, analytics or monitoring libraries', () => {
  const kb = firstLoadJsKb(LESSON_ROUTE);
  test.info().annotations.push({ type: 'first-load JS', description: `${kb.toFixed(1)} KB gzip (budget ${LESSON_FIRST_LOAD_BUDGET_KB} KB)` });
  expect(kb).toBeLessThanOrEqual(LESSON_FIRST_LOAD_BUDGET_KB);
  const code = firstLoadFiles(LESSON_ROUTE)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // vanilla-cookieconsent, mixpanel-browser and the Sentry SDK, by strings only their code holds.
  expect(code).not.toContain('cc--anim');
  expect(code).not.toContain('mixpanel');
  expect(code).not.toContain('__SENTRY__');
});
