import type { NextApiRequest, NextApiResponse } from 'next';
import type { DatabaseHandle } from '@/server/db/client';
import { createDatabaseCheck } from '@/server/http/database-check';
import { createHealthHandler } from '@/server/http/health';
import { createHealthRepository } from '@/server/repositories/health-repository';
import { openTestDatabase } from './support/database';

async function health(handle: DatabaseHandle) {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    setHeader: () => undefined,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json: (body: unknown) => (sent.body = body),
  };
  const check = createDatabaseCheck({ ping: () => createHealthRepository(handle.db).ping(), onError: () => undefined });
  await createHealthHandler(check)({} as NextApiRequest, res as unknown as NextApiResponse);
  return sent;
}

describe(`/api/health on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('is 200 while the database answers select 1, and 503 once it cannot', async () => {
    const handle = await openTestDatabase();
    expect(await health(handle)).toEqual({ status: 200, body: { status: 'ok', database: 'ok' } });
    await handle.close();
    expect(await health(handle)).toEqual({ status: 503, body: { status: 'unavailable', database: 'error' } });
  });
});
