/**
 * The build area's project kinds: a language decides which files a project may hold and what runs
 * it; a template is a language's starting point (files, entry file, default title). Pure data, shared
 * by the server (creating projects) and the browser (the "new project" choices, the file tree).
 */

export const PROJECT_LANGUAGES = ['web', 'python', 'sql', 'javascript'] as const;
export type ProjectLanguage = (typeof PROJECT_LANGUAGES)[number];

export interface ProjectFile {
  /** Relative path, `/` between folders (see project-files.ts for what is allowed). */
  path: string;
  content: string;
}

export interface LanguageRule {
  label: string;
  /** Lower-case extensions (without the dot) a file of such a project may have. */
  extensions: readonly string[];
  /** The file that runs or opens first; its first lines are the project's preview. */
  entryFile: string;
}

export const LANGUAGE_RULES: Record<ProjectLanguage, LanguageRule> = {
  web: { label: 'Web page', extensions: ['html', 'css', 'js', 'json', 'txt', 'md', 'svg'], entryFile: 'index.html' },
  python: { label: 'Python', extensions: ['py', 'txt', 'csv', 'json', 'md'], entryFile: 'main.py' },
  sql: { label: 'SQL', extensions: ['sql', 'csv', 'txt', 'md'], entryFile: 'query.sql' },
  javascript: { label: 'JavaScript', extensions: ['js', 'json', 'txt', 'md'], entryFile: 'main.js' },
};

export const PROJECT_TEMPLATES = ['web', 'python', 'sql', 'javascript'] as const;
export type ProjectTemplate = (typeof PROJECT_TEMPLATES)[number];

export interface TemplateRule {
  language: ProjectLanguage;
  entryFile: string;
  defaultTitle: string;
  /** Short line for the "new project" chooser. */
  description: string;
  files: readonly ProjectFile[];
}

const WEB_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>My web page</title>
    <link rel="stylesheet" href="style.css">
  </head>
  <body>
    <main>
      <h1>Hello, world!</h1>
      <p>This is my page. Change this text, then press the button.</p>
      <button id="greet">Say hi</button>
      <p id="message"></p>
    </main>
    <script src="script.js"></script>
  </body>
</html>
`;

const WEB_CSS = `body {
  font-family: system-ui, sans-serif;
  background: #f5f7fb;
  color: #1f2933;
  margin: 0;
}

main {
  max-width: 600px;
  margin: 48px auto;
  padding: 0 16px;
}

h1 {
  color: #3b5bdb;
}

button {
  font: inherit;
  padding: 8px 16px;
  border: none;
  border-radius: 8px;
  background: #3b5bdb;
  color: white;
  cursor: pointer;
}
`;

const WEB_JS = `const button = document.querySelector("#greet");
const message = document.querySelector("#message");

button.addEventListener("click", () => {
  message.textContent = "Hi there! You clicked the button.";
});
`;

const PYTHON_MAIN = `# My Python program
name = "world"
print(f"Hello, {name}!")

for number in range(1, 4):
    print("Counting:", number)
`;

const SQL_SCHEMA = `-- A small plant shop. This file runs first and builds the database that query.sql asks.
CREATE TABLE plants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  price REAL NOT NULL,
  stock INTEGER NOT NULL
);

CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  city TEXT NOT NULL
);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  plant_id INTEGER NOT NULL REFERENCES plants(id),
  quantity INTEGER NOT NULL,
  ordered_on TEXT NOT NULL
);

INSERT INTO plants VALUES
  (1, 'Monstera', 'Foliage', 24.50, 6),
  (2, 'Snake plant', 'Succulent', 15.00, 12),
  (3, 'Peace lily', 'Flowering', 18.75, 4),
  (4, 'Aloe vera', 'Succulent', 9.90, 20),
  (5, 'Fiddle-leaf fig', 'Foliage', 39.00, 2),
  (6, 'Orchid', 'Flowering', 22.00, 7);

INSERT INTO customers VALUES
  (1, 'Maya', 'Lisbon'),
  (2, 'Tom', 'Porto'),
  (3, 'Ines', 'Lisbon');

INSERT INTO orders VALUES
  (1, 1, 2, 1, '2024-05-02'),
  (2, 2, 4, 3, '2024-05-03'),
  (3, 3, 1, 1, '2024-05-07'),
  (4, 1, 6, 2, '2024-05-10');
`;

const SQL_QUERY = `-- Ask the plant shop a question. schema.sql shows its tables.
SELECT name, price
FROM plants
WHERE stock > 5
ORDER BY price;
`;

const JAVASCRIPT_MAIN = `// My JavaScript program
const name = "world";
console.log(\`Hello, \${name}!\`);

for (let number = 1; number <= 3; number++) {
  console.log("Counting:", number);
}
`;

export const TEMPLATE_RULES: Record<ProjectTemplate, TemplateRule> = {
  web: {
    language: 'web',
    entryFile: 'index.html',
    defaultTitle: 'My web page',
    description: 'A page with HTML, CSS and JavaScript.',
    files: [
      { path: 'index.html', content: WEB_HTML },
      { path: 'style.css', content: WEB_CSS },
      { path: 'script.js', content: WEB_JS },
    ],
  },
  python: {
    language: 'python',
    entryFile: 'main.py',
    defaultTitle: 'My Python program',
    description: 'A Python program that prints and reads text.',
    files: [{ path: 'main.py', content: PYTHON_MAIN }],
  },
  sql: {
    language: 'sql',
    entryFile: 'query.sql',
    defaultTitle: 'My SQL playground',
    description: 'A plant shop database to ask questions with SQL.',
    files: [
      { path: 'schema.sql', content: SQL_SCHEMA },
      { path: 'query.sql', content: SQL_QUERY },
    ],
  },
  javascript: {
    language: 'javascript',
    entryFile: 'main.js',
    defaultTitle: 'My JavaScript program',
    description: 'A JavaScript program that writes to the console.',
    files: [{ path: 'main.js', content: JAVASCRIPT_MAIN }],
  },
};

/** A template's starter files, as new objects (callers may keep or change them). */
export function templateFiles(template: ProjectTemplate): ProjectFile[] {
  return TEMPLATE_RULES[template].files.map((file) => ({ ...file }));
}

export const PREVIEW_MAX_LINES = 6;
export const PREVIEW_MAX_CHARS = 240;

/**
 * A few lines for a project's thumbnail: the start of the language's entry file (or of the first
 * file when there is none), blank lines dropped, cut at PREVIEW_MAX_LINES lines and PREVIEW_MAX_CHARS characters.
 */
export function projectPreview(language: ProjectLanguage, files: readonly ProjectFile[]): string {
  const entry = files.find((file) => file.path === LANGUAGE_RULES[language].entryFile) ?? files[0];
  if (!entry) return '';
  const lines = entry.content
    .split(/\r?\n/)
    .filter((line) => line.trim().length > 0)
    .slice(0, PREVIEW_MAX_LINES)
    .join('\n');
  return Array.from(lines).slice(0, PREVIEW_MAX_CHARS).join('');
}
