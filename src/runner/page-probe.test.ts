import type { Browser } from '@playwright/test';
import type { Check } from '@/domain/content/model';
import { buildPageDocument, pageChecksOf } from './html-page';
import { chromiumPath } from './node/chromium-html-runner';
import { pageProbeScript } from './page-probe';

/**
 * The player's probe (page-probe.ts) in a real browser, framed as the player frames a learner's
 * page: a sandboxed srcdoc frame under the page frame's policy (inline scripts, no eval, no
 * frames to fetch). Each case is a page that tries to pass checks it does not meet.
 */

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  const { chromium } = await import('@playwright/test');
  browser = await chromium.launch({ executablePath: chromiumPath() ?? undefined, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
});
afterAll(() => browser?.close());

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const TYPE = 'codetrail-page-checks';

/** What reaches the player from one load: the messages the frame posted, and whether each came with the nonce. */
async function load(css: string, body: string, checks: Check[]) {
  const files = [
    { name: 'index.html', content: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="style.css"></head><body>${body}</body></html>` },
    { name: 'style.css', content: css },
  ];
  const nonce = 'n0nce'.repeat(6);
  const html = buildPageDocument(files, [], pageProbeScript(pageChecksOf(checks), nonce, TYPE));
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  try {
    await page.setContent(
      `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-src 'none'; form-action 'none'"><script>window.got=[];addEventListener("message",function(e){got.push({data:e.data,fromPage:e.source===document.querySelector("iframe").contentWindow})});</script><iframe sandbox="allow-scripts allow-forms" style="width:1024px;height:768px;border:0" srcdoc="${escapeAttribute(html)}"></iframe>`,
    );
    // Polled from here: the frame's policy (no eval) forbids waitForFunction's string predicate.
    for (let waited = 0; waited < 20_000; waited += 50) {
      const arrived = (await page.evaluate(`got.some(function(m){return m.data&&m.data.type===${JSON.stringify(TYPE)}&&m.data.nonce===${JSON.stringify(nonce)}})`)) as boolean;
      if (arrived) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const got = (await page.evaluate('got')) as { data: { type?: string; nonce?: string; results?: [number, boolean][] }; fromPage: boolean }[];
    const probe = got.filter((message) => message.fromPage && message.data?.type === TYPE && message.data.nonce === nonce);
    return { verdicts: probe.length === 1 ? (probe[0]?.data.results ?? []).map(([, passed]) => passed) : null, forged: got.filter((message) => message.data?.type === TYPE && message.data.nonce !== nonce).length };
  } finally {
    await page.close();
  }
}

const checks: Check[] = [
  { type: 'css', selector: '.note', property: 'color', value: 'rgb(200, 30, 30)', message: 'Colour the note.' },
  { type: 'dom', selector: '#list li', count: 3, message: 'Three items.' },
  { type: 'dom', selector: '#list li', text: 'Buy milk', message: 'One of them is Buy milk.' },
  { type: 'css-rule', selector: 'a:hover', property: 'color', value: 'red', message: 'Hover colour.' },
];
const cheatBody = (script: string) => `<p class="note">Hi</p><a href="#">Home</a><ul id="list"><li>Eggs</li></ul><script>${script}</script>`;

describe('the player’s probe, out of the page’s reach', () => {
  it('measures an honest page, and gives it nothing of its own to find', async () => {
    const body = '<p class="note">Hi</p><a href="#">Home</a><ul id="list"><li>Eggs</li><li>Buy milk</li><li>Tea</li></ul><p id="out"></p><script>document.getElementById("out").textContent = document.scripts.length + "|" + window.length + "|" + document.querySelectorAll("iframe").length;</script>';
    const own: Check = { type: 'dom', selector: '#out', text: '1|0|0', message: 'Only the learner’s script, no frame.' };
    expect((await load('.note { color: #c81e1e; }\na:hover { color: red; }', body, [...checks, own])).verdicts).toEqual([true, true, true, true, true]);
  });

  it.each([
    ['window.getComputedStyle', 'window.getComputedStyle = () => ({ getPropertyValue: () => "rgb(200, 30, 30)" });'],
    ['CSSStyleDeclaration.prototype.getPropertyValue', 'CSSStyleDeclaration.prototype.getPropertyValue = () => "rgb(200, 30, 30)";'],
    ['document.querySelectorAll', 'document.querySelectorAll = () => { const li = document.createElement("li"); li.textContent = "Buy milk"; return [li, li, li]; };'],
    ['Document/Element.prototype.querySelector(All) and matches', 'Document.prototype.querySelectorAll = function () { const li = document.createElement("li"); li.textContent = "Buy milk"; return [li, li, li]; }; Element.prototype.matches = () => true; Element.prototype.querySelector = function () { return this; };'],
    ['the textContent and innerText getters', 'Object.defineProperty(Node.prototype, "textContent", { get: () => "Buy milk" }); Object.defineProperty(HTMLElement.prototype, "innerText", { get: () => "Buy milk" });'],
    ['Array.prototype and Array.from', 'Array.from = () => [1, 2, 3]; Array.prototype.filter = function () { return [1, 2, 3]; }; Array.prototype.some = () => true; Array.prototype.every = () => true; Array.prototype.includes = () => true;'],
    ['Node.prototype and NodeList.prototype', 'const li = document.createElement("li"); li.textContent = "Buy milk"; Node.prototype.cloneNode = function () { return this; }; Object.defineProperty(NodeList.prototype, "length", { get: () => 3 }); NodeList.prototype.item = () => li; NodeList.prototype[Symbol.iterator] = function* () { yield li; yield li; yield li; };'],
    ['one element and the document themselves', 'const li = document.querySelector("li"); Object.defineProperty(li, "textContent", { get: () => "Buy milk" }); document.querySelectorAll = () => [li, li, li]; document.styleSheets[0].cssRules[0].selectorText = "a:hover";'],
    ['String.prototype and RegExp.prototype', 'String.prototype.includes = () => true; String.prototype.trim = () => "rgb(200, 30, 30)"; RegExp.prototype.exec = () => null;'],
    ['CSSOM getters', 'Object.defineProperty(CSSStyleRule.prototype, "selectorText", { get: () => "a:hover" }); CSSStyleDeclaration.prototype.getPropertyValue = () => "red";'],
    ['the probe’s hooks (listeners, parent, postMessage)', 'EventTarget.prototype.addEventListener = () => {}; window.parent = { postMessage() {} }; window.postMessage = () => {}; Function.prototype.bind = () => () => {}; Reflect.apply = () => true;'],
  ])('refuses a page that patches %s', async (_label, script) => {
    expect((await load('p { color: black; }', cheatBody(script), checks)).verdicts).toEqual([false, false, false, false]);
  });

  it('keeps an honest page that changes built-ins working, during the checks too', async () => {
    const script = 'Array.prototype.last = function () { return this[this.length - 1]; }; window.getComputedStyle = window.getComputedStyle.bind(window); document.querySelector("button").addEventListener("click", () => { const item = document.createElement("li"); item.textContent = ["Tea", "Buy milk"].last(); document.getElementById("list").append(item); });';
    const body = '<p class="note">Hi</p><a href="#">Home</a><button>Add</button><ul id="list"><li>Eggs</li><li>Jam</li></ul><script>' + script + '</script>';
    const withClick: Check[] = [{ ...(checks[0] as Check) }, { type: 'dom', before: [{ click: 'button' }], selector: '#list li', count: 3, message: 'Three after a click.' }, checks[2] as Check, checks[3] as Check];
    expect((await load('.note { color: #c81e1e; }\na:hover { color: red; }', body, withClick)).verdicts).toEqual([true, true, true, true]);
  });

  it('fails every check of a page that makes a built-in change it cannot undo', async () => {
    const script = 'Object.defineProperty(Array.prototype, "some", { value: () => true, configurable: false });';
    expect((await load('.note { color: #c81e1e; }', cheatBody(script), checks)).verdicts).toEqual([]);
  });

  it('does not believe a results message the page posts itself', async () => {
    const script = 'parent.postMessage({ type: "codetrail-page-checks", results: [[0, true], [1, true], [2, true], [3, true]], resume: null, nonce: "" }, "*"); addEventListener("load", () => parent.postMessage({ type: "codetrail-page-checks", results: [[0, true], [1, true], [2, true], [3, true]], resume: null }, "*"));';
    const loaded = await load('p { color: black; }', cheatBody(script), checks);
    expect(loaded.forged).toBe(2);
    expect(loaded.verdicts).toEqual([false, false, false, false]);
  });
});
