import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tutorRoutes } from '@/server/api/v1/tutor-routes';
import { createAuthenticator } from '@/server/auth/identity';
import { compileContent } from '@/server/content/compile-content';
import type { DatabaseHandle } from '@/server/db/client';
import { runRoutes } from '@/server/http/endpoint';
import { createServices, type Services } from '@/server/services/services';
import type { TutorConfig } from '@/server/services/tutor-service';
import { openTestDatabase } from './support/database';
import { emulatorUser, testAdminAuth } from './support/emulator';
import { subscribeToPro } from './support/subscribe';

/** A local OpenAI-compatible endpoint: records what it is asked and answers like a chat model. */
function fakeModel(answer: (body: { messages: { role: string; content: string }[] }) => { status: number; body: unknown }) {
  const requests: { headers: Record<string, string | string[] | undefined>; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[] };
      requests.push({ headers: req.headers, body });
      const reply = req.url === '/v1/chat/completions' ? answer(body) : { status: 404, body: {} };
      res.writeHead(reply.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let handle: DatabaseHandle;
let services: Services;
let token: string;
const authenticate = createAuthenticator({ impersonation: null, verifyIdToken: (t) => testAdminAuth().verifyIdToken(t) });

beforeAll(async () => {
  handle = await openTestDatabase();
  services = createServices(handle.db);
  const { content } = await compileContent(path.resolve('content'));
  await services.content.publish(content);
  const learner = await emulatorUser();
  // The model-backed tutor is Pro (billing.test.ts holds a free learner to that).
  await subscribeToPro(services, learner.uid);
  token = learner.idToken;
});

afterAll(async () => {
  await handle.close();
});

const body = {
  trackId: 'python',
  tutorialId: 'python-basics',
  chapterId: 'python-basics-first-steps',
  lessonId: 'py-hello-print',
  files: [{ name: 'main.py', userContent: 'print("Hello world")' }],
  output: 'Hello world\n',
  error: null,
  failedChecks: [1],
};

const call = (config: TutorConfig | null, requestBody: unknown = body) =>
  runRoutes(tutorRoutes(services, config), { method: 'POST', headers: { authorization: `Bearer ${token}` }, query: {}, body: requestBody }, { authenticate });

describe('the optional AI tutor', () => {
  it('answers 404 when no model is configured, so the player explains by itself', async () => {
    expect(await call(null)).toMatchObject({ status: 404, body: { message: expect.stringMatching(/No tutor model is configured/) } });
  });

  it('asks the configured OpenAI-compatible endpoint with the lesson facts and returns its words', async () => {
    const model = await fakeModel(() => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content: ' Look at the comma after Hello. ' } }] } }));
    try {
      const response = await call({ baseUrl: model.url, apiKey: 'secret-key', model: 'tiny-tutor', timeoutMs: 5000 });
      expect(response).toEqual({ status: 200, body: { text: 'Look at the comma after Hello.' }, headers: undefined });
      const sent = model.requests[0];
      expect(sent?.headers.authorization).toBe('Bearer secret-key');
      expect(sent?.body.model).toBe('tiny-tutor');
      const prompt = sent?.body.messages.map((message) => message.content).join('\n') ?? '';
      expect(prompt).toContain('Lesson: Say hello');
      expect(prompt).toContain('print("Hello world")');
      // The failed check's message comes from the lesson itself, not from the client.
      expect(prompt).toMatch(/check 2: /);
      expect(prompt).toContain('Never write the corrected code');
    } finally {
      await model.close();
    }
  });

  it('turns a failing or silent model into a 502 with a message', async () => {
    const model = await fakeModel(() => ({ status: 500, body: { error: 'overloaded' } }));
    try {
      expect(await call({ baseUrl: model.url, apiKey: null, model: 'm', timeoutMs: 5000 })).toEqual({
        status: 502,
        body: { message: 'The tutor is not answering right now. Try again in a moment; the lesson’s hints still help.' },
      });
    } finally {
      await model.close();
    }
    // The network error (ECONNREFUSED, "fetch failed") goes to the server log, not to the learner.
    expect(await call({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'm', timeoutMs: 1000 })).toEqual({
      status: 502,
      body: { message: 'The tutor is not answering right now. Try again in a moment; the lesson’s hints still help.' },
    });
  });

  it('refuses files the lesson does not have', async () => {
    const response = await call({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: 'm', timeoutMs: 1000 }, { ...body, files: [{ name: '../etc/passwd', userContent: '' }] });
    expect(response.status).toBe(422);
  });
});
