// `npm run bench:inbox`: the inbox with 100 000 members and a broadcast to all of them, on PostgreSQL.
//
// 1. a fresh database `bench_inbox` on $BENCH_PG_HOST:$BENCH_PG_PORT (trust auth), dropped at the end;
//    the real server on it (`node dist/server.mjs`, production mode, demo content seeded);
// 2. BENCH_READERS (50) members registered the way the app does it (each gets its welcome message),
//    dated a year back so they see every broadcast below;
// 3. in bulk (psql, generate_series): BENCH_MEMBERS (100 000) members registered over the past year;
//    20 older broadcasts; BENCH_PERSONAL (200 000) personal messages to random members (60 % read);
//    100 personal messages for each reader (half read);
// 4. THE broadcast: one message to everyone, through the server's own service
//    (bench/inbox-setup.ts, server/modules/messages/send.ts), timed; then a list message to 10 000
//    members, timed; then 30 % of the members read the broadcast (their read rows);
// 5. autocannon at BENCH_CONNECTIONS (50) for BENCH_SECONDS (10) each, round-robin over the
//    readers' tokens: GET /api/v1/messages (the inbox's first page, with the unread total) and
//    GET /api/v1/messages/new (the bell's unread count): req/s, p50, p99, server CPU per request;
//    and GET /api/v1/points the same way, as the reference (README has its figure on an idle machine).
//
// BENCH_KEEP=1 keeps the database (to EXPLAIN the queries afterwards).
// Target (DESIGN §7): inbox p99 < 50 ms at 50 connections. Exit status 0 when it ran
// (a miss is reported: the machine may be busy); BENCH_STRICT=1 exits 1 on a miss.
import { execFileSync } from 'node:child_process';
import { endReadBench, readBench, reportRead, seconds, timed } from './lib.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PERSONAL = Number(process.env.BENCH_PERSONAL ?? 200_000);
const READERS = Number(process.env.BENCH_READERS ?? 50);
const LIST = 10_000;
const TARGET_P99 = 50;
const DATABASE = 'bench_inbox';

const { server, cannon, connections: CONNECTIONS, duration: SECONDS } = await readBench(DATABASE, 8198);
const { call, registerMember, setupScript, psql } = server;

let missed = 0;
try {
  await server.start();
  console.log(`setup (${MEMBERS} members, ${PERSONAL} personal messages, ${READERS} readers)`);
  const readers = [];
  for (let i = 0; i < READERS; i++) readers.push(await registerMember());
  const readerIds = readers.map((r) => r.memberId).join(',');
  psql(`update members set created_at = now() - interval '365 days' where id in (${readerIds})`);

  timed('members (generate_series)', () =>
    psql(`insert into members (mobile, nickname, member_code, invite_code, created_at, updated_at)
          select '150' || lpad(g::text, 8, '0'), '会员' || g, 'B' || lpad(g::text, 7, '0'), 'I' || lpad(g::text, 7, '0'),
                 now() - random() * interval '365 days', now()
          from generate_series(1, ${MEMBERS}) g`),
  );
  timed('20 older broadcasts', () =>
    psql(`insert into messages (type, audience, title, content, created_at)
          select 5, 'all', '往期活动 ' || g, '<p>往期活动内容</p>', now() - g * interval '9 days'
          from generate_series(1, 20) g`),
  );
  const [lo, n] = psql(`select min(id), count(*) from members`).split('|').map(Number);
  timed(`${PERSONAL} personal messages (60 % read)`, () =>
    psql(`with m as (
            insert into messages (type, audience, title, content, created_at)
            select 1 + g % 5, 'member', '个人消息 ' || g, '<p>你好，这是第 ' || g || ' 条个人消息</p>',
                   now() - random() * interval '180 days'
            from generate_series(1, ${PERSONAL}) g
            returning id)
          insert into message_inbox (message_id, member_id, read_at)
          select id, ${lo} + (id::bigint * 7919) % ${n}, case when random() < 0.6 then now() end from m`),
  );
  timed(`100 personal messages per reader (half read)`, () =>
    psql(`insert into messages (type, audience, title, content, created_at, event_key)
          select 3, 'member', '兑换已发放：测试商品 ' || g, '<p>你兑换的「测试商品」已发放，卡密：<strong>CODE-' || g || '</strong></p>',
                 now() - g * interval '1 hour', 'bench:' || r || ':' || g
          from unnest(array[${readerIds}]) r cross join generate_series(1, 100) g;
          insert into message_inbox (message_id, member_id, read_at)
          select id, split_part(event_key, ':', 2)::int,
                 case when split_part(event_key, ':', 3)::int % 2 = 0 then now() end
          from messages where event_key like 'bench:%'`),
  );
  psql('analyze');

  const broadcast = setupScript('bench/inbox-setup.ts', 'broadcast');
  const list = setupScript('bench/inbox-setup.ts', 'list', LIST);
  timed('30 % of members read the broadcast', () =>
    psql(`insert into message_inbox (message_id, member_id, read_at)
          select ${broadcast.id}, id, now() from members where id % 10 < 3 and id not in (${readerIds})`),
  );
  psql('analyze');
  const rows = psql(
    `select (select count(*) from messages) || ' messages, ' || (select count(*) from message_inbox) || ' inbox rows'`,
  );
  console.log(`  ${rows}`);

  // Warm up, and check what a reader sees.
  for (let i = 0; i < 200; i++) {
    const r = readers[i % readers.length];
    await call('GET', '/api/v1/messages', undefined, r.token);
    await call('GET', '/api/v1/messages/new', undefined, r.token);
  }
  const first = await call('GET', '/api/v1/messages', undefined, readers[0].token);
  if (first.list[0].id !== broadcast.id)
    throw new Error(`the reader's newest message is not the broadcast: ${JSON.stringify(first.list[0])}`);

  const results = [];
  // GET /api/v1/points is the reference: README's figure for it on an idle machine tells how busy this one is.
  for (const url of ['/api/v1/messages', '/api/v1/messages/new', '/api/v1/points']) {
    const r = await cannon(url, readers);
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
      throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    results.push({ url, r });
  }

  const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim();
  console.log(`\nInbox — ${n} members, ${CONNECTIONS} connections, ${SECONDS} s each, load average ${load}\n`);
  console.log(
    `broadcast to all                ${seconds(broadcast.ms).padStart(8)}  (one row; ${broadcast.recipients} members registered when sent)`,
  );
  console.log(`list message to ${LIST} members ${seconds(list.ms).padStart(8)}  (${list.recipients} inbox rows)`);
  for (const { url, r } of results) {
    if (!reportRead(url, 22, r, url === '/api/v1/messages' ? TARGET_P99 : undefined)) missed++;
  }
} finally {
  await endReadBench(server, DATABASE);
}
if (missed && process.env.BENCH_STRICT === '1') process.exit(1);
