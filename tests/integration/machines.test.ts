import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { agentCall } from '@/instance-app';
import { machineListSchema, machineLoginTokenSchema, machineSchema, type Machine } from '@/domain/machines/machine-dto';
import { DEFAULT_MACHINE_QUOTA } from '@/domain/machines/machine-rules';
import { DEFAULT_RATE_LIMITS } from '@/domain/rate-limits/rate-limit-rules';
import { checkInstanceSecret, instanceActivityRoutes, instanceExchangeRoutes } from '@/server/api/internal/instance-routes';
import { instanceLoginTokenRoutes, machineRoutes, machineStartRoutes, machineStopRoutes, machinesRoutes } from '@/server/api/v1/machine-routes';
import type { DatabaseHandle } from '@/server/db/client';
import { machineLoginTokens, machines } from '@/server/db/schema';
import { runRoutes, type ApiRequest, type ApiResponse, type Routes } from '@/server/http/endpoint';
import { createLocalProvisioner } from '@/server/machines/local-driver';
import type { AgentEndpoint, InstanceMachineGrant, Provisioner } from '@/domain/machines/machine-contracts';
import { createMachineService } from '@/server/services/machine-service';
import { createServices, type Services } from '@/server/services/services';
import { apiCaller } from './support/api-call';
import { openTestDatabase } from './support/database';
import { emulatorUser } from './support/emulator';
import { subscribeToPro } from './support/subscribe';

/**
 * Machines end to end below the browser: the spec calls, limits, login tokens, idle stop and
 * restart recovery, with the real local driver (sandboxed processes) and the real database.
 */
const DATABASE = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';
const SECRET = 's'.repeat(40);

let handle: DatabaseHandle;
let services: Services;
let provisioner: Provisioner;
let dataDir: string;
let clock = new Date('2026-11-24T09:00:00Z');
const call = apiCaller(() => services);
let ada: string;
let bo: string;
let boUid: string;
let adaUid: string;

const roomyLimits = { ...DEFAULT_RATE_LIMITS, 'project-write': { ...DEFAULT_RATE_LIMITS['project-write'], limit: 10_000 } };
const at = (machineId: string) => ({ query: { machineId } });
const message = (response: ApiResponse) => (response.body as { message?: string }).message ?? '';

/** The internal API as the instance app calls it: the secret header decides, never a learner token. */
const internal = (routes: Routes, body: unknown, secret: string = SECRET) =>
  runRoutes(routes, { method: 'POST', query: {}, body, headers: {} } as ApiRequest, {
    authenticate: async () => {
      throw new Error('the internal API must not look at learner tokens');
    },
    onPublicCaller: async () => checkInstanceSecret(SECRET, secret),
  });

async function create(token: string, body: unknown): Promise<Machine> {
  const response = await call(machinesRoutes(services), token, { method: 'POST', body });
  expect(response.status).toBe(201);
  return machineSchema.parse(response.body);
}

async function started(token: string, id: string): Promise<Machine> {
  const response = await call(machineStartRoutes(services), token, { method: 'POST', ...at(id) });
  expect(response.status).toBe(200);
  expect(machineSchema.parse(response.body).state).toBe('starting');
  await services.machines.settled(id);
  const now = machineSchema.parse((await call(machineRoutes(services), token, at(id))).body);
  expect(now).toMatchObject({ state: 'running', lastError: null });
  return now;
}

/** The hash of the instance app's nonce cookie in "the learner's browser" (instance-app/server.ts). */
const BINDING = 'n'.repeat(43);

