import type { CheckResult } from './run-types';

/**
 * Mistakes in a page's own files that browsers forgive silently, so a learner sees only "the
 * heading isn't red yet" and never why: a CSS declaration whose semicolon is missing (the browser
 * drops it and the next one), a rule whose `}` is missing or one too many, an HTML element that is
 * never closed. Found in the text (comments and strings aside), with the file and line, and added
 * to the page checks that fail, so the feedback names the real problem.
 */

export interface PageSourceProblem {
  file: string;
  line: number;
  message: string;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The text with comments and strings blanked (same length, same lines), so positions still match. */
function blankCss(css: string): string {
  return css.replace(/\/\*[\s\S]*?(\*\/|$)|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (match) => match.replace(/[^\n]/g, (char, offset: number) => (offset === 0 && (char === '"' || char === "'") ? char : ' ')));
}

export function cssProblems(file: string, css: string): PageSourceProblem[] {
  const text = blankCss(css);
  const problems: PageSourceProblem[] = [];
  const open: number[] = [];
  let blockStart = -1;
  const declarations = (from: number, to: number) => {
    // Inside one block of declarations: `color: red` followed on a later line by `font-size: 2em`
    // without a semicolon between them reads as one declaration with two colons.
    const body = text.slice(from, to);
    let offset = from;
    for (const part of body.split(';')) {
      let depth = 0;
      let colons = 0;
      for (let index = 0; index < part.length; index += 1) {
        const char = part[index];
        if (char === '(') depth += 1;
        else if (char === ')') depth = Math.max(0, depth - 1);
        else if (char === ':' && depth === 0) {
          colons += 1;
          // The second `name:` at the start of a line: the declaration before it lacks its `;`.
          const before = part.slice(0, index);
          const lineStart = before.lastIndexOf('\n');
          const onItsLine = before.slice(lineStart + 1);
          if (colons > 1 && lineStart !== -1 && /^\s*-?[a-z][a-z-]*\s*$/i.test(onItsLine)) {
            const previous = before.slice(0, lineStart).trim().split('\n').pop()?.trim() ?? '';
            problems.push({ file, line: lineAt(css, offset + lineStart), message: `a semicolon is missing at the end of \`${previous}\`, so the browser ignores it and the line after it` });
            break;
          }
        }
      }
      offset += part.length + 1;
    }
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      if (blockStart !== -1 && open.length > 0) declarations(blockStart, index);
      open.push(index);
      blockStart = index + 1;
    } else if (char === '}') {
      if (open.length === 0) {
        problems.push({ file, line: lineAt(css, index), message: 'there is a `}` with no `{` before it: a rule is missing its opening brace, or has one closing brace too many' });
        continue;
      }
      if (blockStart !== -1) declarations(blockStart, index);
      open.pop();
      blockStart = index + 1;
    }
  }
  for (const start of open.slice(0, 1)) {
    const selector = text.slice(0, start).split(/[{};]/).pop()?.trim() ?? '';
    problems.push({ file, line: lineAt(css, start), message: `the rule \`${selector} {\` is never closed: a \`}\` is missing, so the rules after it do not work` });
  }
  return problems;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose end tag HTML lets a page leave out. */
const OPTIONAL_END = new Set(['html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'caption', 'rt', 'rp']);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

export function htmlProblems(file: string, html: string): PageSourceProblem[] {
  const problems: PageSourceProblem[] = [];
  const stack: { name: string; line: number }[] = [];
  const tag = /<!--[\s\S]*?(?:-->|$)|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(html)) !== null) {
    const name = (match[2] ?? '').toLowerCase();
    if (!name) continue;
    const line = lineAt(html, match.index);
    const closing = match[1] === '/';
    if (!closing) {
      if (VOID.has(name) || /\/\s*$/.test(match[3] ?? '')) continue;
      if (RAW_TEXT.has(name)) {
        // Everything up to its end tag is its text: without one, the rest of the page is swallowed.
        const end = new RegExp(`</${name}\\s*>`, 'i');
        const rest = html.slice(tag.lastIndex);
        const found = end.exec(rest);
        if (!found) {
          problems.push({ file, line, message: `the \`<${name}>\` opened here is never closed with \`</${name}>\`, so everything after it becomes its text` });
          return problems;
        }
        tag.lastIndex += found.index + found[0].length;
        continue;
      }
      stack.push({ name, line });
      continue;
    }
    const at = stack.map((entry) => entry.name).lastIndexOf(name);
    if (at === -1) continue;
    // Elements opened after the one closed here and never closed themselves.
    for (const unclosed of stack.slice(at + 1)) {
      if (!OPTIONAL_END.has(unclosed.name)) problems.push({ file, line: unclosed.line, message: `the \`<${unclosed.name}>\` opened here is not closed: a \`</${unclosed.name}>\` is missing before \`</${name}>\` on line ${line}` });
    }
    stack.length = at;
  }
  for (const unclosed of stack) {
    if (!OPTIONAL_END.has(unclosed.name)) problems.push({ file, line: unclosed.line, message: `the \`<${unclosed.name}>\` opened here is never closed: a \`</${unclosed.name}>\` is missing` });
  }
  return problems;
}

export function pageSourceProblems(files: { name: string; content: string }[]): PageSourceProblem[] {
  return files.flatMap((file) => (file.name.endsWith('.css') ? cssProblems(file.name, file.content) : file.name.endsWith('.html') ? htmlProblems(file.name, file.content) : [])).slice(0, 3);
}

/**
 * The failing page checks, with the problems in the page's files named in their detail: CSS
 * problems on css/css-rule checks, HTML ones on every page check. Passing checks are left alone.
 */
export function withPageSourceProblems(checks: CheckResult[], files: { name: string; content: string }[]): CheckResult[] {
  if (!checks.some((check) => !check.passed && (check.type === 'dom' || check.type === 'css' || check.type === 'css-rule'))) return checks;
  const problems = pageSourceProblems(files);
  if (problems.length === 0) return checks;
  const describe = (list: PageSourceProblem[]) => list.map((problem) => `${problem.file} line ${problem.line}: ${problem.message}.`).join(' ');
  return checks.map((check) => {
    if (check.passed || check.detail || (check.type !== 'dom' && check.type !== 'css' && check.type !== 'css-rule')) return check;
    const relevant = problems.filter((problem) => check.type === 'dom' ? problem.file.endsWith('.html') : true);
    return relevant.length === 0 ? check : { ...check, detail: describe(relevant) };
  });
}
