import { parse, type Node, type Options } from 'acorn';
import type { Construct } from '@/domain/content/model';

/**
 * The JavaScript side of checks that read the program instead of its text: which constructs the
 * parsed program uses (a comment or a string never counts), and the program with other values in
 * its top-level variables, changed in the parsed program. acorn parses; nothing here runs code.
 */

const OPTIONS: Options = { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true };

type AnyNode = Node & Record<string, unknown>;

function parsed(source: string): AnyNode | null {
  try {
    return parse(source, OPTIONS) as unknown as AnyNode;
  } catch {
    return null;
  }
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

const identifierName = (node: unknown): string | null => (isNode(node) && node.type === 'Identifier' ? String(node.name) : null);

function calleeName(node: AnyNode): string | null {
  const callee = node.callee as AnyNode;
  if (callee.type === 'Identifier') return String(callee.name);
  if (callee.type === 'MemberExpression' && !callee.computed) return identifierName(callee.property);
  return null;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function matches(node: AnyNode, parent: AnyNode | null, construct: Construct, name: string | undefined): boolean {
  switch (construct) {
    case 'for':
      return ['ForStatement', 'ForOfStatement', 'ForInStatement'].includes(node.type);
    case 'while':
      return node.type === 'WhileStatement' || node.type === 'DoWhileStatement';
    case 'loop':
      return ['ForStatement', 'ForOfStatement', 'ForInStatement', 'WhileStatement', 'DoWhileStatement'].includes(node.type);
    case 'branch':
      return node.type === 'IfStatement' || node.type === 'ConditionalExpression';
    case 'if':
      return node.type === 'IfStatement';
    case 'ternary':
      return node.type === 'ConditionalExpression';
    case 'function': {
      if (!FUNCTION_TYPES.has(node.type)) return false;
      if (name === undefined) return true;
      // function total() {}, const total = function () {}, const total = () => …
      return identifierName(node.id) === name || (parent?.type === 'VariableDeclarator' && parent.init === node && identifierName(parent.id) === name);
    }
    case 'arrow-function':
      return node.type === 'ArrowFunctionExpression';
    case 'return':
      return node.type === 'ReturnStatement';
    case 'break':
      return node.type === 'BreakStatement';
    case 'try':
      return node.type === 'TryStatement';
    case 'call':
      return (node.type === 'CallExpression' || node.type === 'NewExpression') && (name === undefined || calleeName(node) === name);
    case 'import':
      return node.type === 'ImportDeclaration' && (name === undefined || (node.source as AnyNode).value === name);
    case 'template-literal':
      return node.type === 'TemplateLiteral';
    case 'augmented-assignment':
      return node.type === 'AssignmentExpression' && node.operator !== '=';
    case 'boolean-operator':
      return node.type === 'LogicalExpression' || (node.type === 'UnaryExpression' && node.operator === '!');
    case 'f-string':
    case 'comprehension':
      return false;
  }
}

/** Whether the program uses the construct; null when it does not parse (its run reports why). */
export function javascriptUses(source: string, construct: Construct, name?: string): boolean | null {
  const program = parsed(source);
  if (!program) return null;
  const stack: { node: AnyNode; parent: AnyNode | null }[] = [{ node: program, parent: null }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    if (matches(node, parent, construct, name)) return true;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) stack.push({ node: item, parent: node });
      if (isNode(value)) stack.push({ node: value, parent: node });
    }
  }
  return false;
}

/**
 * The program with each named top-level variable (`const`/`let`/`var`, its first declaration)
 * initialised to another value instead. `missing` lists names the program never declares at its
 * top level with a value: then it cannot be tried with other values.
 */
