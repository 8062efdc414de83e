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
