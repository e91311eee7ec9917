// `npm run bench:console`: the console's lists and member pages at size, on PostgreSQL.
//
// 1. a fresh database `bench_console` on $BENCH_PG_HOST:$BENCH_PG_PORT (trust auth), dropped at the
//    end; the real server on it (`node dist/server.mjs`, production mode, demo content and demo staff
//    seeded, one process);
// 2. in bulk (psql, generate_series, set-based): BENCH_MEMBERS (100 000) members registered over
//    two years (mobiles, member and invite codes in the app's alphabet, 60 % default nicknames
//    微豆用户NNNN, registration IPs spread over /24 ranges with a few crowded ones and some farms,
//    30 % invited, a few heavy inviters); 2 000 tasks; participations (~6 per member, 400 for each
//    of 20 heavy members) with device ids, IPs, join results and quality flags, some devices shared
//    by small groups of accounts; the ledger topped up to BENCH_LEDGER (1 000 000) rows (task
//    credits, check-ins, reversals, exchange debits); ~50 000 decided exchanges and BENCH_PENDING
//    (2 000) waiting for review, each with its events; balances from the ledger; feedback tickets,
//    login sessions, verify tickets (change of mobile among them), real-name verifications;
// 3. the demo admin (README's demo staff) signs in through the two-step API (password, then the
//    authenticator code);
// 4. BENCH_REQUESTS (300) requests of each case below, one after another (BENCH_CONCURRENCY, 1:
//    staff are few), after a warm-up, keys drawn at random from the seeded rows: p50, p95, p99, max,
//    and the server's CPU time per request (what the request costs whatever else the machine runs).
//
// BENCH_KEEP=1 keeps the database (to EXPLAIN the queries afterwards).
// Target (issue: the console's lists): p99 < 100 ms for each case. Exit status 0 when it ran (a miss
// is reported: the machine may be busy); BENCH_STRICT=1 exits 1 on a miss.
import { execFileSync } from 'node:child_process';
import { Secret, TOTP } from 'otpauth';
import { benchServer, buildServer, dropDatabase, freshDatabase, timed } from './lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8197);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LEDGER = Number(process.env.BENCH_LEDGER ?? 1_000_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const TARGET_P99 = 100;
const DATABASE = 'bench_console';
const HEAVY = 20;
const TASKS = 2_000;
// README's demo admin (server/seed/demoStaff.ts).
const ADMIN = { login: 'demo.admin', password: 'weidou-admin-2030', secret: 'YCCVY5TNYJCVJ7VUSCOOMBCKKJNQ2C6L' };

freshDatabase(DATABASE);
buildServer();
const server = benchServer({ database: DATABASE, port: PORT });
const { psql } = server;

/** `sql`'s rows as arrays of strings (psql -A -t: `|` between columns). */
const rows = (sql) =>
  psql(sql)
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('|'));