export function javascriptWithValues(source: string, values: Readonly<Record<string, unknown>>): { source: string; missing: string[] } | { error: string } {
  const program = parsed(source);
  if (!program) return { error: 'the program does not parse' };
  const edits: { start: number; end: number; text: string }[] = [];
  const found = new Set<string>();
  for (const statement of program.body as AnyNode[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as AnyNode[]) {
      const name = identifierName(declarator.id);
      const init = declarator.init as AnyNode | null;
      if (!name || !init || found.has(name) || !Object.hasOwn(values, name)) continue;
      found.add(name);
      edits.push({ start: init.start, end: init.end, text: `(${JSON.stringify(values[name])})` });
    }
  }
  let changed = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) changed = changed.slice(0, edit.start) + edit.text + changed.slice(edit.end);
  return { source: changed, missing: Object.keys(values).filter((name) => !found.has(name)) };
}

/** A `uses` check to watch at run time: its index and what it looks for. */
export interface UsesTarget {
  key: number;
  construct: Construct;
  name?: string;
}

type Edit = { at: number; text: string; kind: 'close' | 'statement' | 'open'; span: number };

/**
 * The program with a call to `hit(site)` wherever a watched construct does its work (a loop's
 * body, a branch's condition, a function's body, a try block's statements, a called function or
 * the callback handed to it), on the same lines, so errors keep their line numbers. `sites` says
 * which sites stand for which check: a check's construct ran when any of its sites was hit. Null
 * when the program does not parse. Nothing is added for constructs that cannot be watched
 * (`import` in a script); their checks rest on the code alone.
 */
export function instrumentUses(
  source: string,
  targets: readonly UsesTarget[],
  hit: string,
): { source: string; sites: Map<number, number[]>; positions: Map<number, { line: number; column: number }> } | null {
  const program = parsed(source);
  if (!program) return null;
  const edits: Edit[] = [];
  const sites = new Map<number, number[]>();
  let next = 0;
  const site = (key: number) => {
    const id = next++;
    sites.set(key, [...(sites.get(key) ?? []), id]);
    return id;
  };
  const wrapExpression = (node: AnyNode, id: number) => {
    edits.push({ at: node.start, text: `${hit}(${id},(`, kind: 'open', span: node.end - node.start }, { at: node.end, text: '))', kind: 'close', span: node.end - node.start });
  };
  const atStatement = (statement: AnyNode, id: number) => {
    if (statement.type === 'BlockStatement') {
      const body = statement.body as AnyNode[];
      const directives = body.filter((item) => typeof item.directive === 'string');
      const at = directives.length > 0 ? directives[directives.length - 1]!.end : statement.start + 1;
      edits.push({ at, text: `${hit}(${id});`, kind: 'statement', span: 0 });
      return;
    }
    edits.push({ at: statement.start, text: `{${hit}(${id});`, kind: 'open', span: statement.end - statement.start }, { at: statement.end, text: '}', kind: 'close', span: statement.end - statement.start });
  };
  const atFunction = (fn: AnyNode, id: number) => {
    const body = fn.body as AnyNode;
    if (body.type === 'BlockStatement') atStatement(body, id);
    else wrapExpression(body, id);
  };
  const siteFor = (node: AnyNode, key: number): void => {
    switch (node.type) {
      case 'ForStatement':
      case 'ForOfStatement':
      case 'ForInStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
        return atStatement(node.body as AnyNode, site(key));
      case 'IfStatement':
      case 'ConditionalExpression':
        return wrapExpression(node.test as AnyNode, site(key));
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return atFunction(node, site(key));
      case 'ReturnStatement':
      case 'BreakStatement':
        return atStatement(node, site(key));
      case 'TryStatement': {
        const block = node.block as AnyNode;
        // An empty try block does no work: no site, so the check never sees it run.
        if ((block.body as AnyNode[]).some((statement) => statement.type !== 'EmptyStatement')) atStatement(block, site(key));
        else sites.set(key, sites.get(key) ?? []);
        return;
      }
      case 'CallExpression':
      case 'NewExpression': {
        const callbacks = (node.arguments as AnyNode[]).filter((argument) => FUNCTION_TYPES.has(argument.type));
        // A call that takes a function does its work when that function runs ([].map(x => x) never does).
        if (callbacks.length > 0) {
          const id = site(key);
          for (const callback of callbacks) atFunction(callback, id);
          return;
        }
        const callee = node.callee as AnyNode;
        if (callee.type === 'Super' || (callee.type === 'Identifier' && callee.name === 'eval')) return void sites.set(key, [...(sites.get(key) ?? []), -1]);
        if (callee.type === 'MemberExpression' && (callee.object as AnyNode).type !== 'Super') return wrapExpression(callee.object as AnyNode, site(key));
        if (callee.type === 'MemberExpression') return void sites.set(key, [...(sites.get(key) ?? []), -1]);
        return wrapExpression(callee, site(key));
      }
      case 'TemplateLiteral':
      case 'AssignmentExpression':
      case 'LogicalExpression':
      case 'UnaryExpression':
        return wrapExpression(node, site(key));
      default:
        // Not watchable (an import): -1 marks a site that counts as reached.
        sites.set(key, [...(sites.get(key) ?? []), -1]);
    }
  };
  const stack: { node: AnyNode; parent: AnyNode | null }[] = [{ node: program, parent: null }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    for (const target of targets) {
      if (!sites.has(target.key)) sites.set(target.key, []);
      if (!matches(node, parent, target.construct, target.name)) continue;
      // A template literal inside a tagged template cannot be wrapped: it counts as it is written.
      if (node.type === 'TemplateLiteral' && parent?.type === 'TaggedTemplateExpression') sites.get(target.key)!.push(-1);
      else siteFor(node, target.key);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) stack.push({ node: item, parent: node });
      if (isNode(value)) stack.push({ node: value, parent: node });
    }
  }
  // Edits go in from the end, so at one place the last one applied comes first in the text. In the
  // text: closes (inner before outer), then statements, then opens (outer before inner).
  const rank = { open: 0, statement: 1, close: 2 };
  edits.sort((a, b) => b.at - a.at || rank[a.kind] - rank[b.kind] || (a.kind === 'open' ? a.span - b.span : b.span - a.span));
  let changed = source;
  for (const edit of edits) changed = changed.slice(0, edit.at) + edit.text + changed.slice(edit.at);
  // Where each site's call starts in the marked program (1-based line and column, as V8's stack
  // traces give them), so a call of the marker from anywhere else does not count.
  const positions = new Map<number, { line: number; column: number }>();
  for (let id = 0; id < next; id++) {
    const marker = `${hit}(${id}`;
    let at = changed.indexOf(marker);
    while (at >= 0 && !/^[,)]/.test(changed.slice(at + marker.length, at + marker.length + 1))) at = changed.indexOf(marker, at + 1);
    if (at < 0) continue;
    const before = changed.slice(0, at);
    const line = before.split('\n').length;
    positions.set(id, { line, column: at - before.lastIndexOf('\n') });
  }
  return { source: changed, sites, positions };
}

