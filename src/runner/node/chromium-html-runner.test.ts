import type { Check } from '@/domain/content/model';
import type { RunResult } from '../run-types';
import { createChromiumHtmlRunner } from './chromium-html-runner';
import { createNodeHtmlRunner } from './html-runner';

/**
 * content:check grades pages in Chromium because jsdom's cascade is not a browser's: it lets the
 * last rule win whatever the specificity, ignores `!important` and does not inherit. Each case
 * here is a page jsdom misjudges and Chromium judges as the learner's browser does.
 */

jest.setTimeout(60_000);

const chromium = createChromiumHtmlRunner();
const jsdom = createNodeHtmlRunner({ runScripts: true });
afterAll(() => chromium.close());

const page = (css: string, body: string) => [
  { name: 'index.html', content: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="style.css"></head><body>${body}</body></html>` },
  { name: 'style.css', content: css },
];
const verdicts = (result: RunResult) => (result.status === 'ran' ? result.checks.map((check) => check.passed) : null);
const red: Check = { type: 'css', selector: '#today p', property: 'color', value: 'red', message: 'Make it red.' };

describe('pages graded in Chromium, as the player grades them', () => {
  it.each([
    ['an id selector outweighs a later class rule', '#today p { color: red; }\n.note { color: blue; }', '<div id="today"><p class="note">Hi</p></div>', [true], [false]],
    ['!important beats a later, more specific rule', 'p { color: red !important; }\n#today p { color: blue; }', '<div id="today"><p>Hi</p></div>', [true], [false]],
    ['colour is inherited from the parent', '#today { color: red; }', '<div id="today"><p>Hi</p></div>', [true], [false]],
  ])('%s', async (_label, css, body, inChromium, inJsdom) => {
    const request = { lessonType: 'HTML' as const, files: page(css, body), checks: [red] };
    expect(verdicts(await chromium.run(request))).toEqual(inChromium);
    expect(verdicts(await jsdom.run(request))).toEqual(inJsdom);
  });

  it('runs the page’s script before measuring, and measures layout-dependent values', async () => {
    const files = page('body { margin: 0; }\n.page { max-width: 640px; margin: 0 auto; }', '<main class="page"><ul id="list"></ul></main><script>document.getElementById("list").innerHTML = "<li>Milk</li><li>Eggs</li>";</script>');
    const checks: Check[] = [
      { type: 'dom', selector: '#list li', count: 2, message: 'Two items.' },
      { type: 'css', selector: '.page', property: 'margin-left', value: '192px', message: 'Centred in the 1024 px measuring frame.' },
    ];
    expect(verdicts(await chromium.run({ lessonType: 'HTML', files, checks }))).toEqual([true, true]);
  });

  it('types and clicks as a learner would before a check looks, in check order, in Chromium and in jsdom', async () => {
    const script = `document.getElementById("add").addEventListener("click", () => {
      const input = document.getElementById("todo-text");
      if (input.value.trim() === "") return;
      const item = document.createElement("li");
      item.textContent = input.value.trim();
      item.addEventListener("click", () => item.classList.toggle("done"));
      document.getElementById("list").append(item);
      input.value = "";
    });`;
    const files = page('.done { text-decoration: line-through; }', `<label for="todo-text">New task</label><input id="todo-text"><button id="add">Add</button><ul id="list"></ul><script>${script}</script>`);
    const checks: Check[] = [
      { type: 'dom', selector: '#list li', count: 0, message: 'The list starts empty.' },
      { type: 'dom', before: [{ fill: '#todo-text', with: 'Buy milk' }, { click: '#add' }], selector: '#list li', text: 'Buy milk', count: 1, message: 'Adding a task shows it.' },
      { type: 'dom', before: [{ fill: '#todo-text', with: '   ' }, { click: '#add' }], selector: '#list li', count: 1, message: 'A blank task is not added.' },
      { type: 'css', before: [{ click: '#list li' }], selector: '#list li', property: 'text-decoration-line', value: 'line-through', message: 'Clicking a task crosses it out.' },
      { type: 'dom', before: [{ click: '#no-such-button' }], selector: '#list li', message: 'A step on a missing element fails its check.' },
    ];
    const request = { lessonType: 'HTML' as const, files, checks };
    expect(verdicts(await chromium.run(request))).toEqual([true, true, true, true, false]);
    expect(verdicts(await jsdom.run(request))?.slice(0, 3)).toEqual([true, true, true]);
    // A page whose button does nothing fails the checks that need it.
    const inert = { ...request, files: page('', '<input id="todo-text"><button id="add">Add</button><ul id="list"></ul>') };
    expect(verdicts(await chromium.run(inert))).toEqual([true, false, false, false, false]);
  });

  it('reads :hover and media-query rules from the stylesheet the browser parsed', async () => {
    const css = 'a { color: black; }\na:hover,\na:focus { color: #c81e1e; text-decoration: underline; }\n/* a:hover { border: 0 } */\n@media (min-width:600px) { .cards { display: grid; } }';
    const files = page(css, '<a href="#">Home</a><div class="cards"></div>');
    const checks: Check[] = [
      { type: 'css-rule', selector: 'a:hover', property: 'color', value: 'rgb(200, 30, 30)', message: 'Colour links on hover.' },
      { type: 'css-rule', selector: 'a:hover', property: 'border', message: 'Only in a comment: refused.' },
      { type: 'css-rule', selector: '.cards', property: 'display', value: 'grid', media: '(min-width: 600px)', message: 'A grid from 600px.' },
      { type: 'css-rule', selector: '.cards', property: 'display', value: 'grid', media: '(min-width: 900px)', message: 'Another breakpoint: refused.' },
      { type: 'css-rule', selector: 'a:hover', property: 'color', value: 'blue', message: 'Another colour: refused.' },
    ];
    const request = { lessonType: 'HTML' as const, files, checks };
    expect(verdicts(await chromium.run(request))).toEqual([true, false, true, false, false]);
    expect(verdicts(await jsdom.run(request))).toEqual([true, false, true, false, false]);
  });

  it('fires a form’s submit event in the sandbox, while the submission itself goes nowhere', async () => {
    const script = `document.getElementById("new-todo").addEventListener("submit", (event) => {
      event.preventDefault();
      const item = document.createElement("li");
      item.textContent = document.getElementById("todo-text").value;
      document.getElementById("list").append(item);
    });`;
    const files = page('', `<form id="new-todo"><label for="todo-text">Task</label><input id="todo-text"><button>Add</button></form><ul id="list"></ul><form id="away" action="https://example.com/steal"><button id="leave">Leave</button></form><script>${script}</script>`);
    const checks: Check[] = [
      { type: 'dom', before: [{ fill: '#todo-text', with: 'Buy milk' }, { click: '#new-todo button' }], selector: '#list li', text: 'Buy milk', message: 'Add by submitting.' },
      { type: 'dom', before: [{ click: '#leave' }], selector: '#list li', count: 1, message: 'A form that submits elsewhere leaves the page as it was.' },
    ];
    expect(verdicts(await chromium.run({ lessonType: 'HTML', files, checks }))).toEqual([true, true]);
  });

  it('keeps its pages between runs without one run seeing another: a busy page leaves nothing behind, and runs at once judge as runs one by one', async () => {
    const noisy = page('p { color: blue; }', '<ul id="list"></ul><script>setInterval(() => document.getElementById("list").append(document.createElement("li")), 1); document.title = "noisy"; window.name = "noisy";</script>');
    const quiet = page('#today p { color: red; }', '<div id="today"><p>Hi</p></div><ul id="list"></ul><script>document.getElementById("list").textContent = document.title + window.name;</script>');
    const checks: Check[] = [red, { type: 'dom', selector: '#list li', count: 0, message: 'No items from the last page.' }, { type: 'dom', selector: '#list', text: '', message: 'No title or name from the last page.' }];
    const alone = verdicts(await chromium.run({ lessonType: 'HTML', files: quiet, checks }));
    expect(alone).toEqual([true, true, true]);
    await chromium.run({ lessonType: 'HTML', files: noisy, checks });
    const together = await Promise.all([noisy, quiet, noisy, quiet, quiet].map((files) => chromium.run({ lessonType: 'HTML', files, checks })));
    expect(together.map(verdicts)).toEqual([[false, false, true], alone, [false, false, true], alone, alone]);
  });

  describe('localStorage and reloads', () => {
    const todoScript = (save: string) => `const list = document.getElementById("list");
      const todos = JSON.parse(localStorage.getItem("todos") ?? "[]");
      const render = () => { list.textContent = ""; for (const text of todos) { const li = document.createElement("li"); li.textContent = text; list.append(li); } };
      document.getElementById("add").addEventListener("click", () => { todos.push(document.getElementById("todo-text").value); ${save} render(); });
      render();`;
    const todoPage = (save: string) => page('', `<label for="todo-text">Task</label><input id="todo-text"><button id="add">Add</button><ul id="list"></ul><script>${todoScript(save)}</script>`);
    const checks: Check[] = [
      { type: 'dom', selector: '#list li', count: 0, message: 'Checks start from empty storage.' },
      { type: 'dom', before: [{ fill: '#todo-text', with: 'Buy milk' }, { click: '#add' }, { fill: '#todo-text', with: 'Walk the dog' }, { click: '#add' }, { reload: true }], selector: '#list li', count: 2, message: 'Both tasks are back after a reload.' },
      { type: 'dom', selector: '#list li:first-child', text: 'Buy milk', message: 'In the order they were added.' },
      { type: 'dom', before: [{ fill: '#todo-text', with: 'Call grandma' }, { click: '#add' }, { reload: true }, { reload: true }], selector: '#list li', count: 3, message: 'A third task survives two reloads.' },
    ];

    it.each([
      ['saves after each change', 'localStorage.setItem("todos", JSON.stringify(todos));', [true, true, true, true]],
      ['saves with property syntax', 'localStorage.todos = JSON.stringify(todos);', [true, true, true, true]],
      ['never saves', '', [true, false, false, false]],
      ['saves the list as it was before the change (one behind)', 'localStorage.setItem("todos", JSON.stringify(todos.slice(0, -1)));', [true, false, true, false]],
    ])('a page that %s', async (_label, save, expected) => {
      const request = { lessonType: 'HTML' as const, files: todoPage(save), checks };
      expect(verdicts(await chromium.run(request))).toEqual(expected);
      expect(verdicts(await jsdom.run(request))).toEqual(expected);
    });

    it('gives the page the Storage API within a quota, and leaves no trace in the page’s DOM', async () => {
      const script = `const out = [];
        localStorage.setItem("a", 1); localStorage.b = "two"; out.push(localStorage.length, localStorage.getItem("a"), typeof localStorage.getItem("a"), localStorage.key(1), Object.keys(localStorage).join("+"), "b" in localStorage, localStorage.getItem("missing"));
        localStorage.removeItem("a"); delete localStorage.b; out.push(localStorage.length);
        try { localStorage.setItem("big", "x".repeat(200000)); out.push("stored"); } catch (error) { out.push(error.name, localStorage.getItem("big")); }
        sessionStorage.setItem("s", "1"); out.push(sessionStorage.getItem("s"));
        document.getElementById("out").textContent = out.join("|");`;
      const files = page('', `<p id="out"></p><script>${script}</script>`);
      const expected = '2|1|string|b|a+b|true||0|QuotaExceededError||1';
      const checks: Check[] = [
        { type: 'dom', selector: '#out', text: expected, message: 'The Storage API.' },
        { type: 'dom', selector: 'script', count: 1, message: 'Only the learner’s own script is in the page.' },
      ];
      expect(verdicts(await chromium.run({ lessonType: 'HTML', files, checks }))).toEqual([true, true]);
      expect(verdicts(await jsdom.run({ lessonType: 'HTML', files, checks }))).toEqual([true, true]);
    });
  });
});

describe('checks the learner’s page cannot reach', () => {
  // A CSS lesson (a colour on one class) and a DOM lesson (three items, one with a text): the page
  // below does neither, and each script tries to make the checks pass anyway.
  const checks: Check[] = [
    { type: 'css', selector: '.note', property: 'color', value: 'rgb(200, 30, 30)', message: 'Colour the note.' },
    { type: 'dom', selector: '#list li', count: 3, message: 'Three items.' },
    { type: 'dom', selector: '#list li', text: 'Buy milk', message: 'One of them is Buy milk.' },
  ];
  const cheat = (script: string) => page('p { color: black; }', `<p class="note">Hi</p><ul id="list"><li>Eggs</li></ul><script>${script}</script>`);
  const honest = page('.note { color: #c81e1e; }', '<p class="note">Hi</p><ul id="list"><li>Eggs</li><li>Buy milk</li><li>Tea</li></ul>');

  it('passes the honest page', async () => {
    expect(verdicts(await chromium.run({ lessonType: 'HTML', files: honest, checks }))).toEqual([true, true, true]);
  });

  it.each([
    ['window.getComputedStyle', 'window.getComputedStyle = () => ({ getPropertyValue: () => "rgb(200, 30, 30)" });'],
    ['CSSStyleDeclaration.prototype.getPropertyValue', 'CSSStyleDeclaration.prototype.getPropertyValue = () => "rgb(200, 30, 30)";'],
    ['document.querySelectorAll', 'const real = document.querySelectorAll.bind(document); document.querySelectorAll = () => { const li = document.createElement("li"); li.textContent = "Buy milk"; return [li, li, li]; };'],
    ['Document.prototype.querySelectorAll and Element.prototype.querySelector/matches', 'Document.prototype.querySelectorAll = function () { const li = document.createElement("li"); li.textContent = "Buy milk"; return [li, li, li]; }; Element.prototype.matches = () => true; Element.prototype.querySelector = function () { return this; };'],
    ['the textContent and innerText getters', 'Object.defineProperty(Node.prototype, "textContent", { get: () => "Buy milk" }); Object.defineProperty(HTMLElement.prototype, "innerText", { get: () => "Buy milk" });'],
    ['Array.prototype', 'Array.from = () => { const li = document.createElement("li"); li.textContent = "Buy milk"; return [li, li, li]; }; Array.prototype.filter = function () { return [1, 2, 3]; }; Array.prototype.some = () => true; Array.prototype.every = () => true;'],
    ['Node.prototype', 'Node.prototype.cloneNode = function () { return this; }; Object.defineProperty(Node.prototype, "textContent", { get: () => "Buy milk" });'],
    ['String.prototype', 'String.prototype.includes = () => true; String.prototype.trim = () => "rgb(200, 30, 30)";'],
    ['NodeList.prototype', 'const li = document.createElement("li"); li.textContent = "Buy milk"; Object.defineProperty(NodeList.prototype, "length", { get: () => 3 }); NodeList.prototype.item = () => li; NodeList.prototype[Symbol.iterator] = function* () { yield li; yield li; yield li; };'],
    ['one element and the document themselves', 'const li = document.querySelector("li"); Object.defineProperty(li, "textContent", { get: () => "Buy milk" }); document.querySelectorAll = () => [li, li, li]; document.getElementsByTagName = () => [li, li, li];'],
  ])('refuses a page that patches %s', async (_label, script) => {
    expect(verdicts(await chromium.run({ lessonType: 'HTML', files: cheat(script), checks }))).toEqual([false, false, false]);
  });
});

describe('checks that test the effect', () => {
  const run = async (css: string, body: string, checks: Check[]) => verdicts(await chromium.run({ lessonType: 'HTML', files: page(css, body), checks }));
  const twoHeadings = '<h2 class="title">One</h2><p>x</p><h2 class="title">Two</h2>';

  it('a css check looks at every matching element, unless it says any', async () => {
    const every: Check = { type: 'css', selector: 'h2', property: 'color', value: 'red', message: 'Both headings red.' };
    const any: Check = { ...every, match: 'any' };
    expect(await run('h2 { color: red; }', twoHeadings, [every, any])).toEqual([true, true]);
    expect(await run('h2:first-of-type { color: red; }', twoHeadings, [every, any])).toEqual([false, true]);
  });

  it('a dom check with match: every needs the text in every element', async () => {
    const check: Check = { type: 'dom', selector: 'li', text: 'task', match: 'every', message: 'Every item is a task.' };
    expect(await run('', '<ul><li>task 1</li><li>task 2</li></ul>', [check])).toEqual([true]);
    expect(await run('', '<ul><li>task 1</li><li>milk</li></ul>', [check, { ...check, match: 'any' }])).toEqual([false, true]);
  });

  it('selectorsOnly: !important and style="" do not count, a heavier selector does', async () => {
    const check: Check = { type: 'css', selector: '#today p', property: 'color', value: 'red', selectorsOnly: true, message: 'Win with a heavier selector.' };
    const body = '<div id="today"><p class="note">Hi</p></div>';
    expect(await run('.note { color: blue; }\n#today .note { color: red; }', body, [check])).toEqual([true]);
    expect(await run('.note { color: blue; }\np { color: red !important; }', body, [check])).toEqual([false]);
    expect(await run('.note { color: blue; }', '<div id="today"><p class="note" style="color: red">Hi</p></div>', [check])).toEqual([false]);
    // …and the !important is back afterwards for the next check.
    expect(await run('.note { color: blue; }\np { color: red !important; }', body, [check, { ...check, selectorsOnly: undefined }])).toEqual([false, true]);
  });

  it('css-rule: a hover rule must apply to the element on screen, whatever its selector is written as', async () => {
    const check: Check = { type: 'css-rule', selector: 'a:hover', property: 'background-color', value: 'navy', message: 'Darken the button on hover.' };
    const body = '<a class="button" href="#">Go</a>';
    expect(await run('a.button:hover { background-color: navy; }', body, [check])).toEqual([true]);
    expect(await run('.button:is(:hover, :focus) { background-color: navy; }', body, [check])).toEqual([true]);
    expect(await run('@media print { a:hover { background-color: navy; } }', body, [check])).toEqual([false]);
    expect(await run('a { background-color: navy; }', body, [check])).toEqual([false]);
    expect(await run('a.other:hover { background-color: navy; }', body, [check])).toEqual([false]);
  });

  it('css-rule with media: the rule holds at widths either side of the breakpoint', async () => {
    const check: Check = { type: 'css-rule', selector: '.cards', property: 'grid-template-columns', media: '(min-width: 700px)', message: 'Three columns from 700px.' };
    const body = '<div class="cards"></div>';
    const rule = (media: string) => `.cards { display: grid; grid-template-columns: 1fr; }\n@media ${media} { .cards { grid-template-columns: 1fr 1fr 1fr; } }`;
    expect(await run(rule('(min-width: 700px)'), body, [check])).toEqual([true]);
    expect(await run(rule('(width >= 700px)'), body, [check])).toEqual([true]);
    expect(await run(rule('screen and (min-width: 43.75em)'), body, [check])).toEqual([true]);
    expect(await run(rule('(min-width: 600px)'), body, [check])).toEqual([false]);
    expect(await run(rule('(width > 700px)'), body, [check])).toEqual([false]);
    expect(await run(rule('(max-width: 700px)'), body, [check])).toEqual([false]);
    expect(await run(rule('print and (min-width: 700px)'), body, [check])).toEqual([false]);
  });
});

describe('page checks that run the page with other data (set)', () => {
  const html = '<!doctype html><html lang="en"><head><title>To-do</title></head><body><ul id="todo-list"></ul><p id="remaining"></p><script src="script.js"></script></body></html>';
  const todos = 'const todos = [\n  { text: "Buy milk", done: false },\n  { text: "Walk the dog", done: true },\n  { text: "Call grandma", done: false },\n];\n';
  const render = 'const list = document.querySelector("#todo-list");\nfor (const todo of todos) { const item = document.createElement("li"); item.textContent = todo.text; list.append(item); }\n';
  const files = (script: string) => [{ name: 'index.html', content: html }, { name: 'script.js', content: script }];
  const other = [{ text: 'Water the plants', done: false }, { text: 'Pay rent', done: false }, { text: 'Bake bread', done: true }, { text: 'Read', done: false }, { text: 'Run', done: false }];
  const checks: Check[] = [
    { type: 'dom', selector: '#remaining', text: '2 tasks left', message: 'Count what is left.' },
    { type: 'dom', selector: '#todo-list li', count: 3, message: 'Three to-dos.' },
    { type: 'dom', set: { todos: other }, selector: '#remaining', text: '4 tasks left', message: 'Count them from the list, not by hand.' },
    { type: 'dom', set: { todos: other }, selector: '#todo-list li', count: 5, message: 'Show the to-dos from the list.' },
    { type: 'dom', set: { todos: other }, selector: '#todo-list li', text: 'Water the plants', message: 'Each to-do’s own text.' },
  ];
  const honest = `${todos}${render}document.querySelector("#remaining").textContent = \`\${todos.filter((todo) => !todo.done).length} tasks left\`;`;

  it.each([
    ['computes the count and the list', honest, [true, true, true, true, true]],
    ['types the count in', `${todos}${render}document.querySelector("#remaining").textContent = "2 tasks left";`, [true, true, false, true, true]],
    ['types the list and the count into innerHTML', `${todos}document.querySelector("#todo-list").innerHTML = "<li>Buy milk</li><li>Walk the dog</li><li>Call grandma</li>";\ndocument.querySelector("#remaining").innerHTML = "2 tasks left";`, [true, true, false, false, false]],
    ['has no todos variable to vary', `const list = document.querySelector("#todo-list");\nlist.innerHTML = "<li>Buy milk</li><li>Walk the dog</li><li>Call grandma</li>";\ndocument.querySelector("#remaining").textContent = "2 tasks left";`, [true, true, false, false, false]],
  ])('a page that %s', async (_label, script, expected) => {
    expect(verdicts(await chromium.run({ lessonType: 'HTML', files: files(script), checks }))).toEqual(expected);
    expect(verdicts(await jsdom.run({ lessonType: 'HTML', files: files(script), checks }))).toEqual(expected);
  });
});

