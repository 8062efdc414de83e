import type { Extension } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { python } from '@codemirror/lang-python';
import { javascript } from '@codemirror/lang-javascript';
import { html } from '@codemirror/lang-html';
import { css } from '@codemirror/lang-css';
import { sql } from '@codemirror/lang-sql';
import { closeTagOvertype } from './close-tag-overtype';

/** Spaces per indent level, as every lesson in content/ writes it: Python 4 (PEP 8), the rest 2. */
export function indentSize(language: string): number {
  return language === 'python' ? 4 : 2;
}

function languageSupport(language: string): Extension {
  switch (language) {
    case 'python':
      return python();
    case 'javascript':
      return javascript();
    case 'jsx':
      return javascript({ jsx: true });
    case 'html':
      return [html(), closeTagOvertype()];
    case 'css':
      return css();
    case 'sql':
      return sql();
    default:
      return [];
  }
}

/** The grammar, the indent unit and the typing helpers of one lesson language. */
export function languageSetup(language: string): Extension {
  return [languageSupport(language), indentUnit.of(' '.repeat(indentSize(language)))];
}