/** The line of the program's syntax error, as acorn reads it; null when it parses. */
export function syntaxErrorLine(source: string): number | null {
  try {
    parse(source, OPTIONS);
    return null;
  } catch (error) {
    const line = (error as { loc?: { line?: unknown } }).loc?.line;
    return typeof line === 'number' ? line : null;
  }
}

/**
 * `if (x = 15)`: a condition that assigns (one `=`) instead of comparing, with its line; null when
 * there is none. A condition in extra parentheses, `while ((match = next()))`, is meant and is left alone.
 */
export function assignmentInCondition(source: string): { line: number; name: string | null } | null {
  let program: AnyNode;
  try {
    program = parse(source, { ...OPTIONS, locations: true, preserveParens: true }) as unknown as AnyNode;
  } catch {
    return null;
  }
  const stack: AnyNode[] = [program];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const test = ['IfStatement', 'WhileStatement', 'DoWhileStatement', 'ForStatement', 'ConditionalExpression'].includes(node.type) ? (node.test as AnyNode | null) : null;
    if (test && test.type === 'AssignmentExpression' && test.operator === '=') {
      const line = (test.loc as { start: { line: number } } | undefined)?.start.line ?? 1;
      return { line, name: identifierName(test.left) };
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc') continue;
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) stack.push(item);
      if (isNode(value)) stack.push(value);
    }
  }
  return null;
}
