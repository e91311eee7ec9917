/** Shared by the tasks-*.test.ts files: members, partners, tasks and participations as rows. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { members } from '../../server/db/schema';
import { participations, surveyPartners, tasks } from '../../server/db/schema-tasks';
import { tasksChanged } from '../../server/modules/tasks/open';
import { withSignature } from '../../server/modules/tasks/signature';
import { createTestEnv, envelopeOf, testClock, type TestEnv } from './helpers';

export async function newMember(ctx: AppContext): Promise<number> {
  const code = randomBytes(4).toString('hex').toUpperCase();
  const [row] = await ctx.db
    .insert(members)
    .values({ nickname: `测试${code}`, memberCode: code, inviteCode: `I${code}` })
    .returning({ id: members.id });
  return row!.id;
}

export async function newPartner(ctx: AppContext, overrides: Partial<typeof surveyPartners.$inferInsert> = {}) {
  const code = `p${randomBytes(3).toString('hex')}`;
  const [row] = await ctx.db
    .insert(surveyPartners)
    .values({
      code,
      name: `测试合作方${code}`,
      secret: randomBytes(16).toString('hex'),
      entryUrl: `https://partner.example.com/s/${code}?uid={rid}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function newTask(ctx: AppContext, overrides: Partial<typeof tasks.$inferInsert> = {}) {
  const hashId = `t${randomBytes(6).toString('hex')}`;
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      hashId,
      title: `测试任务${hashId}`,
      type: 2,
      module: 2,
      kind: 'survey',
      points: 100,
      screenOutPoints: 10,
      quotaFullPoints: 5,
      minutes: 10,
      openAt: new Date(ctx.now() - 3_600_000),
      ...overrides,
    })
    .returning();
  tasksChanged(); // a writer of tasks, as the ops commands are
  return row!;
}

/** A started participation row (as startTask would leave it). */
export async function newParticipation(
  ctx: AppContext,
  taskId: number,
  memberId: number,
  overrides: Partial<typeof participations.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(participations)
    .values({
      taskId,
      memberId,
      respondentId: randomBytes(16).toString('base64url'),
      startedAt: new Date(ctx.now()),
      expiresAt: new Date(ctx.now() + 120 * 60_000),
      ...overrides,
    })
    .returning();
  return row!;
}

/** 2030-01-01 10:00 Beijing. */
export const T0 = Date.UTC(2030, 0, 1, 2, 0, 0);

export interface CallOptions {
  /** Act as this member (the test verifier accepts `m:<id>`). */
  member?: number;
  ip?: string;
  deviceType?: number;
  deviceId?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  body?: unknown;
}

export interface CallResult<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface TasksHarness {
  env: TestEnv;
  app: FastifyInstance;
  ctx: AppContext;
  clock: { now: () => number; advance(ms: number): void; set(ms: number): void };
  call<T = unknown>(method: 'GET' | 'POST', url: string, opts?: CallOptions): Promise<CallResult<T>>;
  /** Close the apps and build again on the same data (a restart). */
  rebuild(overrides?: Partial<Config>): Promise<void>;
}

/** Bearer `m:<id>` → member id (a members row must exist for the foreign keys). */
const testVerifier = async (token: string) => (/^m:\d+$/.test(token) ? { id: Number(token.slice(2)) } : null);

export async function tasksHarness(name: string, overrides: Partial<Config> = {}): Promise<TasksHarness> {
  const env = createTestEnv(name);
  const clock = testClock(T0);
  const h = { env, clock } as TasksHarness;
  const build = async (o: Partial<Config>) => {
    h.app = await env.build({ seedDemo: false, ...o }, { now: clock.now, verifyMember: testVerifier });
    h.ctx = h.app.ctx;
  };
  await build(overrides);
  h.rebuild = async (o = overrides) => {
    await env.closeAll();
    await build(o);
  };
  h.call = async <T>(method: 'GET' | 'POST', url: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.member !== undefined) headers.authorization = `Bearer m:${opts.member}`;
    if (opts.deviceType !== undefined) headers['x-device-type'] = String(opts.deviceType);
    if (opts.deviceId !== undefined) headers['x-device-id'] = opts.deviceId;
    const res = await h.app.inject({
      method,
      url,
      remoteAddress: opts.ip ?? '10.9.0.1',
      headers,
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });
    const body = envelopeOf(res);
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data as T };
  };
  return h;
}

/**
 * The partner's signed links, stamped with the harness clock: the return link the respondent's
 * browser brings back to /task/back (with `extra` query text appended) and the postback URL.
 */
export function signedLinks(harness: () => TasksHarness) {
  const nowTs = () => Math.floor(harness().clock.now() / 1000);
  return {
    returnLink: (secret: string, rid: string, status: string, extra = '') =>
      withSignature(secret, `/task/back?rid=${encodeURIComponent(rid)}&status=${status}&ts=${nowTs()}${extra}`),
    postbackLink: (code: string, secret: string, rid: string, status: string) =>
      withSignature(
        secret,
        `/api/v1/partners/${code}/postback?rid=${encodeURIComponent(rid)}&status=${status}&ts=${nowTs()}`,
      ),
  };
}
