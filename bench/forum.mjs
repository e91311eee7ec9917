// `npm run bench:forum`: a discussion-group topic with 10 000 replies, on PostgreSQL.
//
// 1. a fresh database `bench_forum` on $BENCH_PG_HOST:$BENCH_PG_PORT (trust auth), dropped at the
//    end; the real server on it (`node dist/server.mjs`, production mode, demo content seeded — the
//    demo discussion group's board is where the topic goes);
// 2. BENCH_READERS (50) members registered the way the app does it, made respondents of the demo
//    discussion group (a participation each, as startTask leaves it) with their forum identities;
// 3. in bulk (psql, generate_series): one topic by the demo moderator with BENCH_REPLIES (10 000)
//    replies by the readers, floors 1…N, 2 % hidden by the moderator, every 10th quoting an earlier one;
// 4. autocannon at BENCH_CONNECTIONS (50) for BENCH_SECONDS (10) each, round-robin over the readers'
//    tokens: GET /api/v1/forum/topics/{id}/replies — the first page oldest first, the first page
//    newest first, and a deep page (the middle of the topic): req/s, p50, p99, server CPU per
//    request; and GET /api/v1/points the same way, as the reference.
//
// BENCH_KEEP=1 keeps the database (to EXPLAIN the queries afterwards).
// Target: replies page p99 < 50 ms at 50 connections. Exit status 0 when it ran (a miss is reported:
// the machine may be busy); BENCH_STRICT=1 exits 1 on a miss.
import { execFileSync } from 'node:child_process';
import { endReadBench, readBench, reportRead, timed } from './lib.mjs';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 10_000);
const READERS = Number(process.env.BENCH_READERS ?? 50);
const PAGE_SIZE = 20;
const TARGET_P99 = 50;
const DATABASE = 'bench_forum';

const { server, cannon, connections: CONNECTIONS, duration: SECONDS } = await readBench(DATABASE, 8199);
const { call, registerMember, psql } = server;

let missed = 0;
try {
  await server.start();
  console.log(`setup (${READERS} readers, a topic with ${REPLIES} replies)`);
  const readers = [];
  for (let i = 0; i < READERS; i++) readers.push(await registerMember());
  const readerIds = readers.map((r) => r.memberId);
  const [board, taskId, hashId, section, moderator] = psql(
    `select b.id, t.id, t.hash_id, (select min(id) from forum_sections s where s.board_id = b.id),
            (select member_id from forum_members m where m.board_id = b.id and m.role = 1 limit 1)
     from forum_boards b join tasks t on t.id = b.task_id limit 1`,
  ).split('|');
  if (!board) throw new Error('the demo discussion group has no board (was the demo seeded?)');

  timed(`${READERS} respondents with identities`, () =>
    psql(`insert into participations (task_id, member_id, respondent_id, started_at, expires_at)
          select ${taskId}, r, 'bench-forum-' || r, now(), now() + interval '5 days' from unnest(array[${readerIds}]) r;
          insert into forum_members (board_id, member_id, role, name)
          select ${board}, r, 0, '压测受访者 ' || r from unnest(array[${readerIds}]) r`),
  );
  let topicId;
  timed(`a topic with ${REPLIES} replies`, () => {
    topicId = Number(
      psql(`insert into forum_topics (board_id, section_id, member_id, title, body, required, created_at)
            values (${board}, ${section}, ${moderator}, '压测话题：说说你的充电习惯', '<p>请分享你的充电习惯。</p>', true,
                    now() - interval '1 day')
            returning id`).split('\n')[0],
    );
    psql(`insert into forum_replies (topic_id, board_id, member_id, floor, body, plain, images, quote_id, hidden, request_key, created_at)
          select ${topicId}, ${board}, (array[${readerIds}])[1 + g % ${READERS}], g,
                 '<p>第 ' || g || ' 楼：我一般晚上在小区充电，<strong>谷电</strong>比较便宜，偶尔在公司楼下快充。</p>',
                 '第 ' || g || ' 楼：我一般晚上在小区充电，谷电比较便宜，偶尔在公司楼下快充。',
                 '[]'::jsonb, null, g % 50 = 0, 'bench-' || g,
                 now() - interval '1 day' + g * interval '5 seconds'
          from generate_series(1, ${REPLIES}) g;
          update forum_replies r set quote_id = q.id
          from forum_replies q
          where r.topic_id = ${topicId} and q.topic_id = ${topicId} and r.floor % 10 = 0 and q.floor = r.floor - 7;
          update forum_topics set reply_count = ${REPLIES},
                 visible_reply_count = (select count(*) from forum_replies where topic_id = ${topicId} and not hidden),
                 last_reply_at = now()
          where id = ${topicId};
          analyze`);
  });

  const visible = Number(psql(`select visible_reply_count from forum_topics where id = ${topicId}`));
  const middle = Math.ceil(visible / PAGE_SIZE / 2);
  const urls = [
    `/api/v1/forum/topics/${topicId}/replies?order=oldest&page=1&pageSize=${PAGE_SIZE}`,
    `/api/v1/forum/topics/${topicId}/replies?order=newest&page=1&pageSize=${PAGE_SIZE}`,
    `/api/v1/forum/topics/${topicId}/replies?order=oldest&page=${middle}&pageSize=${PAGE_SIZE}`,
  ];

  // Warm up, and check what a reader sees.
  for (let i = 0; i < 100; i++) for (const url of urls) await call('GET', url, undefined, readers[i % READERS].token);
  const first = await call('GET', urls[1], undefined, readers[0].token);
  if (first.total !== visible || first.list.length !== PAGE_SIZE || first.list.some((r) => r.hidden))
    throw new Error(`unexpected page: total ${first.total}, ${first.list.length} replies`);
  const topic = await call('GET', `/api/v1/forum/topics/${topicId}`, undefined, readers[0].token);
  if (topic.taskHashId !== hashId) throw new Error('the topic is not on the demo board');

  const results = [];
  for (const url of [...urls, '/api/v1/points']) {
    const r = await cannon(url, readers);
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
      throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    results.push({ url, r });
  }

  const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim();
  console.log(
    `\nForum — a topic with ${REPLIES} replies (${visible} visible), ${CONNECTIONS} connections, ${SECONDS} s each, load average ${load}\n`,
  );
  for (const { url, r } of results) {
    const replies = url.includes('/replies');
    const label = replies ? url.replace(/^.*replies\?/, 'replies ').replace(/&pageSize=\d+/, '') : url;
    if (!reportRead(label, 30, r, replies ? TARGET_P99 : undefined)) missed++;
  }
} finally {
  await endReadBench(server, DATABASE);
}
if (missed && process.env.BENCH_STRICT === '1') process.exit(1);
