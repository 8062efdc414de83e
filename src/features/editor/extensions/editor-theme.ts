import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';

/** The token roles the editor colours; everything else is plain text in the theme's text colour. */
export const TOKEN_ROLES = ['keyword', 'string', 'number', 'comment', 'function', 'type', 'property', 'operator', 'tag', 'attribute', 'atom', 'regexp', 'invalid', 'meta'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

export interface EditorPalette {
  /** The editor's background (the app's --color-surface) and the active line's. */
  background: string;
  activeLine: string;
  text: string;
  gutterText: string;
  tokens: Record<TokenRole, string>;
}

/**
 * One palette per app theme. Every colour reaches WCAG AA (4.5:1) on the background and on the
 * active line (editor-theme.test.ts computes it); CodeMirror's default colours did not in dark mode
 * (strings 1.06:1).
 */
export const EDITOR_PALETTES: Record<'light' | 'dark', EditorPalette> = {
  light: {
    background: '#ffffff',
    activeLine: '#f3f0ff',
    text: '#1b1530',
    gutterText: '#5a5478',
    tokens: {
      keyword: '#8b1fa9',
      string: '#0a6b2e',
      number: '#9a4a00',
      comment: '#5f6b7a',
      function: '#1d4ed8',
      type: '#0e6a7a',
      property: '#1e5aa8',
      operator: '#4a4560',
      tag: '#a3153d',
      attribute: '#8a4b00',
      atom: '#b3261e',
      regexp: '#a0317a',
      invalid: '#c00000',
      meta: '#5a5478',
    },
  },
  dark: {
    background: '#1a1729',
    activeLine: '#24203a',
    text: '#f1effa',
    gutterText: '#a8a3c2',
    tokens: {
      keyword: '#d8a6ff',
      string: '#9be39b',
      number: '#ffb86b',
      comment: '#a8a3c2',
      function: '#8cc8ff',
      type: '#7fe0d4',
      property: '#a9c7ff',
      operator: '#d4d0e6',
      tag: '#ff9fb8',
      attribute: '#ffcf8a',
      atom: '#ff9e8f',
      regexp: '#f4a8de',
      invalid: '#ff8080',
      meta: '#b9b4d0',
    },
  },
};

const role = (name: TokenRole) => `var(--code-${name})`;

const highlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword, t.operatorKeyword, t.self], color: role('keyword') },
  { tag: [t.string, t.special(t.string), t.docString, t.character], color: role('string') },
  { tag: [t.number, t.integer, t.float], color: role('number') },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: role('comment'), fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName), t.macroName], color: role('function') },
  { tag: [t.typeName, t.className, t.namespace, t.standard(t.variableName)], color: role('type') },
  { tag: [t.propertyName, t.definition(t.propertyName), t.labelName], color: role('property') },
  { tag: [t.operator, t.compareOperator, t.arithmeticOperator, t.logicOperator, t.punctuation, t.bracket, t.angleBracket], color: role('operator') },
  { tag: [t.tagName], color: role('tag') },
  { tag: [t.attributeName], color: role('attribute') },
  { tag: [t.attributeValue], color: role('string') },
  { tag: [t.bool, t.null, t.atom, t.unit, t.color, t.constant(t.variableName)], color: role('atom') },
  { tag: [t.regexp, t.escape, t.special(t.variableName)], color: role('regexp') },
  { tag: [t.meta, t.processingInstruction, t.documentMeta], color: role('meta') },
  { tag: t.invalid, color: role('invalid') },
  { tag: t.heading, fontWeight: 'bold' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strong, fontWeight: 'bold' },
  { tag: t.link, textDecoration: 'underline' },
]);

/** The palette as CSS custom properties, so one highlight style serves both themes. */
export function paletteVariables(palette: EditorPalette): Record<string, string> {
  const variables: Record<string, string> = {
    '--code-background': palette.background,
    '--code-active-line': palette.activeLine,
    '--code-text': palette.text,
    '--code-gutter-text': palette.gutterText,
  };
  for (const name of TOKEN_ROLES) variables[`--code-${name}`] = palette.tokens[name];
  return variables;
}

/**
 * Follows the app's theme rule (src/ui/styles/tokens.css): dark when <html data-theme="dark">, or
 * when the system is dark and the learner did not force light.
 */
const themeColours = EditorView.theme({
  '&': { ...paletteVariables(EDITOR_PALETTES.light), color: 'var(--code-text)', backgroundColor: 'var(--code-background)' },
  '@media (prefers-color-scheme: dark)': { ':root:not([data-theme="light"]) &': paletteVariables(EDITOR_PALETTES.dark) },
  ':root[data-theme="dark"] &': paletteVariables(EDITOR_PALETTES.dark),
  '.cm-content': { caretColor: 'var(--code-text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--code-text)' },
  '.cm-gutters': { backgroundColor: 'var(--code-background)', color: 'var(--code-gutter-text)', borderRight: '1px solid var(--color-border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)' },
});

export function editorTheme(): Extension {
  return [themeColours, syntaxHighlighting(highlightStyle)];
}
