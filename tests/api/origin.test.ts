/**
 * Links to this site follow the address it was opened at: with PUBLIC_ORIGIN unset, the QR login
 * code, the invite link and the demo partner's return are built on the request's Host (with
 * TRUST_PROXY, X-Forwarded-Host / -Proto); with it set, it wins.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createMember, issueLogin } from '../../server/modules/auth/accounts';
import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../server/context';
import { tasks } from '../../server/db/schema-tasks';
import { createTestEnv, envelopeOf } from './helpers';

const envs: ReturnType<typeof createTestEnv>[] = [];
async function site(config: Record<string, unknown>) {
  const env = createTestEnv(`origin-${envs.length}`);
  envs.push(env);
  return env.build(config);
}
afterAll(async () => {
  for (const e of envs) await e.cleanup();
});

const qrUrl = async (app: Awaited<ReturnType<typeof site>>, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/qrcode/login', headers });
  return (envelopeOf(res).data as { url: string }).url;
};

describe('PUBLIC_ORIGIN unset', () => {
  it('the QR code and the invite link use the address the request came to', async () => {
    const app = await site({ publicOrigin: 'http://localhost:8181', publicOriginFixed: false });
    expect(await qrUrl(app, { host: '127.0.0.1:8181' })).toMatch(
      /^http:\/\/127\.0\.0\.1:8181\/qrcode\/confirm\?ticket=/,
    );
    expect(await qrUrl(app, { host: '192.168.1.20:8181' })).toMatch(
      /^http:\/\/192\.168\.1\.20:8181\/qrcode\/confirm\?/,
    );
    // Without TRUST_PROXY a forwarded host is not believed.
    expect(await qrUrl(app, { host: '10.0.0.5:8181', 'x-forwarded-host': 'evil.example' })).toMatch(
      /^http:\/\/10\.0\.0\.5:8181\//,
    );

    const ctx = (app as unknown as { ctx: Parameters<typeof createMember>[0] }).ctx;
    const { id } = await createMember(ctx, { mobile: '13800138077' });
    const login = await issueLogin(ctx, id);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users/invite',
      headers: { host: '192.168.1.20:8181', authorization: `Bearer ${login.token}` },
    });
    expect((envelopeOf(res).data as { inviteUrl: string }).inviteUrl).toMatch(
      /^http:\/\/192\.168\.1\.20:8181\/app\/invite\?code=/,
    );
  });

  it('the demo survey’s entry is on the address the member opened, wherever that is', async () => {
    const app = await site({ publicOrigin: 'http://localhost:8181', publicOriginFixed: false, seedDemo: true });
    const ctx = (app as unknown as { ctx: AppContext }).ctx;
    const [demo] = await ctx.db.select().from(tasks).where(isNotNull(tasks.partnerId)).limit(1);
    const { id } = await createMember(ctx, { mobile: '13800138078' });
    const login = await issueLogin(ctx, id);
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/process/tasks/${demo!.hashId}/start`,
      headers: { host: '192.168.1.20:8181', authorization: `Bearer ${login.token}` },
    });
    expect((envelopeOf(res).data as { entryUrl: string }).entryUrl).toMatch(
      /^http:\/\/192\.168\.1\.20:8181\/demo-partner\/survey\?rid=/,
    );
  });

  it('behind a trusted proxy, the forwarded host and protocol', async () => {
    const app = await site({ publicOrigin: 'http://localhost:8181', publicOriginFixed: false, trustProxy: true });
    expect(
      await qrUrl(app, { host: '127.0.0.1:8181', 'x-forwarded-host': 'weidou.example', 'x-forwarded-proto': 'https' }),
    ).toMatch(/^https:\/\/weidou\.example\/qrcode\/confirm\?/);
  });
});

describe('PUBLIC_ORIGIN set', () => {
  it('wins over the Host', async () => {
    const app = await site({ publicOrigin: 'https://weidou.example', publicOriginFixed: true });
    expect(await qrUrl(app, { host: '192.168.1.20:8181' })).toMatch(/^https:\/\/weidou\.example\/qrcode\/confirm\?/);
  });
});
