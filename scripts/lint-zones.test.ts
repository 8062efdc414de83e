/**
 * The import zones of eslint.config.mjs around the two processes that are not the web app (the
 * instance app and the machine agent) and the shared modules they may use, proved by linting a
 * crossing import in each zone (its error expected) and an allowed one (none expected).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** The zones' rule, and the resolver's: an import that does not resolve is not checked by the zones, so it must fail here. */
const RULES = ['import/no-restricted-paths', 'import/no-unresolved'];

/**
 * ESLint's Node API (`new ESLint({ cwd })`, `lintText` with a `filePath` in the zone) in a child
 * Node: Jest's module system cannot load eslint.config.mjs (it is an ES module that ESLint imports).
 * One child lints every case. The cycle rule is off: it walks the import graph from a file that is
 * not on disk, and only the zones matter here.
 */
const LINT_CASES = `
import { ESLint } from 'eslint';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off', 'import/no-unresolved': 'error' } } });
const answers = [];
for (const { filePath, source } of JSON.parse(input)) {
  const [result] = await eslint.lintText(source, { filePath });
  answers.push(result.messages.filter((message) => ${JSON.stringify(RULES)}.includes(message.ruleId)).map((message) => \`\${message.ruleId}: \${message.message}\`));
}
process.stdout.write(JSON.stringify(answers));
`;

function lintCases(cases: { file: string; source: string }[]): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', LINT_CASES], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as string[][]);
    });
    child.stdin?.end(JSON.stringify(cases.map(({ file, source }) => ({ filePath: path.join(ROOT, file), source: `${source}\nexport const used = [value];\n` }))));
  });
}

/** [file linted, what it imports, the import, the error expected] */
const REFUSED: [string, string, string, RegExp][] = [
  ['src/machine-agent/new-file.ts', 'the app’s configuration', "import { serverEnv as value } from '@/server/config/server-env';", /machine agent runs inside a learner's machine/],
  ['src/machine-agent/new-file.ts', 'the instance app', "import { agentCall as value } from '@/instance-app';", /machine agent runs inside a learner's machine/],
  ['src/machine-agent/new-file.ts', 'the logger of src/lib', "import { logger as value } from '@/lib/logger';", /machine agent runs inside a learner's machine/],
  ['src/machine-agent/new-file.ts', 'a runner', "import { SandboxBusyError as value } from '@/runner/sandbox/sandbox-pool';", /machine agent runs inside a learner's machine/],
  ['src/instance-app/new-file.ts', 'the web app’s server code', "import { getServices as value } from '@/server/services/services';", /instance app is its own process/],
  ['src/instance-app/client/new-file.ts', 'a feature beyond the editor palette', "import value from '@/features/editor/components/code-editor';", /instance app is its own process/],
  ['src/instance-app/new-file.ts', 'the design system', "import { Button as value } from '@/ui/button';", /instance app is its own process/],
  ['src/instance-app/new-file.ts', 'the machine agent', "import { startAgent as value } from '@/machine-agent';", /instance app is its own process/],
  ['src/server/machines/new-file.ts', 'the instance app', "import { createInstanceApp as value } from '@/instance-app';", /the web app never imports them/],
  ['src/features/machines/new-file.ts', 'the machine agent', "import { startAgent as value } from '@/machine-agent';", /the web app never imports them/],
  ['pages/new-file.ts', 'the instance app', "import { createInstanceApp as value } from '@/instance-app';", /the web app never imports them/],
  ['src/lib/http/new-file.ts', 'the logger (src/lib/http is bundled into the agent)', "import { logger as value } from '@/lib/logger';", /node built-ins only/],
];

/** [file linted, what it imports, the imports] */
const ALLOWED: [string, string, string][] = [
  ['src/machine-agent/new-file.ts', 'the machine contracts, node built-ins, ws and node-pty', "import { AGENT_KEY_HEADER as value } from '@/domain/machines/machine-contracts';\nimport 'node:http';\nimport 'ws';\nimport type {} from 'node-pty';"],
  ['src/machine-agent/new-file.ts', 'the shared body reader', "import { readBody as value } from '@/lib/http/read-body';"],
  ['src/machine-agent/new-file.test.ts', 'the instance app’s client (tests are not bundled)', "import { agentCall as value } from '@/instance-app';"],
  ['src/instance-app/new-file.ts', 'its own files, the logger, the agent socket and the cookie parser', "import { agentCall as value } from './agent-client';\nimport '@/lib/logger';\nimport '@/lib/machines/agent-socket';\nimport '@/lib/http/cookie-header';"],
  ['src/instance-app/client/new-file.ts', 'the error catalogue and the editor palette', "import { nextStepFor as value } from '@/lib/api-client/api-error';\nimport '@/features/editor/extensions/editor-theme';"],
  ['src/server/machines/new-file.ts', 'the shared readers', "import { readBody as value } from '@/lib/http/read-body';\nimport '@/lib/http/cookie-header';"],
  ['scripts/new-file.ts', 'the instance app’s entry (scripts start it)', "import { createInstanceApp as value } from '../src/instance-app';"],
];

let refused: string[][] = [];
let allowed: string[][] = [];

beforeAll(async () => {
  const answers = await lintCases([...REFUSED, ...ALLOWED].map(([file, , source]) => ({ file, source })));
  refused = answers.slice(0, REFUSED.length);
  allowed = answers.slice(REFUSED.length);
}, 120_000);

describe('the import zones', () => {
  it.each(REFUSED.map((row, index) => [...row, index] as const))('in %s, refuse an import of %s', (_file, _what, _source, expected, index) => {
    expect(refused[index]).toEqual([expect.stringMatching(expected)]);
  });

  it.each(ALLOWED.map((row, index) => [...row, index] as const))('in %s, allow %s', (_file, _what, _source, index) => {
    expect(allowed[index]).toEqual([]);
  });
});