describe('feedback that names the real problem', () => {
  it('a failing check names a missing semicolon in the CSS and an unclosed tag in the HTML', async () => {
    const checks: Check[] = [
      { type: 'css', selector: 'h1', property: 'font-size', value: '40px', message: 'Make the heading 40px.' },
      { type: 'dom', selector: 'main > p', message: 'A paragraph in main.' },
    ];
    const files = page('h1 {\n  color: red\n  font-size: 40px;\n}', '<main>\n<div class="intro">\n<h1>Hi</h1>\n</main>');
    const result = await chromium.run({ lessonType: 'HTML', files, checks });
    expect(result.status === 'ran' && result.checks.map((check) => [check.passed, check.detail])).toEqual([
      [false, expect.stringMatching(/index\.html line 2: the `<div>` opened here is not closed.*style\.css line 2: a semicolon is missing at the end of `color: red`/)],
      [false, expect.stringMatching(/^index\.html line 2: the `<div>`/)],
    ]);
  });
});

describe('correct pages the lessons’ checks used to refuse', () => {
  const SUBMIT = ':is(button:not([type="button"]):not([type="reset"]), input[type="submit"])';
  const run = async (css: string, body: string, check: Check) => verdicts(await chromium.run({ lessonType: 'HTML', files: page(css, body), checks: [check] }));
  const dom = (selector: string, count?: number): Check => ({ type: 'dom', selector, count, message: 'x' });
  const css = (selector: string, property: string, value: string): Check => ({ type: 'css', selector, property, value, message: 'x' });
  const gallery = '.gallery { display: grid; grid-template-columns: 150px 150px 150px; gap: 10px; }\n.photo { padding: 40px 0; }\n';
  const galleryBody = '<div class="gallery"><div class="photo featured">A</div><div class="photo">B</div><div class="photo">C</div></div>';

  it.each([
    ['an input of type submit after the text area (html-textarea)', '', '<form><textarea id="r"></textarea><input type="submit" value="Post"></form>', dom('form textarea + button'), dom(`form textarea ~ ${SUBMIT}`)],
    ['a <br> between the text area and the button (html-textarea)', '', '<form><textarea id="r"></textarea><br><button type="submit">Post</button></form>', dom('form textarea + button'), dom(`form textarea ~ ${SUBMIT}`)],
    ['an input of type submit ending the form (swim club)', '', '<form><textarea id="n"></textarea><br><input type="submit" value="Sign up"></form>', dom('form > button:last-child:not(:empty):not([type="button"]):not([type="reset"])'), dom('form > :is(button:not(:empty):not([type="button"]):not([type="reset"]), input[type="submit"]:not([value=""])):last-child')],
    ['each article’s heading in its header (html-article)', '', '<main><article><header><h2>One</h2></header><p>a</p></article><article><header><h2>Two</h2></header><p>b</p></article></main>', dom('article > h2:first-child + p', 2), dom('article > h2:first-child + p, article > header:first-child:has(> h2) + p', 2)],
    ['grid-column: span 2 / span 2 (css-grid-span)', `${gallery}.featured { grid-column: span 2 / span 2; }`, galleryBody, css('.featured', 'grid-column', 'span 2'), css('.featured', 'grid-column-start', 'span 2')],
    ['column-gap in a row of flex items (css-gap)', '.plans { display: flex; column-gap: 16px; }', '<div class="plans"><div>a</div><div>b</div></div>', css('.plans', 'gap', '16px'), css('.plans', 'column-gap', '16px')],
  ])('%s', async (_label, style, body, before, now) => {
    expect(await run(style, body, before)).toEqual([false]);
    expect(await run(style, body, now)).toEqual([true]);
  });

  it('span 2 / span 2 covers exactly the two columns the lesson asks for', async () => {
    const width = css('.featured', 'width', '310px');
    expect(await run(`${gallery}.featured { grid-column: span 2 / span 2; }`, galleryBody, width)).toEqual([true]);
    expect(await run(`${gallery}.featured { grid-column: span 3; }`, galleryBody, width)).toEqual([false]);
  });
});

describe('a page that never yields', () => {
  it('is stopped after the time limit, and the runner grades the next page', async () => {
    const quick = createChromiumHtmlRunner({ timeoutMs: 1500 });
    try {
      const loop = page('', '<p id="x">Hi</p><script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 0));</script>');
      const started = Date.now();
      await expect(quick.run({ lessonType: 'HTML', files: loop, checks: [{ type: 'dom', selector: '#x', message: 'x' }] })).rejects.toThrow(/stuck|Timeout/i);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(verdicts(await quick.run({ lessonType: 'HTML', files: page('', '<p id="x">Hi</p>'), checks: [{ type: 'dom', selector: '#x', message: 'x' }] }))).toEqual([true]);
    } finally {
      await quick.close();
    }
  });
});
