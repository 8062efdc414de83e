import { assemblePageDocumentWithMap } from '@/runner/html-page';
import { previewConsoleScript } from '@/runner/preview-console';
import { withLearnerLocation } from './learner-location';

// The build area's own page: the console bridge first, the template's three files.
const files = [
  { name: 'index.html', content: ['<!doctype html>', '<html lang="en">', '<head>', '  <link rel="stylesheet" href="style.css">', '</head>', '<body>', '  <h1>Hi</h1>', '  <script>notThere();</script>', '  <script src="script.js"></script>', '</body>', '</html>'].join('\n') },
  { name: 'style.css', content: 'h1 { color: teal; }' },
  { name: 'script.js', content: 'const a = 1;\n\nundefinedThing();\n' },
];
const page = assemblePageDocumentWithMap(files, previewConsoleScript());
const position = (text: string) => {
  const offset = page.html.indexOf(text);
  const before = page.html.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
};

describe('withLearnerLocation', () => {
  it("names the learner's file and line, not the assembled document's", () => {
    const inScript = position('undefinedThing');
    // The document line is well past script.js's three lines: the bridge and index.html come first.
    expect(inScript.line).toBeGreaterThan(11);
    expect(withLearnerLocation({ text: 'Uncaught ReferenceError: undefinedThing is not defined', ...inScript }, page)).toBe('Uncaught ReferenceError: undefinedThing is not defined (script.js:3)');
    expect(withLearnerLocation({ text: 'Uncaught ReferenceError: notThere is not defined', ...position('notThere') }, page)).toBe('Uncaught ReferenceError: notThere is not defined (index.html:8)');
  });

  it('leaves lines without a position as they are, and adds nothing for the platform\'s own lines', () => {
    expect(withLearnerLocation({ text: 'hello' }, page)).toBe('hello');
    expect(withLearnerLocation({ text: 'bridge', line: position('postMessage').line, column: position('postMessage').column }, page)).toBe('bridge');
  });
});