/** The raw login token, as GET /instance/login-token gives it. */
async function rawTokenFor(token: string, id: string): Promise<string> {
  const response = await call(instanceLoginTokenRoutes(services), token, at(id));
  expect(response.status).toBe(200);
  return machineLoginTokenSchema.parse(response.body).token;
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { uid: string; jti: string };

/** A login token as the instance app exchanges it: bound by the web app's sign-in page to the learner's browser. */
async function tokenFor(token: string, id: string): Promise<string> {
  const raw = await rawTokenFor(token, id);
  const bound = services.machines.bindLoginToken(claimsOf(raw).uid, raw, BINDING);
  if (!bound.ok) throw new Error(bound.message);
  return bound.token;
}

async function agentText(endpoint: AgentEndpoint, key: string, method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
  const answer = await agentCall({ endpoint, key }, method, url, body === undefined ? undefined : Buffer.from(body));
  return { status: answer.status, text: answer.body.toString('utf8') };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'codetrail-machines-'));
  provisioner = createLocalProvisioner({ dataDir });
  services = createServices(handle.db, { now: () => clock, rateLimits: roomyLimits, provisioner });
  const [first, second] = await Promise.all([emulatorUser({ displayName: 'Ada' }), emulatorUser({ displayName: 'Bo' })]);
  // Machines are Pro (billing.test.ts holds a free learner to that).
  for (const learner of [first, second]) await subscribeToPro(services, learner.uid);
  ada = first.idToken;
  adaUid = first.uid;
  bo = second.idToken;
  boUid = second.uid;
}, 60_000);

