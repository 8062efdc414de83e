import { expect, test, type Page, type Request } from '@playwright/test';
import { signInTo, typeCode } from './support/course-player';

/**
 * Learner code typed into the real lesson player tries to reach what an attacker wants (the
 * Firebase refresh token in IndexedDB, drafts, localStorage, cookies, the API with the learner's
 * token, the app's window). Each test shows the learner sees the refusal AND that nothing
 * happened: no request reached /api, nothing was written to the app's storage. Each network
 * check has a positive control from the same code (an allowed /vendor or /course-assets request
 * that must be seen), which proves the request log covers that frame or worker.
 */

const JS_LESSON = '/web/track/javascript/tutorial/js-basics/chapter/js-basics-first-steps/learn?lesson=0';
const PYTHON_LESSON = '/web/track/python/tutorial/python-basics/chapter/python-basics-first-steps/learn?lesson=0';
const HTML_LESSON = '/web/track/html/tutorial/html-basics/chapter/html-basics-first-page/learn?lesson=0';

/** Every request the page, its frames and their workers make, from now on. */
function watchRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

const urlsWith = (requests: Request[], marker: string) => requests.map((request) => request.url()).filter((url) => url.includes(marker));

/**
 * Chromium may report a request its policy blocked (DevTools shows "blocked:csp"); such a request
 * never leaves the browser: it has no response and fails as blocked.
 */
async function attacksThatLeftTheBrowser(requests: Request[]): Promise<string[]> {
  const left: string[] = [];
  for (const request of requests.filter((candidate) => candidate.url().includes('attack='))) {
    const response = await request.response();
    const failure = request.failure()?.errorText ?? 'no failure';
    if (response || !/csp/i.test(failure)) left.push(`${request.url()} (${response ? `answered ${response.status()}` : failure})`);
  }
  return left;
}

/** What the app itself (the lesson page's own origin) has in storage. */
async function appStorage(page: Page) {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((database) => database.name),
    localStorage: Object.keys(localStorage),
    cookie: document.cookie,
  }));
}

function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

