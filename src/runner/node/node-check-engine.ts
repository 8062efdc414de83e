import type { RunRequest, RunResult } from '../run-types';
import { createNodeHtmlRunner, type NodeHtmlRunnerOptions } from './html-runner';
import { createNodeJavaScriptRunner, type NodeJavaScriptRunnerOptions } from './javascript-runner';
import { createNodePythonRunner, type NodePythonRunnerOptions } from './python-runner';
import { createNodeSqlRunner } from './sql-runner';

/**
 * The check engine on the server and in content:check: the same harness and check rules as
 * the lesson player: Pyodide, a vm context, sql.js and jsdom.
 */
export function createNodeCheckEngine(options: NodeHtmlRunnerOptions & { javascript?: NodeJavaScriptRunnerOptions; python?: NodePythonRunnerOptions } = {}) {
  const python = createNodePythonRunner(options.python);
  const javascript = createNodeJavaScriptRunner(options.javascript);
  const sql = createNodeSqlRunner();
  const html = createNodeHtmlRunner(options);
  return {
    async run(request: RunRequest): Promise<RunResult> {
      switch (request.lessonType) {
        case 'Python':
          return python.run(request);
        case 'JS':
          return javascript.run(request);
        case 'HTML':
          return html.run(request);
        case 'SQL':
          return sql.run(request);
      }
    },
  };
}

export type NodeCheckEngine = ReturnType<typeof createNodeCheckEngine>;
