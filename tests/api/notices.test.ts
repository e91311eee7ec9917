/**
 * Over HTTP: notices (公告) — GET /v1/notices/unread, POST /v1/notices/read, GET /v1/notices/{id}.
 * Only published ones (window open, not withdrawn), pinned first then newest; read state is each
 * member's own (another member's reads never show); content is sanitized when stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../openapi/codes';
import type { AppContext } from '../../server/context';
import { publishNotice, withdrawNotice, type NoticeInput } from '../../server/modules/notices/admin';
import { harness, type Harness } from './accounts-helpers';
import { newMember, refreshToken, type TestMember } from './exchange-helpers';

const HOUR = 3_600_000;
let h: Harness;
const ctx = () => (h.app as unknown as { ctx: AppContext }).ctx;

type Brief = { id: number; title: string; summary: string; pinned: boolean; publishedAt: number };
type Detail = Brief & { content: string; read: boolean };

const publish = (input: Partial<NoticeInput> & { title: string }) =>
  publishNotice(ctx(), { content: `<p>${input.title}的正文</p>`, ...input });

const unread = async (m: TestMember) => {
  const r = await h.call('GET', '/api/v1/notices/unread', { token: m.token });
  expect(r.code).toBe(200);
  return (r.data as Brief[]).map((n) => n.title);
};
const open = (id: number, m?: TestMember) =>
  h.call('GET', `/api/v1/notices/${id}`, m ? { token: m.token } : {}) as Promise<{
    status: number;
    code: number;
    msg: string;
    data: Detail;
  }>;
const read = (m: TestMember, ids: unknown) => h.call('POST', '/api/v1/notices/read', { token: m.token, body: { ids } });

let a: TestMember;
let b: TestMember;
const ids: Record<string, number> = {};

beforeAll(async () => {
  h = await harness('notices');
  const now = h.clock.now();
  ids.old = (await publish({ title: '旧公告', publishAt: now - 48 * HOUR })).id;
  ids.pinned = (await publish({ title: '置顶公告', pinned: true, publishAt: now - 72 * HOUR })).id;
  ids.recent = (await publish({ title: '新公告', publishAt: now - HOUR })).id;
  ids.ending = (await publish({ title: '两小时后结束', publishAt: now - 2 * HOUR, endAt: now + 2 * HOUR })).id;
  ids.future = (await publish({ title: '明天发布', publishAt: now + 24 * HOUR })).id;
  ids.withdrawn = (await publish({ title: '已撤下', publishAt: now - HOUR })).id;
  await withdrawNotice(ctx(), ids.withdrawn);
  a = await newMember(ctx());
  b = await newMember(ctx());
});
afterAll(() => h.env.cleanup());

describe('GET /v1/notices/unread', () => {
  it('needs a login', async () => {
    expect((await h.call('GET', '/api/v1/notices/unread')).status).toBe(401);
  });

  it('lists the published notices, pinned first, then newest first', async () => {
    expect(await unread(a)).toEqual(['置顶公告', '新公告', '两小时后结束', '旧公告']);
    const r = await h.call('GET', '/api/v1/notices/unread', { token: a.token });
    expect((r.data as Brief[])[0]).toEqual({
      id: ids.pinned,
      title: '置顶公告',
      summary: '置顶公告的正文',
      pinned: true,
      publishedAt: h.clock.now() - 72 * HOUR,
    });
  });
});

describe('GET /v1/notices/{id}', () => {
  it('shows a visitor a published notice, unread', async () => {
    const r = await open(ids.recent!);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: ids.recent, title: '新公告', content: '<p>新公告的正文</p>', read: false });
  });

  it('a notice not published — not yet, withdrawn, unknown — is 404 alike', async () => {
    for (const id of [ids.future!, ids.withdrawn!, 2_000_000_000]) {
      const r = await open(id, a);
      expect([r.status, r.code, r.msg]).toEqual([404, Code.NOT_FOUND, '公告不存在或已下线']);
    }
  });

  it('a member who opens one has read it; another member’s state is untouched', async () => {
    const r = await open(ids.pinned!, a);
    expect(r.data).toMatchObject({ id: ids.pinned, read: true });
    expect(await unread(a)).not.toContain('置顶公告');
    expect(await unread(b)).toContain('置顶公告');
    // Opening it again changes nothing.
    expect((await open(ids.pinned!, a)).code).toBe(200);
    expect(await unread(a)).toEqual(['新公告', '两小时后结束', '旧公告']);
  });
});

describe('POST /v1/notices/read', () => {
  it('marks the caller’s published notices read and passes over the rest', async () => {
    const m = await newMember(ctx());
    const r = await read(m, [ids.old, ids.recent, ids.future, ids.withdrawn, 2_000_000_000, ids.old]);
    expect(r).toMatchObject({ status: 200, code: 200, data: { ok: true } });
    expect(await unread(m)).toEqual(['置顶公告', '两小时后结束']);
    expect(await unread(b)).toEqual(['置顶公告', '新公告', '两小时后结束', '旧公告']);
    // Marking again is harmless.
    expect((await read(m, [ids.old])).code).toBe(200);

    // The notice not yet published when it was "read" is unread once it is.
    h.clock.advance(25 * HOUR);
    await refreshToken(ctx(), m);
    await refreshToken(ctx(), b);
    expect(await unread(m)).toEqual(['置顶公告', '明天发布']);
    // …and the one whose window closed is gone for everyone.
    expect(await unread(b)).toEqual(['置顶公告', '明天发布', '新公告', '旧公告']);
    expect((await open(ids.ending!, b)).status).toBe(404);
  });

  it('refuses an empty or oversized list with a zh-CN reason, and needs a login', async () => {
    await refreshToken(ctx(), a);
    const empty = await read(a, []);
    expect([empty.status, empty.code]).toEqual([400, Code.INVALID_PARAMS]);
    expect(empty.msg).toMatch(/^参数错误：body\.ids/);
    const many = await read(
      a,
      Array.from({ length: 101 }, (_, i) => i + 1),
    );
    expect(many.status).toBe(400);
    expect((await h.call('POST', '/api/v1/notices/read', { body: { ids: [1] } })).status).toBe(401);
  });
});

describe('stored content', () => {
  it('is sanitized when published: scripts, handlers and unsafe links are gone; the summary is its text', async () => {
    const n = await publish({
      title: '清洗测试',
      content:
        '<p onclick="steal()">活动<strong>规则</strong><script>alert(1)</script></p><a href="javascript:alert(1)">点我</a><a href="https://example.com/x">外链</a><img src="http://insecure.example/x.png">',
    });
    const r = await open(n.id);
    expect(r.data.content).toBe(
      '<p>活动<strong>规则</strong></p><a>点我</a><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">外链</a><img />',
    );
    expect(r.data.summary).toBe('活动规则 点我外链');
  });
});