test.describe('learner code runs in an opaque-origin sandbox', () => {
  test.setTimeout(120_000);

  test('JavaScript: storage, cookies, the API and the app window are all out of reach', async ({ page }) => {
    await signInTo(page, JS_LESSON, 'sandbox-js');
    const origin = originOf(page);
    const before = await appStorage(page);
    expect(before.databases, 'the app keeps the Firebase session in IndexedDB').toContain('firebaseLocalStorageDb');
    const requests = watchRequests(page);

    await typeCode(
      page,
      [
        `const origin = ${JSON.stringify(origin)};`,
        'function attempt(name, action) {',
        '  try { console.log(name + " ALLOWED " + action()); } catch (error) { console.log(name + " refused: " + error.name); }',
        '}',
        'function get(url) { const request = new XMLHttpRequest(); request.open("GET", url, false); request.send(); return request.status + " " + request.responseText.slice(0, 80); }',
        'attempt("indexedDB", () => indexedDB.open("firebaseLocalStorageDb"));',
        'attempt("indexedDB write", () => indexedDB.open("codetrail-attack"));',
        'attempt("localStorage", () => localStorage.getItem("codetrail-attack"));',
        'attempt("cookie", () => document.cookie);',
        'attempt("parent.document", () => parent.document.title);',
        'attempt("top.location", () => top.location.href);',
        'attempt("api relative", () => get("/api/v1/user/me?attack=js-xhr"));',
        'attempt("api absolute", () => get(origin + "/api/v1/user/me?attack=js-xhr"));',
        'fetch("/api/v1/user/me?attack=js-fetch-relative").catch(() => undefined);',
        'fetch(origin + "/api/v1/user/me?attack=js-fetch").catch(() => undefined);',
        'fetch(origin + "/vendor/pyodide/pyodide-lock.json?control=js-fetch").catch(() => undefined);',
        'console.log("done");',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Run & check' }).click();
    const output = page.getByRole('log', { name: 'Program output' });
    await expect(output).toContainText('done', { timeout: 30_000 });

    // What the learner sees: each attempt refused, by the browser, with its reason.
    await expect(output).toContainText('indexedDB refused: SecurityError');
    await expect(output).toContainText('indexedDB write refused: SecurityError');
    // A worker has no localStorage, document, parent or top at all.
    await expect(output).toContainText('localStorage refused: ReferenceError');
    await expect(output).toContainText('cookie refused: ReferenceError');
    await expect(output).toContainText('parent.document refused: ReferenceError');
    await expect(output).toContainText('top.location refused: ReferenceError');
    // A relative URL has no base in a data: worker; an absolute one is refused by the frame's policy.
    await expect(output).toContainText('api relative refused: SyntaxError');
    await expect(output).toContainText('api absolute refused: NetworkError');
    await expect(output).not.toContainText('ALLOWED');

    // Nothing happened: the controls were seen, the attacks never left the browser.
    await expect.poll(() => urlsWith(requests, 'control=js-fetch').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await attacksThatLeftTheBrowser(requests)).toEqual([]);
    const after = await appStorage(page);
    expect(after.databases).not.toContain('codetrail-attack');
    expect(after.localStorage).toEqual(before.localStorage);
  });

  test('Python: import js reaches neither IndexedDB, nor localStorage, nor the API, nor does a nested worker', async ({ page }) => {
    await signInTo(page, PYTHON_LESSON, 'sandbox-py');
    const origin = originOf(page);
    const before = await appStorage(page);
    const requests = watchRequests(page);

    await typeCode(
      page,
      [
        'import js',
        `origin = ${JSON.stringify(origin)}`,
        'def attempt(name, action):',
        '    try:',
        '        print(name, "ALLOWED", action())',
        '    except Exception as error:',
        '        print(name, "refused:", type(error).__name__, str(error).splitlines()[0][:120])',
        'def get(url):',
        '    request = js.XMLHttpRequest.new()',
        '    request.open("GET", url, False)',
        '    request.send()',
        '    return request.status',
        'attempt("indexedDB", lambda: js.indexedDB.open("firebaseLocalStorageDb"))',
        'attempt("localStorage", lambda: js.localStorage.getItem("codetrail-attack"))',
        'attempt("document", lambda: js.document.cookie)',
        'attempt("api", lambda: get(origin + "/api/v1/user/me?attack=py-xhr"))',
        'js.fetch(origin + "/api/v1/user/me?attack=py-fetch")',
        'js.fetch(origin + "/vendor/pyodide/pyodide-lock.json?control=py-fetch")',
        // A nested worker lives on beside the warm Python worker: it tries the same, and fetches a control.
        'nested = "".join([',
        '    f"fetch(\'{origin}/api/v1/user/me?attack=nested-worker\').catch(() => 0);",',
        '    "try { indexedDB.open(\'codetrail-attack-nested\'); } catch (error) {}",',
        '    f"fetch(\'{origin}/vendor/pyodide/pyodide-lock.json?control=nested-worker\').catch(() => 0);",',
        '])',
        'js.Worker.new("data:text/javascript," + js.encodeURIComponent(nested))',
        'print("done")',
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'Run & check' }).click();
    const output = page.getByRole('log', { name: 'Program output' });
    await expect(output).toContainText('done', { timeout: 60_000 });

    await expect(output).toContainText(/indexedDB refused: JsException SecurityError/);
    await expect(output).toContainText('localStorage refused: AttributeError');
    await expect(output).toContainText('document refused: AttributeError');
    await expect(output).toContainText(/api refused: JsException NetworkError/);
    await expect(output).not.toContainText('ALLOWED');

    await expect.poll(() => urlsWith(requests, 'control=py-fetch').length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => urlsWith(requests, 'control=nested-worker').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await attacksThatLeftTheBrowser(requests)).toEqual([]);
    const after = await appStorage(page);
    expect(after.databases.filter((name) => name?.startsWith('codetrail-attack'))).toEqual([]);
    expect(after.localStorage).toEqual(before.localStorage);
  });

  test("HTML: a learner's page script cannot touch the app window, storage, cookies or the API", async ({ page }) => {
    await signInTo(page, HTML_LESSON, 'sandbox-html');
    const origin = originOf(page);
    const requests = watchRequests(page);

    await typeCode(
      page,
      [
        '<ul id="results"></ul>',
        `<img alt="control" src="${origin}/course-assets/puppy.svg?control=page">`,
        '<script>',
        'function show(text) { const item = document.createElement("li"); item.textContent = text; document.getElementById("results").append(item); }',
        'function attempt(name, action) { try { show(name + " ALLOWED " + action()); } catch (error) { show(name + " refused: " + error.name); } }',
        'attempt("indexedDB", () => indexedDB.open("codetrail-attack"));',
        // The page has a localStorage of its own (page-storage.ts): the app's keys are not in it.
        'localStorage.setItem("codetrail-attack", "1");',
        'show("page storage holds: [" + Object.keys(localStorage).join(",") + "]");',
        'attempt("parent.localStorage", () => parent.localStorage.length);',
        'attempt("cookie", () => { document.cookie = "codetrail_attack=1"; return document.cookie; });',
        'attempt("parent.document", () => parent.document.title);',
        'attempt("top.location", () => top.location.href);',
        'attempt("top.document", () => top.document.cookie);',
        // Workers: none may start in a learner's page (worker-src 'none'), whatever the URL.
        'const nested = "fetch(\'/api/v1/user/me?attack=page-worker\')";',
        'for (const [name, url] of [["data: worker", "data:text/javascript," + nested], ["blob: worker", URL.createObjectURL(new Blob([nested]))]]) {',
        '  try { new Worker(url).onerror = () => show(name + " refused: error event"); } catch (error) { show(name + " refused: " + error.name); }',
        '}',
        `fetch("/api/v1/user/me?attack=page-relative").then(() => show("fetch relative ALLOWED"), (error) => show("fetch relative refused: " + error.name));`,
        `fetch("${origin}/api/v1/user/me?attack=page").then(() => show("fetch absolute ALLOWED"), (error) => show("fetch absolute refused: " + error.name));`,
        '</script>',
      ].join('\n'),
    );
    const preview = page.frameLocator('iframe[title="Preview of your page"]').frameLocator('iframe[title="Your page"]');
    const results = preview.locator('#results');
    await expect(results).toContainText('fetch absolute refused: TypeError');
    await expect(results).toContainText('fetch relative refused: TypeError');
    await expect(results).toContainText('indexedDB refused: SecurityError');
    await expect(results).toContainText('page storage holds: [codetrail-attack]');
    await expect(results).toContainText('parent.localStorage refused: SecurityError');
    await expect(results).toContainText('cookie refused: SecurityError');
    await expect(results).toContainText('parent.document refused: SecurityError');
    await expect(results).toContainText('top.location refused: SecurityError');
    await expect(results).toContainText('top.document refused: SecurityError');
    await expect(results).toContainText('data: worker refused');
    await expect(results).toContainText('blob: worker refused');
    await expect(results).not.toContainText('ALLOWED');

    expect(urlsWith(requests, 'control=page').length).toBeGreaterThan(0);
    expect(await attacksThatLeftTheBrowser(requests)).toEqual([]);
    const after = await appStorage(page);
    expect(after.databases).not.toContain('codetrail-attack');
    expect(after.localStorage).not.toContain('codetrail-attack');
    // What the page saved is kept by the app as this lesson's data, never as a key of its own.
    // The page's writes reach the app by message, so the app's copy may land a moment later.
    const saved = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('codetrail.pageStorage.')).map((key) => localStorage.getItem(key)));
    await expect.poll(saved).toEqual(['[["codetrail-attack","1"]]']);
    expect(after.cookie).not.toContain('codetrail_attack');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('codetrail_attack');
  });

  test("Pyodide's files and the Python worker are fetched by the page (which the HTTP cache serves) and handed to the sandbox", async ({ page }) => {
    const requests = watchRequests(page);
    await signInTo(page, PYTHON_LESSON, 'sandbox-files');
    await page.waitForFunction(() => performance.getEntriesByName('codetrail:python-ready').length > 0, undefined, { timeout: 60_000 });
    for (const file of [/\/vendor\/pyodide-[\w.]+\/pyodide\.asm\.wasm$/, /\/vendor\/pyodide-[\w.]+\/python_stdlib\.zip$/, /\/vendor\/pyodide-[\w.]+\/pyodide-lock\.json$/, /\/vendor\/python-worker\.[0-9a-f]{12}\.mjs$/]) {
      const fetched = requests.filter((request) => file.test(new URL(request.url()).pathname));
      // Once, by the lesson page itself: a sandbox frame's own requests would carry Origin: null.
      expect(fetched.map((request) => request.headers()['origin'] ?? 'same-origin'), String(file)).toEqual(['same-origin']);
    }
    // Pyodide's loader and emscripten module are bundled into the worker: the sandbox imports nothing.
    expect(requests.filter((request) => /pyodide(\.asm)?\.mjs$/.test(request.url()))).toEqual([]);
  });

  test('a JavaScript run that never ends is stopped by removing its frame, and the next run works', async ({ page }) => {
    await signInTo(page, JS_LESSON, 'sandbox-loop');
    const frames = page.locator('iframe[title="javascript runtime"]');
    await expect(frames).toHaveCount(1);
    expect(await frames.getAttribute('src')).toMatch(/^\/api\/sandbox\/javascript\?v=[0-9a-f]{12}$/);
    expect(await frames.getAttribute('sandbox')).toBe('allow-scripts');
    const first = await frames.elementHandle();

    await typeCode(page, 'console.log("spinning");\nwhile (true) {}');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ran for too long' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('log', { name: 'Program output' })).toContainText('spinning');

    await typeCode(page, 'console.log("Hello, world!");');
    await page.getByRole('button', { name: 'Run & check' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 30_000 });
    // The stuck frame was removed (with its worker); a fresh one ran the second program.
    expect(await first?.evaluate((frame) => frame.isConnected)).toBe(false);
    await expect(frames).toHaveCount(1);
  });
});
