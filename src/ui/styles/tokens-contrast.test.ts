import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The colour pairs docs/styling.md promises (WCAG AA, 4.5:1 for text) checked on tokens.css itself,
 * in both themes, and the alert's rule that keeps a button-styled link's own colours.
 */
/** A stylesheet without its comments (which may quote CSS). */
const css = (file: string) => readFileSync(path.join(__dirname, '..', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const TOKENS = css('styles/tokens.css');

function block(source: string, selector: string): string {
  const start = source.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No ${selector} block`);
  return source.slice(start, source.indexOf('\n}', start));
}

function declarations(text: string): Map<string, string> {
  return new Map([...text.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1] as string, (match[2] as string).replace(/\s+/g, ' ').trim()]));
}

const light = declarations(block(TOKENS, ':root'));
const darkMedia = block(TOKENS, "  :root:not([data-theme='light'])");
const darkExplicit = block(TOKENS, "[data-theme='dark']");
const themes = { light, dark: new Map([...light, ...declarations(darkExplicit)]) };

function colour(theme: Map<string, string>, token: string): string {
  const value = theme.get(token);
  if (!value) throw new Error(`${token} is not defined`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (reference) return colour(theme, reference[1] as string);
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${token} is ${value}, not a #rrggbb colour`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Text token on background token: every pair the components use for text. */
const TEXT_PAIRS: [string, string, string][] = [
  ['body text', '--color-text', '--color-bg'],
  ['text on a card', '--color-text', '--color-surface'],
  ['text on a sunken panel', '--color-text', '--color-surface-sunken'],
  ['muted text', '--color-text-muted', '--color-bg'],
  ['muted text on a card', '--color-text-muted', '--color-surface'],
  ['a link', '--color-link', '--color-bg'],
  ['a link on a card', '--color-link', '--color-surface'],
  ['a primary button', '--color-primary-contrast', '--color-primary'],
  ['a primary button, hovered', '--color-primary-contrast', '--color-primary-hover'],
  ['a primary button, pressed', '--color-primary-contrast', '--color-primary-active'],
  ['a secondary button', '--color-primary-soft-text', '--color-surface'],
  ['a soft primary pill', '--color-primary-soft-text', '--color-primary-soft'],
  ['a danger button', '--color-error-contrast', '--color-error'],
  ['a danger button, hovered', '--color-error-contrast', '--color-error-hover'],
  ...(['info', 'success', 'warning', 'error'] as const).map((kind): [string, string, string] => [`a ${kind} alert's text and inline links`, `--color-${kind}-text`, `--color-${kind}-soft`]),
  ['accent text', '--color-accent-text', '--color-accent-soft'],
  ...(['python', 'javascript', 'html', 'css', 'sql'] as const).map((track): [string, string, string] => [`the ${track} track badge`, `--color-track-${track}-fg`, `--color-track-${track}-bg`]),
];

describe('design tokens: WCAG AA text contrast in both themes', () => {
  it('measures known ratios (the check itself is right)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The reported bug: the info alert's text colour on the primary button's fill.
    expect(contrast('#1e40af', '#6d28d9')).toBeLessThan(1.5);
  });

  it.each((['light', 'dark'] as const).flatMap((theme) => TEXT_PAIRS.map(([name, text, background]) => [theme, name, text, background] as const)))(
    '%s: %s (%s on %s) is at least 4.5:1',
    (theme, _name, text, background) => {
      expect(contrast(colour(themes[theme], text), colour(themes[theme], background))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps the two dark blocks identical (the OS preference and the explicit choice)', () => {
    expect(declarations(darkMedia)).toEqual(declarations(darkExplicit));
  });
});

describe('links inside an alert', () => {
  const ALERT = css('alert.module.css');

  it('take the alert text colour through the link tokens, so button-styled links keep their own colours', () => {
    const content = declarations(block(ALERT, '.content'));
    expect(content.get('--color-link')).toBe('var(--_fg)');
    expect(content.get('--color-link-hover')).toBe('var(--_fg)');
    // A `color` on `.content a` outranks `.button` (one class) and repaints a ButtonLink's label.
    for (const match of ALERT.matchAll(/([^{}]*\ba\b[^{}]*)\{([^}]*)\}/g)) expect({ selector: (match[1] as string).trim(), setsColour: /(^|[\s;])color\s*:/.test(match[2] as string) }).toEqual({ selector: (match[1] as string).trim(), setsColour: false });
  });
});