async function seed() {
  console.log(`setup (${MEMBERS} members, ${LEDGER} ledger rows, ${PENDING} exchanges waiting for review)`);
  // 8 characters of the app's code alphabet (server/modules/auth/accounts.ts) from 40 bits.
  psql(`create function bench_code(x bigint) returns text language sql immutable as $$
          select string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((x >> (5 * i)) & 31)::int + 1, 1), '' order by i)
          from generate_series(0, 7) i $$`);
  const [[reward, rewardType, title, rewardCost]] = rows(
    `select id, type, title, points_cost from rewards where points_cost > 0 order by id limit 1`,
  );
  const rewardTitle = title.replace(/'/g, "''");

  timed(`${TASKS} tasks`, () =>
    psql(`insert into tasks (hash_id, title, type, kind, points, minutes, created_at)
          select 'bench' || g, '消费习惯调研 第 ' || g || ' 期', 1, 'survey', 100 + g % 400, 5 + g % 20,
                 now() - interval '400 days' + g * interval '4 hours'
          from generate_series(1, ${TASKS}) g`),
  );

  // Registration IPs: 5 % none (older members), 2 % IPv6, 3 % from 60 crowded ranges (a campus, a
  // farm), the rest over 30 000 /24 ranges (~3 members each).
  timed('members', () =>
    psql(`insert into members (mobile, nickname, member_code, invite_code, register_ip, password_hash, created_at, updated_at)
          select '15' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
                 case when g % 5 < 3 then '微豆用户' || lpad(((g::bigint * 7919) % 10000)::text, 4, '0')
                      else (array['张','王','李','赵','刘','陈','杨','黄','周','吴','徐','孙','马','朱','胡','郭','何','林','罗','高'])[1 + g % 20]
                        || (array['伟','芳','娜','敏','静','丽','强','磊','洋','艳','勇','军','杰','娟','涛','明','超','秀英','小红','晓东','海燕','建华','子涵','一诺','浩然'])[1 + (g / 20) % 25]
                        || case when g % 7 = 0 then (g % 100)::text else '' end
                 end,
                 bench_code((g::bigint * 2654435761 + 977) % 1099511627776),
                 bench_code((g::bigint * 40503 * 65537 + 31337) % 1099511627776),
                 case when g % 20 = 0 then null
                      when g % 50 = 1 then '240e:3b4:' || to_hex(g % 4096) || '::' || to_hex(g % 65536)
                      when g % 33 = 2 then '117.136.' || (g % 60) || '.' || (g % 250 + 1)
                      else (1 + r % 200) || '.' || (r / 200) || '.' || ((r * 7) % 250) || '.' || (g % 250 + 1)
                 end,
                 case when g % 3 = 0 then null else '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2g$YmVuY2hiZW5jaGJlbmNoYmVuY2g' end,
                 now() - interval '730 days' + g * (interval '730 days' / ${MEMBERS}), now()
          from generate_series(1, ${MEMBERS}) g cross join lateral (select (g::bigint * 7919) % 30000 r) x`),
  );
  psql(`create table bench_m as select row_number() over (order by id) seq, id from members where mobile like '15%'`);
  psql(`create unique index on bench_m (seq)`);
  const [[lo, n]] = rows(`select min(id), count(*) from bench_m`);
  // 30 % invited by someone registered before them; 1 in 10 of those by one of 200 busy inviters
  // (the heavy members among them); a farm's invitees share its range.
  timed('invites', () =>
    psql(`update members m set inviter_id = case
              when b.seq % 100 < 3 then (select id from bench_m where seq = 1 + (b.seq / 30) % 200)
              else (select id from bench_m where seq = 1 + (b.seq::bigint * 104729) % (b.seq - 1)) end
          from bench_m b where m.id = b.id and b.seq > 300 and b.seq % 10 < 3`),
  );
  // Invite clusters: a third of the invitees registered from their inviter's /24.
  timed('invite clusters', () =>
    psql(`update members m set register_ip = regexp_replace(i.register_ip, '[0-9]+$', (m.id % 250 + 1)::text)
          from members i
          where m.inviter_id = i.id and m.id % 3 = 0 and m.mobile like '15%'
            and i.register_ip ~ '^[0-9]+[.][0-9]+[.][0-9]+[.][0-9]+$'`),
  );

  // Heavy members (bench_m.seq <= ${HEAVY}) answer 400 tasks each; the others 0–12.
  timed('participations', () =>
    psql(`insert into participations (task_id, member_id, respondent_id, status, join_result, points, points_status,
                                      low_quality_reasons, ip, device_id, device_type, city, settled_by, started_at, expires_at, finished_at)
          select t.id, b.id, 'bench-' || b.seq || '-' || k,
                 case when r < 7 then 'started' else 'finished' end,
                 case when r < 7 then 0 when r < 62 then 1 when r < 82 then 2 when r < 90 then 3 when r < 95 then 4
                      when r < 96 then 5 when r < 97 then 6 when r < 98 then 7 else 8 end,
                 case when r between 7 and 61 then 100 + (b.seq + k) % 400 else 0 end,
                 case when r between 7 and 61 then 'posted' else 'none' end,
                 case when r between 7 and 61 and (b.seq + k) % 15 = 0 then '[1]'::jsonb else '[]'::jsonb end,
                 (1 + ((b.seq * 7919) % 30000) % 200) || '.' || ((b.seq * 7919) % 30000 / 200) || '.' || ((b.seq * 13 + k / 50) % 250) || '.' || ((b.seq + k) % 250 + 1),
                 case when b.seq % 100 < 3 then 'farm-' || (b.seq / 5)
                      when b.seq % 9 = 0 then null
                      else 'dev-' || md5(b.seq::text || ':' || (k % 2)) end,
                 1 + k % 3, '上海',
                 case when r < 7 then null else 'return' end,
                 s, s + interval '2 hours', case when r < 7 then null else s + interval '12 minutes' end
          from bench_m b
          cross join lateral generate_series(1, case when b.seq <= ${HEAVY} then 400 else b.seq % 13 end) k
          cross join lateral (select ((b.seq * 31 + k * 17) % 100)::int r,
                                     now() - ((b.seq * 7 + k * 131) % 365) * interval '1 day' - (k % 24) * interval '1 hour' s) x
          join tasks t on t.hash_id = 'bench' || (1 + (b.seq * 7 + k * 13) % ${TASKS})`),
  );
  timed('ledger: task credits', () =>
    psql(`insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, status, created_at)
          select p.member_id, p.points, 0, 'task', t.title, 'bench:t:' || p.id, 'posted', p.finished_at
          from participations p join tasks t on t.id = p.task_id
          where p.points > 0 and p.respondent_id like 'bench-%'`),
  );
  timed('ledger: reversals (1 in 40 task credits)', () =>
    psql(`insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, reverses_id, status, created_at)
          select member_id, -amount, 0, 'reversal', source, 'bench:r:' || id, id, 'posted', created_at + interval '3 days'
          from point_ledger where idempotency_key like 'bench:t:%' and id % 40 = 0`),
  );
  // Exchanges: ~50 000 decided (older), PENDING waiting (the last 3 days), 2 for each heavy member.
  const decided = Math.round(MEMBERS / 2);
  timed('exchanges and their debits', () =>
    psql(`create table bench_x as
            select g, case when g <= ${PENDING} then 0 else (array[1, 1, 1, 2, 3, 4, 5])[1 + g % 7] end state,
                   case when g <= ${HEAVY * 2} then (select id from bench_m where seq = 1 + x.g % ${HEAVY})
                        else (select id from bench_m where seq = 1 + (x.g::bigint * 7919) % ${n}) end member_id,
                   case when g <= ${PENDING} then now() - (g * interval '3 days' / ${PENDING})
                        else now() - interval '3 days' - (g % 700) * interval '1 day' - (g % 24) * interval '1 hour' end created_at
            from generate_series(1, ${PENDING + decided}) x(g);
          insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, status, created_at)
          select member_id, -${rewardCost}, 0, 'exchange', '${rewardTitle}', 'bench:x:' || g, 'posted', created_at from bench_x;
          insert into exchanges (member_id, reward_id, reward_type, title, face_value, points, state, request_key, debit_ledger_id, created_at, updated_at)
          select x.member_id, ${reward}, ${rewardType}, '${rewardTitle}', 1000, ${rewardCost}, x.state, 'bench-' || x.g, l.id, x.created_at, x.created_at
          from bench_x x join point_ledger l on l.idempotency_key = 'bench:x:' || x.g;
          insert into exchange_events (exchange_id, from_state, to_state, actor_type, actor_name, created_at)
          select id, null, 0, 'member', member_id::text, created_at from exchanges where request_key like 'bench-%';
          insert into exchange_events (exchange_id, from_state, to_state, actor_type, actor_name, reason, created_at)
          select id, 0, state, 'operator', '财务小周', case when state = 4 then '账号存在异常' end, created_at + interval '5 hours'
          from exchanges where request_key like 'bench-%' and state <> 0`),
  );
  const [[sofar]] = rows(`select count(*) from point_ledger`);
  const rest = Math.max(0, LEDGER - Number(sofar));
  // Check-ins and other credits up to LEDGER rows: 5 000 for each heavy member, the rest spread.
  const heavyRows = Math.min(rest, HEAVY * 5_000);
  timed(`ledger: ${rest} check-ins and other credits`, () =>
    psql(`insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, status, created_at)
          select b.id, 5 + k % 3, 0, 'checkin', '连续签到第 ' || (1 + k % 7) || ' 天', 'bench:h:' || b.seq || ':' || k, 'posted',
                 now() - k * interval '1 day' / 5
          from bench_m b cross join generate_series(1, ${Math.floor(heavyRows / HEAVY)}) k where b.seq <= ${HEAVY};
          insert into point_ledger (member_id, amount, balance_after, reason, source, idempotency_key, status, created_at)
          select b.id, case when g % 10 = 0 then 50 else 5 + g % 3 end, 0,
                 case when g % 10 = 0 then 'invite' else 'checkin' end,
                 case when g % 10 = 0 then '邀请好友注册' else '连续签到第 ' || (1 + g % 7) || ' 天' end,
                 'bench:c:' || g, case when g % 97 = 0 then 'pending' else 'posted' end,
                 now() - (g % 700) * interval '1 day' - (g % 1440) * interval '1 minute'
          from generate_series(1, ${rest - heavyRows}) g join bench_m b on b.seq = 1 + (g::bigint * 48271) % ${n}`),
  );
  timed('balances from the ledger', () =>
    psql(`insert into point_balances (member_id, balance, pending, total_income, total_spent)
          select member_id, greatest(sum(amount) filter (where status = 'posted'), 0),
                 coalesce(sum(amount) filter (where status = 'pending'), 0),
                 coalesce(sum(amount) filter (where status = 'posted' and amount > 0), 0),
                 coalesce(-sum(amount) filter (where status = 'posted' and amount < 0), 0)
          from point_ledger where member_id in (select id from bench_m) group by member_id
          on conflict (member_id) do nothing`),
  );
  timed('tickets, sessions, verify tickets, real names', () =>
    psql(`insert into feedback_tickets (member_id, category, content, state, request_key, created_at, updated_at, state_changed_at)
          select b.id, 1 + g % 6, '兑换的话费一直没有到账，麻烦帮忙查一下，第 ' || g || ' 次反馈', g % 6, 'bench-' || g,
                 now() - (g % 300) * interval '1 day', now() - (g % 300) * interval '1 day' + interval '2 hours',
                 now() - (g % 300) * interval '1 day' + interval '2 hours'
          from generate_series(1, ${Math.round(MEMBERS / 5)}) g join bench_m b on b.seq = 1 + (g::bigint * 6007) % ${n};
          insert into token_families (id, member_id, expires_at, revoked_at, revoked_reason, method, ip, user_agent, created_at)
          select 'bench-' || g, b.id, c + interval '14 days', case when g % 4 = 0 then c + interval '1 day' end,
                 case when g % 4 = 0 then 'logout' end, (array['sms', 'password', 'register'])[1 + g % 3],
                 (1 + (b.seq * 37) % 222) || '.' || ((b.seq * 13) % 250) || '.' || ((b.seq * 7) % 200) || '.' || (g % 250 + 1),
                 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', c
          from generate_series(1, ${Math.round(MEMBERS * 1.5)}) g join bench_m b on b.seq = 1 + (g::bigint * 3001) % ${n}
          cross join lateral (select now() - (g % 400) * interval '1 day' c) x;
          insert into verify_tickets (member_id, scene, ticket_hash, expires_at, used_at, created_at)
          select b.id, (array['change_mobile', 'reset_password', 'bind', 'cancel'])[1 + g % 4], md5('bench-vt-' || g),
                 c + interval '10 minutes', case when g % 3 <> 0 then c + interval '1 minute' end, c
          from generate_series(1, ${MEMBERS}) g join bench_m b on b.seq = 1 + (g::bigint * 9973) % ${n}
          cross join lateral (select now() - (g % 200) * interval '1 day' c) x;
          insert into id_verifications (member_id, real_name, id_number_masked, id_number_hash, state, verified_at, created_at)
          select b.id, '张三', '3****************' || (b.seq % 10), md5('bench-id-' || b.seq), 2, now() - interval '100 days', now() - interval '100 days'
          from bench_m b where b.seq % 5 = 0`),
  );
  psql('drop table bench_x; drop function bench_code');
  psql('vacuum analyze');
  const counts =
    psql(`select (select count(*) from members) || ' members, ' || (select count(*) from point_ledger) || ' ledger rows, '
    || (select count(*) from participations) || ' participations, ' || (select count(*) from exchanges where state = 0)
    || ' exchanges waiting (' || (select count(*) from exchanges) || ' in all), ' || (select count(*) from feedback_tickets)
    || ' tickets, ' || (select count(*) from token_families) || ' sessions, '
    || (select count(*) from members where inviter_id is not null) || ' invited'`);
  console.log(`  ${counts}`);
}

async function staffToken() {
  const first = await server.call('POST', '/api/admin/v1/auth/sign-in', {
    login: ADMIN.login,
    password: ADMIN.password,
  });
  const code = TOTP.generate({ secret: Secret.fromBase32(ADMIN.secret), period: 30 });
  const done = await server.call('POST', '/api/admin/v1/auth/verify', { ticket: first.ticket, code });
  return done.token;
}

const pick = (list, i) => list[(i * 7919) % list.length];

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** `REQUESTS` calls of `url(i)` (CONCURRENCY at a time) after a warm-up; each must answer 200. */
async function measure(token, url, check) {
  const once = async (i) => {
    const started = performance.now();
    const env = await server.request('GET', url(i), undefined, token);
    const ms = performance.now() - started;
    if (env.code !== 200) throw new Error(`GET ${url(i)}: ${env.code} ${env.msg}`);
    check?.(env.data, i);
    return ms;
  };
  for (let i = 0; i < Math.min(30, REQUESTS); i++) await once(REQUESTS + i);
  const times = [];
  const cpuBefore = server.cpuMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) times.push(await once(next++));
    }),
  );
  const cpu = (server.cpuMs() - cpuBefore) / REQUESTS;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1),
    cpu,
  };
}

