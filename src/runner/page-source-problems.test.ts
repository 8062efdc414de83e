import { cssProblems, htmlProblems, withPageSourceProblems } from './page-source-problems';

describe('problems in a page’s CSS', () => {
  it.each([
    ['a missing semicolon', 'h1 {\n  color: red\n  font-size: 2em;\n}', [{ line: 2, message: expect.stringContaining('a semicolon is missing at the end of `color: red`') }]],
    ['a missing closing brace', 'h1 {\n  color: red;\n\np {\n  color: blue;\n}', [{ line: 1, message: expect.stringContaining('the rule `h1 {` is never closed') }]],
    ['a closing brace too many', 'h1 {\n  color: red;\n}\n}', [{ line: 4, message: expect.stringContaining('a `}` with no `{` before it') }]],
    ['a missing opening brace', 'h1\n  color: red;\n}', [{ line: 3, message: expect.stringContaining('missing its opening brace') }]],
  ])('names %s, with its line', (_label, css, expected) => {
    expect(cssProblems('style.css', css)).toEqual(expected.map((problem) => ({ file: 'style.css', ...problem })));
  });

  it.each([
    ['the last declaration without a semicolon', 'h1 { color: red }\np {\n  color: blue\n}'],
    ['colons inside values, selectors and strings', 'a:hover:focus { background: url(data:image/png;base64,xx); }\n@media (min-width: 700px) {\n  .cards:first-child { grid-template-areas: "a:b c"; }\n}\n/* note: x {  */'],
    ['a value over several lines', '.grid {\n  grid-template-columns:\n    repeat(3, 1fr);\n  font:\n    bold 1em serif;\n}'],
  ])('finds nothing wrong in %s', (_label, css) => {
    expect(cssProblems('style.css', css)).toEqual([]);
  });
});

describe('problems in a page’s HTML', () => {
  it.each([
    ['an unclosed div', '<body>\n<div class="card">\n  <h2>Hi</h2>\n</body>', [{ line: 2, message: expect.stringContaining('`<div>` opened here is not closed') }]],
    ['an unclosed textarea', '<form>\n<textarea id="m">\n<button>Send</button>\n</form>', [{ line: 2, message: expect.stringContaining('`<textarea>` opened here is never closed') }]],
    ['an element left open at the end', '<main>\n<section>\n<h2>x</h2>', [{ line: 1, message: expect.stringContaining('`<main>`') }, { line: 2, message: expect.stringContaining('`<section>`') }]],
  ])('names %s, with its line', (_label, html, expected) => {
    expect(htmlProblems('index.html', html)).toEqual(expected.map((problem) => ({ file: 'index.html', ...problem })));
  });

  it('leaves alone what HTML lets a page omit: void elements, optional end tags, comments, scripts', () => {
    const html = '<!DOCTYPE html><html><head><title>x</title><style>p > a { color: red; }</style></head><body>\n<!-- <div> -->\n<ul><li>one<li>two</ul>\n<p>para\n<img src="a.png" alt=""><br><input>\n<script>if (a < b) document.write("<div>");</script>\n<svg><path d="M0" /></svg>';
    expect(htmlProblems('index.html', html)).toEqual([]);
  });
});

describe('withPageSourceProblems', () => {
  const failing = [
    { index: 0, type: 'css' as const, passed: false, message: 'Make it red.' },
    { index: 1, type: 'dom' as const, passed: false, message: 'Add a heading.' },
    { index: 2, type: 'css' as const, passed: true, message: null },
  ];
  it('names a CSS problem on failing css checks, an HTML one on every failing page check', () => {
    const files = [
      { name: 'index.html', content: '<main>\n<div>\n</main>' },
      { name: 'style.css', content: 'h1 {\n  color: red\n  margin: 0;\n}' },
    ];
    const [css, dom, passed] = withPageSourceProblems(failing, files);
    expect(css?.detail).toMatch(/^index\.html line 2: the `<div>` opened here is not closed.*style\.css line 2: a semicolon is missing/);
    expect(dom?.detail).toMatch(/^index\.html line 2: .*<div>/);
    expect(dom?.detail).not.toMatch(/style\.css/);
    expect(passed).toEqual(failing[2]);
  });
  it('changes nothing when the files are fine', () => {
    expect(withPageSourceProblems(failing, [{ name: 'style.css', content: 'h1 { color: red; }' }])).toEqual(failing);
  });
});
