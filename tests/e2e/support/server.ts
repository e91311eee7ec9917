/**
 * The e2e server: the real app (built SPA + API, PGlite or DATABASE_URL) plus the OAuth2 test
 * provider from the API tests standing in for WeChat/QQ/Weibo/Alipay, so social login runs end
 * to end in the browser. One provider user is signed in, as a person would be at the provider.
 * Not shipped: only playwright.config.ts starts this.
 */
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { listScreenMessages, withdrawScreenMessage } from '../../../server/modules/messages/screen';
import { startOAuthTestProvider } from '../../api/support/oauth-test-provider';
import { movableClock } from './clock';

export const E2E_SOCIAL_USER = { id: 'e2e-social-user', nickname: '微信测试用户' };

const provider = await startOAuthTestProvider();
provider.signIn(E2E_SOCIAL_USER);
const config = { ...loadConfig(), oauth: provider.config };
// The clock a spec can move forward (support/clock.ts), e.g. to see a day's seed revealed.
const app = await buildApp(config, { now: movableClock(config.dataDir) });
// The demo's screen message would cover the first page of every test that logs in; the suite
// starts without it and the member-centre spec sets one of its own with `npm run ops`.
for (const { s } of await listScreenMessages(app.ctx.db, 100)) {
  if (!s.withdrawnAt) await withdrawScreenMessage(app.ctx, s.id);
}
await app.listen({ port: config.port, host: '127.0.0.1' });

const stop = async () => {
  await app.close();
  await provider.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
