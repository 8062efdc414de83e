import { displayName, glossaryCta, glossaryEntryPath, groupEntries, supportLabel } from './glossary';

describe('the glossary rules', () => {
  it.each([
    [{ kind: 'element' as const, name: 'a' }, '<a>'],
    [{ kind: 'element' as const, name: 'h1–h6' }, '<h1–h6>'],
    [{ kind: 'attribute' as const, name: 'href' }, 'href'],
  ])('shows %j as %s', (entry, shown) => {
    expect(displayName(entry)).toBe(shown);
  });

  it.each([
    ['1', 'Since 1'],
    ['≤18', '18 or earlier'],
    [true, 'Yes'],
    [false, 'No'],
  ])('support %j reads %s', (support, label) => {
    expect(supportLabel(support)).toBe(label);
  });

  it('groups elements before attributes, A–Z with numbers in order', () => {
    const groups = groupEntries([
      { kind: 'attribute', name: 'href' },
      { kind: 'element', name: 'td' },
      { kind: 'element', name: 'h1–h6' },
      { kind: 'element', name: 'a' },
      { kind: 'attribute', name: 'alt' },
    ]);
    expect(groups.map((group) => [group.kind, group.entries.map((entry) => entry.name)])).toEqual([
      ['element', ['a', 'h1–h6', 'td']],
      ['attribute', ['alt', 'href']],
    ]);
    expect(groupEntries([])).toEqual([]);
  });

  it('paths and the call to action per variant', () => {
    expect(glossaryEntryPath('h1')).toBe('/glossary/html/h1');
    expect(glossaryCta('original').action).toBe('Start the HTML course');
    expect(glossaryCta('variant_learn_daily').text).toMatch(/a day/);
  });
});
