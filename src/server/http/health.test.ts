import type { NextApiRequest, NextApiResponse } from 'next';
import type { DatabaseState } from './database-check';
import { createHealthHandler } from './health';

jest.mock('@/server/db/database', () => ({ getDatabase: jest.fn() }));

async function answer(state: DatabaseState) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  await createHealthHandler(async () => state)({} as NextApiRequest, res as unknown as NextApiResponse);
  return sent;
}

describe('/api/health', () => {
  it('answers 200 when the database answers', async () => {
    expect(await answer('ok')).toEqual({ status: 200, body: { status: 'ok', database: 'ok' }, headers: { 'Cache-Control': 'no-store' } });
  });

  it.each(['timeout', 'error'] as const)('answers 503 when the database check ends in %s (start.ts keeps waiting: it treats 5xx as not up)', async (state) => {
    expect(await answer(state)).toMatchObject({ status: 503, body: { status: 'unavailable', database: state } });
  });
});
