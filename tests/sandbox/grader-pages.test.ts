import { createServer, type Server } from 'node:net';
import { createLocalGrader, type Grader } from '@/server/grading/grader';
import { chromiumPath } from '@/runner/node/chromium-html-runner';

/**
 * Learners' pages graded in Chromium: the page's own scripts run, so Chromium itself is jailed
 * (chromium-jail.ts) — a page cannot reach a socket on this machine, and its checks are measured
 * where its script cannot reach (an isolated world).
 */

jest.setTimeout(120_000);

const haveChromium = chromiumPath() !== null;
let grader: Grader;
let listener: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  grader = createLocalGrader({ pages: haveChromium ? 'chromium' : 'jsdom' });
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  await grader.close();
  await new Promise((resolve) => listener.close(resolve));
});

(haveChromium ? it : it.skip)('a page that calls a socket on this machine reaches nothing, and its patch of getComputedStyle does not pass', async () => {
  const page = `<!doctype html><h1>Hi</h1><img src="http://127.0.0.1:${port}/img"><script>
    fetch('http://127.0.0.1:${port}/x').catch(() => {});
    new WebSocket('ws://127.0.0.1:${port}/');
    window.getComputedStyle = () => ({ getPropertyValue: () => 'rgb(255, 0, 0)' });
  </script>`;
  const result = await grader.grade({
    lessonType: 'HTML',
    files: [{ name: 'index.html', content: page }],
    checks: [{ type: 'css', selector: 'h1', property: 'color', value: 'rgb(255, 0, 0)', message: 'Make the heading red.' }],
  });
  expect(result).toMatchObject({ status: 'ran', passed: false });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(connections).toBe(0);
});
