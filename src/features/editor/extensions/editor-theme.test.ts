import { EDITOR_PALETTES, TOKEN_ROLES, paletteVariables } from './editor-theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('WCAG contrast of the editor palettes', () => {
  it('computes known ratios (the check itself is right)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // CodeMirror's default string colour (#a11) fails on the dark editor background.
    expect(contrast('#aa1111', '#1a1729')).toBeLessThan(4.5);
  });

  const rows = (['light', 'dark'] as const).flatMap((theme) => {
    const palette = EDITOR_PALETTES[theme];
    const colours: [string, string][] = [['text', palette.text], ['gutter text', palette.gutterText], ...TOKEN_ROLES.map((name): [string, string] => [name, palette.tokens[name]])];
    return colours.flatMap(([name, colour]) => [
      [theme, name, colour, 'background', palette.background],
      [theme, name, colour, 'active line', palette.activeLine],
    ]);
  });

  it.each(rows)('%s %s (%s) on the %s (%s) is at least 4.5:1', (_theme, _name, colour, _where, background) => {
    expect(contrast(colour, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the app surface colours as the editor background', () => {
    expect(EDITOR_PALETTES.light.background).toBe('#ffffff');
    expect(EDITOR_PALETTES.dark.background).toBe('#1a1729');
  });

  it('exposes every role as a CSS variable', () => {
    const variables = paletteVariables(EDITOR_PALETTES.dark);
    for (const name of TOKEN_ROLES) expect(variables[`--code-${name}`]).toBe(EDITOR_PALETTES.dark.tokens[name]);
  });
});
