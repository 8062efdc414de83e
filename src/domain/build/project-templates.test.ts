import { validateProjectFiles } from './project-files';
import { LANGUAGE_RULES, PREVIEW_MAX_CHARS, PROJECT_LANGUAGES, PROJECT_TEMPLATES, TEMPLATE_RULES, projectPreview, templateFiles, type ProjectLanguage } from './project-templates';

describe('templates', () => {
  it.each([
    ['web', 'web', 'index.html', 'My web page', ['index.html', 'style.css', 'script.js']],
    ['python', 'python', 'main.py', 'My Python program', ['main.py']],
    ['sql', 'sql', 'query.sql', 'My SQL playground', ['schema.sql', 'query.sql']],
    ['javascript', 'javascript', 'main.js', 'My JavaScript program', ['main.js']],
  ] as const)('%s: %s, opens %s, titled %s', (template, language, entryFile, title, paths) => {
    const rule = TEMPLATE_RULES[template];
    expect(rule).toMatchObject({ language, entryFile, defaultTitle: title });
    expect(rule.files.map((file) => file.path)).toEqual(paths);
    expect(LANGUAGE_RULES[rule.language].entryFile).toBe(entryFile);
    expect(validateProjectFiles(rule.language, rule.files)).toEqual({ ok: true });
  });

  it('has a rule for every template and every language', () => {
    expect(Object.keys(TEMPLATE_RULES).sort()).toEqual([...PROJECT_TEMPLATES].sort());
    expect(Object.keys(LANGUAGE_RULES).sort()).toEqual([...PROJECT_LANGUAGES].sort());
  });

  it('links the web page to its stylesheet and script', () => {
    const html = TEMPLATE_RULES.web.files.find((file) => file.path === 'index.html')?.content ?? '';
    expect(html).toContain('href="style.css"');
    expect(html).toContain('src="script.js"');
    const script = TEMPLATE_RULES.web.files.find((file) => file.path === 'script.js')?.content ?? '';
    // The script looks up elements the page has.
    for (const [, id] of script.matchAll(/querySelector\("#([\w-]+)"\)/g)) expect(html).toContain(`id="${id}"`);
  });

  it('fills the SQL playground with a small plant shop the starter query asks', () => {
    const schema = TEMPLATE_RULES.sql.files.find((file) => file.path === 'schema.sql')?.content ?? '';
    const query = TEMPLATE_RULES.sql.files.find((file) => file.path === 'query.sql')?.content ?? '';
    expect(schema.match(/CREATE TABLE/g)).toHaveLength(3);
    const rows = schema.match(/^\s+\(\d+,/gm) ?? [];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(query).toMatch(/SELECT[\s\S]+FROM plants/);
  });

  it('hands out copies, so changing one never changes the template', () => {
    const files = templateFiles('web');
    for (const file of files) file.content = 'changed';
    expect(files).toHaveLength(3);
    expect(TEMPLATE_RULES.web.files.every((file) => file.content !== 'changed')).toBe(true);
  });
});

describe('projectPreview', () => {
  const file = (path: string, content: string) => ({ path, content });
  it.each<[string, ProjectLanguage, { path: string; content: string }[], string]>([
    ['the entry file, blank lines dropped', 'python', [file('util.py', 'x = 1'), file('main.py', 'print(1)\n\n\nprint(2)\r\n')], 'print(1)\nprint(2)'],
    ['the first file without an entry file', 'web', [file('about.html', '<p>About</p>')], '<p>About</p>'],
    ['at most six lines', 'javascript', [file('main.js', 'a\nb\nc\nd\ne\nf\ng\nh')], 'a\nb\nc\nd\ne\nf'],
    ['nothing without files', 'sql', [], ''],
  ])('%s', (_case, language, files, expected) => {
    expect(projectPreview(language, files)).toBe(expected);
  });

  it('cuts long lines by characters, never inside an emoji', () => {
    const preview = projectPreview('python', [file('main.py', '🐍'.repeat(1000))]);
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX_CHARS);
    expect(preview).toBe('🐍'.repeat(PREVIEW_MAX_CHARS));
  });
});