afterAll(async () => {
  for (const id of await provisioner.listRunning()) await provisioner.stop(id);
  await services.checks.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`machines on ${DATABASE}`, () => {
  it('GET /instances lists the learner\'s machines, each tagged type instance, with limits and templates', async () => {
    const empty = machineListSchema.parse((await call(machinesRoutes(services), ada)).body);
    expect(empty).toMatchObject({ machines: [], limits: { maxMachines: DEFAULT_MACHINE_QUOTA.maxMachines, maxRunning: 1, network: 'No network: this machine reaches nothing outside itself, so pip install and npm install from the internet do not work here.' } });
    expect(empty.templates.map((template) => template.id)).toEqual(['node-web', 'python', 'linux']);
    const made = await create(ada, { template: 'node-web' });
    expect(made).toMatchObject({ type: 'instance', name: 'Node web app', template: 'node-web', state: 'stopped' });
    expect(made.diskBytes).toBeGreaterThan(1000);
    expect(made.id).toMatch(/^m_[a-z0-9]{12}$/);
    expect(JSON.stringify(made)).not.toContain('agentKey');
    const listed = machineListSchema.parse((await call(machinesRoutes(services), ada)).body).machines;
    expect(listed.map((machine) => [machine.type, machine.id])).toEqual([['instance', made.id]]);
    await call(machineRoutes(services), ada, { method: 'DELETE', ...at(made.id) });
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const cases: [Routes, Partial<ApiRequest>, number, string][] = [
      [machinesRoutes(services), { method: 'POST', body: { template: 'windows' } }, 422, 'template must be one of node-web, python, linux'],
      [machinesRoutes(services), { method: 'POST', body: { template: 'linux', name: '   ' } }, 422, 'Give the machine a name'],
      [machinesRoutes(services), { method: 'POST', body: { template: 'linux', name: 'x'.repeat(61) } }, 422, 'at most 60'],
      [machinesRoutes(services), { method: 'POST' }, 400, 'needs a JSON body'],
      [machineRoutes(services), { ...at('m_doesnotexist') }, 404, 'no such machine'],
      [machineRoutes(services), { ...at('../../etc') }, 404, 'no such machine'],
      [machineStartRoutes(services), { method: 'POST', ...at('m_doesnotexist') }, 404, 'no such machine'],
      [instanceLoginTokenRoutes(services), {}, 400, 'machineId'],
    ];
    for (const [routes, req, status, text] of cases) {
      const response = await call(routes, ada, req);
      expect([response.status, message(response)]).toEqual([status, expect.stringContaining(text)]);
    }
    expect(machineListSchema.parse((await call(machinesRoutes(services), ada)).body).machines).toEqual([]);
  });

  it('holds each learner to their number of machines and one running at a time, with clear messages', async () => {
    const made = [];
    for (let index = 0; index < DEFAULT_MACHINE_QUOTA.maxMachines; index += 1) made.push(await create(bo, { template: 'linux', name: `Box ${index}` }));
    const refused = await call(machinesRoutes(services), bo, { method: 'POST', body: { template: 'linux' } });
    expect([refused.status, message(refused)]).toEqual([409, 'You can have 3 machines. Delete one to make a new one.']);
    const [first, second] = made;
    if (!first || !second) throw new Error('machines were made');
    await started(bo, first.id);
    const busy = await call(machineStartRoutes(services), bo, { method: 'POST', ...at(second.id) });
    expect([busy.status, message(busy)]).toEqual([409, 'You already have a machine running. Stop it first to start this one.']);
    const again = await call(machineStartRoutes(services), bo, { method: 'POST', ...at(first.id) });
    expect([again.status, message(again)]).toEqual([409, 'This machine is already running.']);
    const stopped = await call(machineStopRoutes(services), bo, { method: 'POST', ...at(first.id) });
    expect(machineSchema.parse(stopped.body).state).toBe('stopped');
    expect(await provisioner.isRunning(first.id, null)).toBe(false);
    for (const machine of made) expect((await call(machineRoutes(services), bo, { method: 'DELETE', ...at(machine.id) })).status).toBe(200);
  }, 60_000);

  it('another learner\'s machine answers 404 to every call, and its token cannot be had', async () => {
    const mine = await create(ada, { template: 'python', name: 'Mine' });
    for (const [routes, req] of [
      [machineRoutes(services), at(mine.id)],
      [machineRoutes(services), { method: 'PATCH', ...at(mine.id), body: { name: 'Stolen' } }],
      [machineRoutes(services), { method: 'DELETE', ...at(mine.id) }],
      [machineStartRoutes(services), { method: 'POST', ...at(mine.id) }],
      [machineStopRoutes(services), { method: 'POST', ...at(mine.id) }],
      [instanceLoginTokenRoutes(services), at(mine.id)],
    ] as [Routes, Partial<ApiRequest>][]) {
      expect((await call(routes, bo, req)).status).toBe(404);
    }
    expect(machineSchema.parse((await call(machineRoutes(services), ada, at(mine.id))).body)).toMatchObject({ name: 'Mine', state: 'stopped' });
    await call(machineRoutes(services), ada, { method: 'DELETE', ...at(mine.id) });
  });

  it('login tokens: only for a running machine, exchanged once by the instance app, for 60 seconds, for that machine', async () => {
    const machine = await create(ada, { template: 'node-web', name: 'Web' });
    const early = await call(instanceLoginTokenRoutes(services), ada, at(machine.id));
    expect([early.status, message(early)]).toEqual([409, 'Start this machine first.']);
    await started(ada, machine.id);

    const token = await tokenFor(ada, machine.id);
    expect((await internal(instanceExchangeRoutes(services), { token, binding: BINDING }, 'w'.repeat(40))).status).toBe(401);
    expect((await internal(instanceExchangeRoutes(services), { token, binding: BINDING }, '')).status).toBe(401);
    const exchanged = await internal(instanceExchangeRoutes(services), { token, binding: BINDING });
    expect(exchanged.status).toBe(200);
    const grant = exchanged.body as InstanceMachineGrant;
    expect(grant).toMatchObject({ machineId: machine.id, machineName: 'Web', state: 'running', agent: { kind: 'socket' }, network: expect.stringMatching(/^No network: /) });
    const replay = await internal(instanceExchangeRoutes(services), { token, binding: BINDING });
    expect([replay.status, message(replay)]).toEqual([401, expect.stringContaining('already used')]);

    // The grant opens the machine's agent, and only with its key.
    if (!grant.agent || !grant.agentKey) throw new Error('a running machine has an agent');
    expect((await agentText(grant.agent, grant.agentKey, 'GET', '/files')).text).toContain('server.js');
    expect((await agentText(grant.agent, 'x'.repeat(43), 'GET', '/files')).status).toBe(401);

    const late = await tokenFor(ada, machine.id);
    clock = new Date(clock.getTime() + 61_000);
    const expired = await internal(instanceExchangeRoutes(services), { token: late, binding: BINDING });
    expect([expired.status, message(expired)]).toEqual([401, expect.stringContaining('expired')]);

    // The database's expiry counts too: a token whose row has expired is refused, whatever its signature says.
    const cut = await tokenFor(ada, machine.id);
    const [cutClaims] = cut.split('.');
    const cutId = (JSON.parse(Buffer.from(cutClaims ?? '', 'base64url').toString()) as { jti: string }).jti;
    await handle.db.update(machineLoginTokens).set({ expiresAt: new Date(clock.getTime() - 1000) }).where(eq(machineLoginTokens.id, cutId));
    expect((await internal(instanceExchangeRoutes(services), { token: cut, binding: BINDING })).status).toBe(401);
    await handle.db.delete(machineLoginTokens).where(eq(machineLoginTokens.id, cutId));

    // Old tokens are cleared as new ones are made, a day after they expired by the service's own
    // clock (the test's clock is a fixed day: the database's now() once deleted live tokens).
    const tokenRows = async () => (await handle.db.select({ id: machineLoginTokens.id }).from(machineLoginTokens).where(eq(machineLoginTokens.machineId, machine.id))).length;
    const before = await tokenRows();
    expect(before).toBe(2);
    const then = clock;
    clock = new Date(clock.getTime() + 25 * 60 * 60_000);
    await tokenFor(ada, machine.id);
    expect(await tokenRows()).toBe(1);
    clock = then;

    // A token names one learner and one machine: changing either breaks its signature.
    const [payload, signature] = (await tokenFor(ada, machine.id)).split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), uid: 'someone-else' })).toString('base64url')}.${signature}`;
    expect((await internal(instanceExchangeRoutes(services), { token: forged, binding: BINDING })).status).toBe(401);
    expect((await internal(instanceExchangeRoutes(services), { token: 'garbage', binding: BINDING })).status).toBe(401);
    expect((await internal(instanceExchangeRoutes(services), {})).status).toBe(422);

    // Bound to the browser that brought it: an unbound token, or one bound to another browser, opens nothing.
    const raw = await rawTokenFor(ada, machine.id);
    const unbound = await internal(instanceExchangeRoutes(services), { token: raw, binding: BINDING });
    expect([unbound.status, message(unbound)]).toEqual([401, 'This sign-in link was opened in another browser than the one that asked for it, so it opens nothing. Open the machine again from Codetrail.']);
    const elsewhere = services.machines.bindLoginToken(claimsOf(raw).uid, raw, 'o'.repeat(43));
    if (!elsewhere.ok) throw new Error(elsewhere.message);
    expect((await internal(instanceExchangeRoutes(services), { token: elsewhere.token, binding: BINDING })).status).toBe(401);
    // Login CSRF: the web app binds a token only for the learner it names, and only once.
    expect(services.machines.bindLoginToken(boUid, raw, BINDING)).toEqual({ ok: false, message: 'This link to a machine belongs to another Codetrail account, so it was not opened. If someone sent it to you, close this window: whatever you type there would go to their machine.' });
    expect(services.machines.bindLoginToken(claimsOf(raw).uid, elsewhere.token, BINDING)).toEqual({ ok: false, message: expect.stringContaining('not valid or has expired') });
    expect(services.machines.bindLoginToken(claimsOf(raw).uid, 'garbage', BINDING)).toEqual({ ok: false, message: expect.stringContaining('not valid or has expired') });
    expect((await internal(instanceExchangeRoutes(services), { token: elsewhere.token, binding: 'short' })).status).toBe(422);
    // Bound where it belongs, the same token opens the machine (once).
    expect((await internal(instanceExchangeRoutes(services), { token: elsewhere.token, binding: 'o'.repeat(43) })).status).toBe(200);

    // Activity is recorded for the owner only.
    const activity = await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: grant.userId });
    expect(activity).toMatchObject({ status: 200, body: { state: 'running' } });
    expect((await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: 'someone-else' })).status).toBe(404);
    await call(machineStopRoutes(services), ada, { method: 'POST', ...at(machine.id) });
    await call(machineRoutes(services), ada, { method: 'DELETE', ...at(machine.id) });
  }, 60_000);

  it('stops a machine after 30 minutes without activity and keeps its files; it starts again with them', async () => {
    const machine = await create(ada, { template: 'linux', name: 'Notes' });
    await started(ada, machine.id);
    const grant = (await internal(instanceExchangeRoutes(services), { token: await tokenFor(ada, machine.id), binding: BINDING })).body as InstanceMachineGrant;
    if (!grant.agent || !grant.agentKey) throw new Error('running');
    expect((await agentText(grant.agent, grant.agentKey, 'PUT', '/file?path=notes/today.txt', 'kept across stops')).status).toBe(204);

    expect(await services.machines.refreshDiskUsage()).toEqual([]);
    expect(machineSchema.parse((await call(machineRoutes(services), ada, at(machine.id))).body).diskBytes).toBeGreaterThanOrEqual('kept across stops'.length);
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect(await services.machines.cullIdle()).toEqual([]);
    await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: grant.userId });
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect(await services.machines.cullIdle()).toEqual([]);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await services.machines.cullIdle()).toEqual([machine.id]);
    const after = machineSchema.parse((await call(machineRoutes(services), ada, at(machine.id))).body);
    expect(after.state).toBe('stopped');
    expect(after.diskBytes).toBeGreaterThan(0);
    expect(await provisioner.isRunning(machine.id, null)).toBe(false);

    await started(ada, machine.id);
    const again = (await internal(instanceExchangeRoutes(services), { token: await tokenFor(ada, machine.id), binding: BINDING })).body as InstanceMachineGrant;
    if (!again.agent || !again.agentKey) throw new Error('running');
    expect(await agentText(again.agent, again.agentKey, 'GET', '/file?path=notes/today.txt')).toEqual({ status: 200, text: 'kept across stops' });
    await call(machineRoutes(services), ada, { method: 'DELETE', ...at(machine.id) });
  }, 60_000);

  it('after an app restart: adopts running machines, marks dead ones stopped, stops machines nobody owns', async () => {
    const alive = await create(ada, { template: 'linux', name: 'Alive' });
    await started(ada, alive.id);
    const dead = await create(bo, { template: 'linux', name: 'Dead' });
    await started(bo, dead.id);
    // The machine's processes die while the app is down; the row still says running.
    await provisioner.stop(dead.id);
    // A machine deleted from the database while its processes ran on (a crash between the two).
    const stray = await create(bo, { template: 'linux', name: 'Stray' });
    await provisioner.start({ id: stray.id, userId: 'x', template: 'linux', agentKey: 'k'.repeat(40), limits: { memoryMb: 512, cpus: 1, diskMb: 64, maxProcesses: 64, network: 'none' } });
    await handle.db.delete(machines).where(eq(machines.id, stray.id));

    const restarted = createServices(handle.db, { now: () => clock, rateLimits: roomyLimits, provisioner: createLocalProvisioner({ dataDir }) });
    const outcome = await restarted.machines.recover();
    expect(outcome.adopted).toEqual([alive.id]);
    expect(outcome.stopped).toEqual([dead.id]);
    expect(outcome.orphans).toEqual([stray.id]);
    expect(await provisioner.isRunning(stray.id, null)).toBe(false);
    expect(await provisioner.isRunning(alive.id, null)).toBe(true);
    expect(machineSchema.parse((await call(machineRoutes(restarted), bo, at(dead.id))).body).state).toBe('stopped');
    await restarted.checks.close();
    await call(machineRoutes(services), ada, { method: 'DELETE', ...at(alive.id) });
    await call(machineRoutes(services), bo, { method: 'DELETE', ...at(dead.id) });
    expect(await provisioner.isRunning(alive.id, null)).toBe(false);
  }, 60_000);

  it('where files are only measured: a machine over its disk allowance is stopped, its files kept and the learner told why', async () => {
    // The weaker mode (no filesystem per machine): a 1 MB allowance, and a machine service of its own.
    const measured = createLocalProvisioner({ dataDir: path.join(dataDir, 'measured'), disk: 'measured', log: () => undefined });
    const small = createMachineService(handle.db, { provisioner: measured, quota: { ...DEFAULT_MACHINE_QUOTA, diskMb: 1 }, network: 'none', networkLine: 'No network.', idleMinutes: 30, tokenKeys: ['test-key-test-key-test-key-test-key'], now: () => clock });
    const machine = await small.create(boUid, { template: 'linux', name: 'Measured' });
    await small.start(boUid, machine.id);
    await small.settled(machine.id);
    expect((await small.list(boUid)).machines.find((candidate) => candidate.id === machine.id)?.state).toBe('running');
    const running = { agent: measured.agentEndpoint(machine.id) };
    const key = (await handle.db.select().from(machines).where(eq(machines.id, machine.id)))[0]!.agentKey;
    expect(await small.refreshDiskUsage()).toEqual([]);
    expect((await agentText(running.agent, key, 'PUT', '/file?path=big.txt', 'x'.repeat(700_000))).status).toBe(204);
    expect((await agentText(running.agent, key, 'PUT', '/file?path=bigger.txt', 'y'.repeat(700_000))).status).toBe(204);

    expect(await small.refreshDiskUsage()).toEqual([machine.id]);
    const stopped = (await small.list(boUid)).machines.find((candidate) => candidate.id === machine.id);
    expect(stopped).toMatchObject({ state: 'stopped', lastError: 'Stopped because its files took 2 MB, over its 1 MB. Your files are kept: start it and delete some in the terminal within a minute, or it stops again.' });
    expect(stopped?.diskBytes).toBeGreaterThan(1_400_000);
    expect(await measured.isRunning(machine.id, null)).toBe(false);
    // Started again, the notice is gone and the files are there to delete.
    const again = await small.start(boUid, machine.id);
    expect(again.lastError).toBeNull();
    await small.settled(machine.id);
    expect((await agentText(measured.agentEndpoint(machine.id), key, 'GET', '/file?path=big.txt')).text).toHaveLength(700_000);
    await measured.remove(machine.id);
    await handle.db.delete(machines).where(eq(machines.id, machine.id));
  }, 60_000);

  // Last: Bo signs out here, and his ID token is refused from then on.
  it('instance sessions end with the learner’s sign-out, and a link made before it opens nothing', async () => {
    const machine = await create(bo, { template: 'linux', name: 'Signed out' });
    await started(bo, machine.id);
    const opened = await internal(instanceExchangeRoutes(services), { token: await tokenFor(bo, machine.id), binding: BINDING });
    const grant = opened.body as InstanceMachineGrant;
    expect(grant.since).toEqual(expect.any(String));
    const unused = await tokenFor(bo, machine.id);
    expect((await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: boUid, since: grant.since })).status).toBe(200);

    clock = new Date(clock.getTime() + 2000);
    await services.sessions.endAllFor(boUid);
    const after = await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: boUid, since: grant.since });
    expect(after.status).toBe(404);
    const late = await internal(instanceExchangeRoutes(services), { token: unused, binding: BINDING });
    expect([late.status, message(late)]).toEqual([401, expect.stringContaining('You signed out of Codetrail')]);
    expect((await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: boUid, since: 'yesterday' })).status).toBe(422);
    await provisioner.stop(machine.id);
  }, 60_000);

  it('a link made in the same second as a sign-out opens nothing; one made the next second opens the machine', async () => {
    const machine = await create(ada, { template: 'linux', name: 'Same second' });
    await started(ada, machine.id);
    // Login tokens carry whole seconds: one made at .000 and a sign-out at .999 of that second.
    clock = new Date(Math.ceil(clock.getTime() / 1000) * 1000 + 1000);
    const sameSecond = await tokenFor(ada, machine.id);
    clock = new Date(clock.getTime() + 999);
    await services.sessions.endAllFor(adaUid);
    const refused = await internal(instanceExchangeRoutes(services), { token: sameSecond, binding: BINDING });
    expect([refused.status, message(refused)]).toEqual([401, expect.stringContaining('You signed out of Codetrail')]);
    clock = new Date(clock.getTime() + 1); // the next second
    const nextSecond = await tokenFor(ada, machine.id);
    const opened = await internal(instanceExchangeRoutes(services), { token: nextSecond, binding: BINDING });
    expect(opened.status).toBe(200);
    const since = (opened.body as InstanceMachineGrant).since;
    expect((await internal(instanceActivityRoutes(services), { machineId: machine.id, userId: adaUid, since })).status).toBe(200);
    await provisioner.stop(machine.id);
  }, 60_000);
});
