/**
 * Sends for `npm run bench:inbox` through the server's own service (server/modules/messages/send.ts),
 * timed; run with `node --import tsx`, DATABASE_URL set. Each command prints one JSON line.
 *
 *   node --import tsx bench/inbox-setup.ts broadcast        one message to everyone → { id, recipients, ms }
 *   node --import tsx bench/inbox-setup.ts list <n>         one message to the n newest members → { id, recipients, ms }
 */
import { desc } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db';
import { members } from '../server/db/schema';
import { sendMessage, type Audience } from '../server/modules/messages/send';

const [command, arg] = process.argv.slice(2);
const handle = await createDatabase(loadConfig(process.env));
const ctx = { db: handle.db, now: Date.now };

try {
  let audience: Audience;
  if (command === 'broadcast') audience = { kind: 'all' };
  else if (command === 'list') {
    const rows = await ctx.db.select({ id: members.id }).from(members).orderBy(desc(members.id)).limit(Number(arg));
    audience = { kind: 'list', memberIds: rows.map((r) => r.id) };
  } else throw new Error(`unknown command ${command}`);
  const started = performance.now();
  const sent = await sendMessage(ctx, audience, {
    title: command === 'broadcast' ? '全站公告：系统升级完成' : '名单消息：问卷邀请',
    content: '<p>感谢你的支持，新版本带来了更快的任务列表和兑换体验。</p>',
    type: command === 'broadcast' ? 1 : 5,
    link: '/task',
  });
  console.log(JSON.stringify({ ...sent, ms: performance.now() - started }));
} finally {
  await handle.close();
}
