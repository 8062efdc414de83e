import { expect, test, type Page } from '@playwright/test';
import { signInTo, typeCode } from './support/course-player';
import { clearEditor, contrastRatio, editorLines, openEditor, typeOnPhone } from './support/code-editor';

/**
 * Issue 11, the editor and the runtimes: closing tags and indentation as a beginner types them,
 * the highlight palette's contrast in both themes, the symbol row and wrapping on a phone, Python
 * started ahead by the section and chapter pages with a real progress bar, and the runtime's files
 * served from the browser's cache on a second visit.
 */

const PYTHON_LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const HTML_LESSON = '/web/track/html/tutorial/html-basics/chapter/html-basics-first-page/learn?lesson=0';
const PYTHON_SECTION = '/web/python/section/0';

const pythonReady = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('codetrail:python-ready').length > 0, undefined, { timeout: 90_000 });

async function tokenContrast(page: Page, text: string): Promise<number> {
  const token = page.locator('.cm-line span').filter({ hasText: text }).first();
  await expect(token).toBeVisible();
  const colour = await token.evaluate((element) => getComputedStyle(element).color);
  const background = await page.locator('.cm-editor').first().evaluate((element) => getComputedStyle(element).backgroundColor);
  return contrastRatio(colour, background);
}

for (const viewport of [
  { name: 'desktop', use: {} },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(`typing (${viewport.name})`, () => {
    test.use(viewport.use);

    test('typing a whole heading in an HTML lesson gives exactly one closing tag', async ({ page }) => {
      await signInTo(page, HTML_LESSON, `editor-html-${viewport.name}`);
      await clearEditor(page);
      await page.keyboard.type('<h1>Hi</h1>');
      expect(await editorLines(page)).toEqual(['<h1>Hi</h1>']);
      // The editor still closes a tag the learner leaves open.
      await page.keyboard.press('Enter');
      await page.keyboard.type('<p>');
      expect(await editorLines(page)).toEqual(['<h1>Hi</h1>', '<p></p>']);
    });

    test('a Python lesson indents 4 spaces after a colon', async ({ page }) => {
      await signInTo(page, PYTHON_LESSON, `editor-indent-${viewport.name}`);
      await clearEditor(page);
      await page.keyboard.type('x = 1');
      await page.keyboard.press('Enter');
      await page.keyboard.type('if x:');
      await page.keyboard.press('Enter');
      await page.keyboard.type('print(x');
      expect(await editorLines(page)).toEqual(['x = 1', 'if x:', '    print(x)']);
      // Tab indents here, and the editor says the way out: Escape, then Tab leaves it.
      const editor = page.locator('.cm-content').first();
      await expect(editor).toHaveAccessibleDescription('Tab indents. To leave the editor, press Escape, then Tab.');
      await page.keyboard.press('Tab');
      await expect(editor).toBeFocused();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      await expect(editor).not.toBeFocused();
    });
  });
}

test.describe('highlight contrast', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`strings and keywords reach 4.5:1 in the ${theme} theme`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('codetrail-theme', value), theme);
      await signInTo(page, PYTHON_LESSON, `editor-contrast-${theme}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await clearEditor(page);
      await page.keyboard.insertText('# a note\nfor n in range(3):\n    print("hi", n, True)');
      for (const text of ['"hi"', 'for', '# a note', '3', 'True']) expect(await tokenContrast(page, text), text).toBeGreaterThanOrEqual(4.5);
      await page.locator('.cm-editor').first().screenshot({ path: `test-results/editor-${theme}.png` });
    });
  }
});

test.describe('Python starts ahead and is cached', () => {
  test('the section page starts Python and the lesson reuses it, with a progress bar while it loads', async ({ page }) => {
    await signInTo(page, PYTHON_SECTION, 'runtime-preload');
    // Started by the section page, with no lesson open yet.
    await expect(page.locator('iframe[title="python runtime"]')).toHaveCount(1);
    await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-start').length > 0);
    await page.locator('[data-testid^="chapter-"]').first().click();
    await page.waitForURL('**/learn**');
    // The same frame (no second download) and, while it is still loading, a real progress bar.
    await expect(page.locator('iframe[title="python runtime"]')).toHaveCount(1);
    const badge = page.getByTestId('runtime-status');
    const status = await badge.getAttribute('data-status');
    if (status === 'loading') await expect(badge.getByRole('progressbar', { name: 'Python loading' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await pythonReady(page);
    await expect(badge).toHaveAttribute('data-status', 'ready');
  });

  test('a second visit takes the runtime from the browser cache', async ({ page, context }) => {
    await signInTo(page, PYTHON_LESSON, 'runtime-cache');
    await pythonReady(page);

    const second = await context.newPage();
    // The files are fetched by the app's own download worker, off the page's main thread.
    const workers: string[] = [];
    second.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await second.goto(PYTHON_LESSON);
    await pythonReady(second);
    expect(workers.some((path) => /^\/vendor\/runtime-download\.[0-9a-f]{12}\.js$/.test(path))).toBe(true);
    // What each file cost on the network (Resource Timing in the worker): nothing, from the cache.
    const transfers = await second.evaluate(() =>
      performance
        .getEntriesByName('codetrail:runtime-downloaded')
        .flatMap((mark) => (mark as PerformanceMark).detail as { kind: string; transfers: { path: string; transferSize: number }[] })
        .filter((detail) => detail.kind === 'python')
        .flatMap((detail) => detail.transfers),
    );
    const runtimeFiles = transfers.filter(({ path }) => /pyodide-[\w.]+\/|python-worker\./.test(path));
    expect(runtimeFiles.map(({ path }) => path.replace(/^.*\//, '')).sort()).toEqual(expect.arrayContaining(['pyodide-lock.json', 'pyodide.asm.wasm', 'python_stdlib.zip']));
    expect(runtimeFiles.filter(({ transferSize }) => transferSize !== 0)).toEqual([]);

    const response = await second.request.get(`/vendor/${runtimeFiles[0]?.path}`);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    await clearEditor(second);
    await second.keyboard.insertText('print("from the cache")');
    await second.getByRole('button', { name: 'Run & check' }).click();
    await expect(second.getByRole('log', { name: 'Program output' })).toContainText('from the cache');
  });

  test('with the network cut, Python starts again from the cache and runs', async ({ page, context }) => {
    await signInTo(page, PYTHON_LESSON, 'runtime-offline');
    await pythonReady(page);
    const frames = page.locator('iframe[title="python runtime"]');
    const src = await frames.getAttribute('src');
    expect(src).toMatch(/^\/api\/sandbox\/python\?v=[0-9a-f]{12}$/);
    expect((await page.request.get(src ?? '')).headers()['cache-control']).toBe('private, max-age=31536000, immutable');
    const first = await frames.elementHandle();

    await context.setOffline(true);
    // One call that never returns (Python's own line-by-line time limit cannot stop it): at the
    // hard limit the page removes the frame and its worker...
    await typeCode(page, 'print(sum(range(10**15)))');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ran for too long' })).toBeVisible({ timeout: 60_000 });
    // ...so the next run starts Python from nothing, offline: the sandbox document, the worker and
    // Pyodide's files can only come from the browser's cache.
    await typeCode(page, 'for n in range(3):\n    print("offline", n)');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('log', { name: 'Program output' })).toHaveText(/offline 0\s*offline 1\s*offline 2/, { timeout: 60_000 });
    // It ran in a new frame: the first one was removed at the time limit.
    expect(await first?.evaluate((frame) => frame.isConnected)).toBe(false);
    await expect(frames).toHaveCount(1);
    await context.setOffline(false);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a ten-line Python program typed with the symbol row runs; long lines wrap', async ({ page }) => {
    await signInTo(page, PYTHON_LESSON, 'editor-phone');
    const row = page.getByRole('group', { name: 'Code symbols' });
    await expect(row).toBeVisible();
    for (const button of await row.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await clearEditor(page);
    const program = [
      'names = ["Ada", "Grace", "Linus"]',
      'total = 0',
      'for name in names:',
      'total = total + len(name)',
      'print("Hello,", name)',
      '\bprint("Letters:", total)',
      'if total > 10:',
      'print("Long names!")',
      '\bprint("Done")',
      '# the end of a ten-line program with a comment long enough to need wrapping on a phone',
    ].join('\n');
    const taps = await typeOnPhone(page, program);
    expect(taps).toBeGreaterThan(20);
    const lines = await editorLines(page);
    expect(lines).toHaveLength(10);
    expect(lines[3]).toBe('    total = total + len(name)');
    expect(lines[5]).toBe('print("Letters:", total)');
    // The editor keeps the focus through the taps, and nothing scrolls sideways.
    await expect(page.locator('.cm-editor.cm-focused')).toHaveCount(1);
    const scroller = page.locator('.cm-scroller').first();
    expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);

    await page.screenshot({ path: 'test-results/editor-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Run & check' }).tap();
    const output = page.getByRole('log', { name: 'Program output' });
    await expect(output).toContainText('Hello, Ada', { timeout: 90_000 });
    await expect(output).toContainText('Letters: 13');
    await expect(output).toContainText('Long names!');
    await expect(output).toContainText('Done');
  });
});

test('the symbol row is not shown with a mouse on a wide screen', async ({ page }) => {
  await signInTo(page, PYTHON_LESSON, 'editor-desktop-row');
  await openEditor(page);
  await expect(page.getByRole('group', { name: 'Code symbols' })).toBeHidden();
});

test('the editor’s files come down after the page has loaded, and the editor then opens with the network cut', async ({ page, context }) => {
  await signInTo(page, PYTHON_LESSON, 'editor-prefetch');
  // Not in the server's HTML: there the browser would fetch them while the page itself arrives.
  const html = await (await page.request.get(PYTHON_LESSON)).text();
  expect(html).toContain('Every program needs a way to talk to you');
  expect(html).not.toContain('rel="prefetch"');
  // After the load event and an idle moment, the page asks for them.
  const prefetched = page.locator('head link[rel="prefetch"][as="script"]');
  await expect(prefetched.first()).toBeAttached({ timeout: 30_000 });
  const hrefs = await prefetched.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.every((href) => /^\/_next\/static\/chunks\/[\w.-]+\.js$/.test(href))).toBe(true);
  await page.waitForFunction(
    (wanted) => wanted.every((href) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(href) && (entry as PerformanceResourceTiming).responseEnd > 0)),
    hrefs,
    { timeout: 30_000 },
  );
  // Offline from here: the editor is built from what the prefetch brought.
  await context.setOffline(true);
  await openEditor(page);
  await expect(page.locator('.cm-editor').first()).toBeVisible();
  await context.setOffline(false);
});