let missed = 0;
try {
  await server.start();
  await seed();
  const token = await staffToken();

  // Keys staff would type, drawn from the seeded rows.
  const sample =
    rows(`select m.id, m.mobile, m.member_code, m.invite_code, m.nickname from bench_m b join members m using (id)
                       order by (b.seq * 7919) % 100003 limit 500`);
  const heavy = rows(`select id from bench_m where seq <= ${HEAVY} order by seq`).map(([id]) => id);
  const named = rows(`select nickname from members where nickname not like '微豆用户%' and mobile like '15%'
                      group by nickname order by min(id) limit 300`).map(([nick]) => nick);
  const pending = rows(`select id from exchanges where state = 0 order by id`).map(([id]) => id);
  const [[defaults]] = rows(`select count(*) from members where nickname like '微豆用户%'`);
  psql('drop table bench_m');
  const [[pendingTotal]] = rows(`select count(*) from exchanges where state = 0`);
  const deepPage = Math.max(1, Math.floor(Number(pendingTotal) / 20));
  // 360 and ledger: one in four a heavy member (400 participations, 5 000+ ledger rows, busy inviter).
  const someMember = (i) => (i % 4 === 0 ? heavy[i % heavy.length] : pick(sample, i)[0]);
  const q = (text) => `/api/admin/v1/members?q=${encodeURIComponent(text)}`;
  const found = (field) => (data, i) => {
    if (!data.list.some((m) => String(m.id) === pick(sample, i)[0]))
      throw new Error(`search by ${field} did not find member ${pick(sample, i)[0]}`);
  };

  const cases = [
    ['searchMembers by mobile', (i) => q(pick(sample, i)[1]), found('mobile')],
    ['searchMembers by member code', (i) => q(pick(sample, i)[2].toLowerCase()), found('member code')],
    ['searchMembers by id', (i) => q(pick(sample, i)[0]), found('id')],
    ['searchMembers by invite code', (i) => q(pick(sample, i)[3]), found('invite code')],
    ['searchMembers by nickname (a name, prefix)', (i) => q(named[i % named.length])],
    [
      'searchMembers by nickname (微豆用户NNNN)',
      (i) => q(pick(sample, i)[4].startsWith('微豆用户') ? pick(sample, i)[4] : '微豆用户12'),
    ],
    [
      `searchMembers by nickname (微豆用户: ${defaults} match, pages 1-5)`,
      (i) => `${q('微豆用户')}&page=${1 + (i % 5)}`,
    ],
    ['listReviewQueue first page', () => '/api/admin/v1/exchanges'],
    [`listReviewQueue page ${deepPage} (of 20)`, () => `/api/admin/v1/exchanges?page=${deepPage}`],
    ['getReviewItem', (i) => `/api/admin/v1/exchanges/${pick(pending, i)}`],
    ['getMember360', (i) => `/api/admin/v1/members/${someMember(i)}`],
    ['getMemberLedger first page', (i) => `/api/admin/v1/members/${someMember(i)}/ledger`],
    [
      'getMemberLedger page 100 (heavy member)',
      (i) => `/api/admin/v1/members/${heavy[i % heavy.length]}/ledger?page=100`,
    ],
  ];
  const results = [];
  for (const [label, url, check] of cases) {
    const r = await measure(token, url, check);
    results.push({ label, r });
    console.log(`  ${label}: p99 ${r.p99.toFixed(1)} ms`);
  }

  const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim();
  console.log(
    `\nConsole — ${MEMBERS} members, ${psql('select count(*) from point_ledger')} ledger rows, ${pendingTotal} waiting for review; ` +
      `${REQUESTS} requests per case, ${CONCURRENCY} at a time, load average ${load}\n`,
  );
  // Padding by display width: a CJK character takes two columns.
  const width = (t) => [...t].reduce((a, c) => a + (c.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  const pad = (t, n) => t + ' '.repeat(Math.max(0, n - width(t)));
  const w = Math.max(...results.map((x) => width(x.label)));
  console.log(`${pad('case', w)}     p50     p95     p99     max     (server CPU per request)`);
  const f = (v) => v.toFixed(1).padStart(7);
  for (const { label, r } of results) {
    const ok = r.p99 < TARGET_P99;
    if (!ok) missed++;
    console.log(
      `${pad(label, w)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${f(r.max)} ms  (${r.cpu.toFixed(1)} ms)  ${ok ? 'meets' : 'MISSES'} p99 < ${TARGET_P99} ms`,
    );
  }
} finally {
  await server.close();
  if (process.env.BENCH_KEEP !== '1') dropDatabase(DATABASE);
}
if (missed && process.env.BENCH_STRICT === '1') process.exit(1);
