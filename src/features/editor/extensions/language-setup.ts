import type { Extension } from '@codemirror/state';

/** Spaces per indent level, as every lesson in content/ writes it: Python 4 (PEP 8), the rest 2. */
export function indentSize(language: string): number {
  return language === 'python' ? 4 : 2;
}

/**
 * Each grammar is its own chunk, so a Python lesson never downloads, parses or runs the HTML, CSS,
 * JavaScript and SQL grammars (a third of the editor's code when they were bundled together).
 */
const LANGUAGES: Record<string, () => Promise<Extension>> = {
  python: () => import('@codemirror/lang-python').then((module) => module.python()),
  javascript: () => import('@codemirror/lang-javascript').then((module) => module.javascript()),
  jsx: () => import('@codemirror/lang-javascript').then((module) => module.javascript({ jsx: true })),
  html: () => Promise.all([import('@codemirror/lang-html'), import('./close-tag-overtype')]).then(([module, overtype]) => [module.html(), overtype.closeTagOvertype()]),
  css: () => import('@codemirror/lang-css').then((module) => module.css()),
  sql: () => import('@codemirror/lang-sql').then((module) => module.sql()),
};

const loading = new Map<string, Promise<Extension>>();

/**
 * The grammar, the indent unit and the typing helpers of one lesson language. Call it as early as
 * the language is known (the editor's entry does, while the editor's own chunk loads): the promise
 * is shared, so both downloads run side by side.
 */
export function loadLanguageSetup(language: string): Promise<Extension> {
  let setup = loading.get(language);
  if (!setup) {
    const grammar = LANGUAGES[language]?.() ?? Promise.resolve<Extension>([]);
    setup = Promise.all([grammar, import('@codemirror/language')]).then(([support, { indentUnit }]) => [support, indentUnit.of(' '.repeat(indentSize(language)))]);
    // A failed download may be retried by the next editor.
    setup.catch(() => loading.delete(language));
    loading.set(language, setup);
  }
  return setup;
}
