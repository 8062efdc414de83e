import type { RunRequest, RunResult } from '../run-types';
import { createNodeJavaScriptRunner } from './javascript-runner';
import { createNodePythonRunner } from './python-runner';
import { createNodeSqlRunner } from './sql-runner';

/**
 * The check engine on the server and in content:check: the same harness and check rules as
 * the lesson player, with the runtimes Node can host. HTML/CSS (DOM) lessons are reported as not
 * runnable here rather than passed.
 */
export function createNodeCheckEngine() {
  const python = createNodePythonRunner();
  const javascript = createNodeJavaScriptRunner();
  const sql = createNodeSqlRunner();
  return {
    async run(request: RunRequest): Promise<RunResult> {
      switch (request.lessonType) {
        case 'Python':
          return python.run(request);
        case 'JS':
          return javascript.run(request);
        case 'HTML':
          return { status: 'unsupported', reason: 'HTML and CSS checks run in the browser player; the server cannot run them yet.' };
        case 'SQL':
          return sql.run(request);
      }
    },
  };
}

export type NodeCheckEngine = ReturnType<typeof createNodeCheckEngine>;
