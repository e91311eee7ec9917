// `npm run bench:crash`: `kill -9` of the server under a redeem and credit load on PostgreSQL,
// restarted each time on the same database — no acknowledged write may be lost, the books must
// balance, and replaying every request sent must not pay or charge twice.
//
// 1. a fresh database `bench_crash` on $BENCH_PG_HOST:$BENCH_PG_PORT (trust auth), dropped again at
//    the end; the real server on it (bench/lib.mjs: `node dist/server.mjs`, demo content seeded);
// 2. BENCH_MEMBERS (30) members registered through the API (SMS outbox); each given points and one
//    virtual reward with BENCH_CODES (20000) codes put on the shelf, and BENCH_TASKS (400) partner
//    surveys of the demo partner with no minimum answer time (bench/redeem-setup.ts);
// 3. BENCH_KILLS (3) rounds: every member at once checks in, then loops — redeem the reward with a
//    new request key; start the next survey; the partner's signed postback (status 10, complete)
//    for it — until the server is killed with SIGKILL at a random moment 1–3 s into the load
//    (counted from the round's first answer); every request and its answer (or none) is recorded;
//    the server is restarted on the same database;
// 4. after the last restart: every write answered with code 200 is in the database (a redeem's
//    exchange by its request key, a start's participation, a postback's ledger credit, a check-in's
//    day and ledger row); every ledger sums to its balance, none negative; stock + exchanges = codes;
// 5. every request sent, answered or not, is sent again (same request keys, same signed postback
//    URLs, in each member's order). A write already in the database must add nothing; a write lost
//    with the kill before it committed (never acknowledged) is done now, exactly once — the
//    exchanges, ledger rows and participations added must be exactly those. Then everything is sent
//    a third time: nothing at all may change (exchanges, ledger rows, participations, check-ins,
//    every balance).
//
// One summary line; exit 1 on any violation (a lost acknowledged write, unbalanced books, a replay
// that adds anything it should not, an answer other than the expected ones).
// Knobs: BENCH_MEMBERS (30), BENCH_KILLS (3), BENCH_TASKS (400), BENCH_CODES (20000), BENCH_PORT (8198),
// BENCH_PG_HOST/PORT/USER.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { benchServer, buildServer, dropDatabase, freshDatabase } from './lib.mjs';

register();
/** The partner's side of the signing, as server/seed/demoPartner.ts does it. */
const { withSignature } = await import('../server/modules/tasks/signature.ts');

const PORT = Number(process.env.BENCH_PORT ?? 8198);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 30);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const TASKS = Number(process.env.BENCH_TASKS ?? 400);
const CODES = Number(process.env.BENCH_CODES ?? 20000);
const DATABASE = 'bench_crash';
/** Codes other than 200 that are a normal answer: already checked in today, already did this task. */
const NORMAL = { checkin: [5629], start: [5013] };

freshDatabase(DATABASE);
buildServer();
// Every member starts every task from 127.0.0.1: no IP limit on task starts.
const server = benchServer({ database: DATABASE, port: PORT, env: { TASK_IP_LIMIT: '1000000' } });

/** Every request of the load, in the order sent: `{ kind, member, method, url, body, round, answer }`. */
const sent = [];
const violations = [];
const fail = (what) => violations.push(what);

/** Send a recorded request; its answer (the envelope) is kept on the record, or stays null. */
async function send(record) {
  sent.push(record);
  record.answer = null;
  const t0 = performance.now();
  record.answer = await server.request(record.method, record.url, record.body, record.member?.token);
  record.ms = performance.now() - t0;
  record.onAnswer?.();
  return record.answer;
}

/** Unexpected answers by `kind code`, counted (5xx, refusals the load cannot cause, a postback not accepted). */
function unexpected(records) {
  const odd = new Map();
  for (const r of records) {
    const code = r.answer?.code;
    if (code === undefined || NORMAL[r.kind]?.includes(code)) continue;
    if (code === 200 && (r.kind !== 'postback' || r.answer.data.accepted)) continue;
    const key = code === 200 ? `${r.kind} not accepted` : `${r.kind} ${code} ${r.answer.msg}`;
    odd.set(key, (odd.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(odd);
}

function postbackUrl(setup, rid) {
  const ts = Math.floor(Date.now() / 1000);
  return withSignature(
    setup.partner.secret,
    `/api/v1/partners/${setup.partner.code}/postback?rid=${encodeURIComponent(rid)}&status=10&ts=${ts}`,
  );
}

/**
 * One member's load until the server stops answering: a check-in, then cycles of a redeem and a
 * credit (start the next survey, the partner's postback); every other member earns first, so both
 * kinds of write are in flight at every moment.
 */
async function memberLoad(member, setup, round, killed, onAnswer) {
  const record = (kind, method, url, body) => ({ kind, member, method, url, body, round, onAnswer });
  const redeem = async () => {
    const requestKey = `crash-${member.memberId}-${member.seq}`;
    await send(record('redeem', 'POST', '/api/v1/exchange/redeem', { rewardId: setup.rewardId, requestKey }));
  };
  const earn = async () => {
    const hashId = setup.hashIds[member.seq - 1];
    if (hashId === undefined) return;
    const started = await send({ ...record('start', 'POST', `/api/v1/process/tasks/${hashId}/start`), hashId });
    if (started.code !== 200) return;
    const rid = started.data.respondentId;
    // The partner's server calls: no member token; replayed in the member's order.
    await send({ ...record('postback', 'GET', postbackUrl(setup, rid)), member: null, owner: member, rid });
  };
  try {
    await send(record('checkin', 'POST', '/api/v1/users/checkin'));
    for (;;) {
      member.seq++;
      for (const step of member.earnsFirst ? [earn, redeem] : [redeem, earn]) await step();
    }
  } catch (err) {
    if (!killed()) throw err;
    // The server was killed: this member's load ends at the first request without an answer.
  }
}

/** The writes a list of records asks for, in the shape `redeem-setup.ts check` takes. */
function writesOf(records, acknowledgedOnly) {
  const ok = (r) => !acknowledgedOnly || (r.answer?.code === 200 && (r.kind !== 'postback' || r.answer.data.accepted));
  const writes = { redeems: [], starts: [], credits: [], checkins: [] };
  for (const r of records.filter(ok)) {
    if (r.kind === 'redeem') writes.redeems.push([r.member.memberId, r.body.requestKey]);
    else if (r.kind === 'start')
      writes.starts.push([r.member.memberId, r.hashId, r.answer?.code === 200 ? r.answer.data.respondentId : null]);
    else if (r.kind === 'postback') writes.credits.push(r.rid);
    else if (r.kind === 'checkin' && !writes.checkins.includes(r.member.memberId))
      writes.checkins.push(r.member.memberId);
  }
  return writes;
}

/** The absent writes (indexes into `writes`, as `check` answers them), up to 5 of each kind, readable. */
function absentText(writes, absent) {
  return Object.entries(absent)
    .filter(([, list]) => list.length)
    .map(
      ([kind, list]) =>
        `${list.length} ${kind} (${list
          .slice(0, 5)
          .map((i) => JSON.stringify(writes[kind][i]))
          .join(', ')})`,
    )
    .join('; ');
}

function check(setup, writes) {
  const file = path.join(server.dataDir, 'writes.json');
  writeFileSync(file, JSON.stringify(writes));
  const books = server.redeemSetup('check', setup.rewardId, CODES, file);
  books.consistent = books.unbalanced === 0 && books.negative === 0 && books.stock + books.exchanges === CODES;
  books.absentCount = Object.values(books.absent).reduce((n, list) => n + list.length, 0);
  return books;
}

const booksText = (b) =>
  `${b.members} ledgers, ${b.unbalanced} not summing to their balance, ${b.negative} negative, ` +
  `stock ${b.stock} + exchanges ${b.exchanges} = ${b.stock + b.exchanges} of ${b.codes} codes`;

/** Send every record again, each member's in the order first sent, members at once. */
async function replay(records) {
  const byMember = new Map();
  for (const r of records) {
    const who = r.owner ?? r.member;
    if (!byMember.has(who)) byMember.set(who, []);
    byMember.get(who).push(r);
  }
  const again = [];
  await Promise.all(
    [...byMember.values()].map(async (list) => {
      for (const r of list) {
        const copy = { ...r, answer: null };
        again.push(copy);
        copy.answer = await server.request(r.method, r.url, r.body, r.member?.token);
      }
    }),
  );
  return again;
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const sameState = (a, b) =>
  ['ledgerRows', 'exchanges', 'participations', 'checkins'].every((k) => a[k] === b[k]) &&
  JSON.stringify(a.balances) === JSON.stringify(b.balances);

try {
  await server.start();
  const members = [];
  for (let i = 0; i < MEMBERS; i++)
    members.push({ ...(await server.registerMember()), seq: 0, earnsFirst: i % 2 === 1 });
  const setup = {
    ...server.redeemSetup('setup', 100 * CODES, CODES, ...members.map((m) => m.memberId)),
    ...server.redeemSetup('tasks', TASKS, 30),
  };
  setup.partner = { code: setup.partner, secret: setup.secret };

  for (let round = 1; round <= KILLS; round++) {
    const before = sent.length;
    // The clock starts at the round's first answer: the kill lands under load, not during the
    // restarted server's first (cold, slow) answers.
    const killAt = 1000 + Math.random() * 2000;
    let killed = false;
    let timer;
    const onAnswer = () => {
      timer ??= setTimeout(() => {
        killed = true;
        void server.stop('SIGKILL');
      }, killAt);
    };
    await Promise.all(members.map((m) => memberLoad(m, setup, round, () => killed, onAnswer)));
    clearTimeout(timer);
    await server.stop('SIGKILL');
    const mine = sent.slice(before);
    console.log(
      `round ${round}: killed ${(killAt / 1000).toFixed(2)} s after the first answer, ${mine.length} requests, ` +
        `${mine.filter((r) => r.answer?.code === 200).length} answered 200, ${mine.filter((r) => !r.answer).length} without answer, ` +
        `median answer ${median(mine.filter((r) => r.answer).map((r) => r.ms)).toFixed(0)} ms`,
    );
    await server.start();
  }

  // After the last restart: what was acknowledged is there, the books balance.
  const acknowledged = writesOf(sent, true);
  const afterCrash = check(setup, acknowledged);
  const lost = afterCrash.absentCount;
  if (lost) fail(`lost acknowledged writes: ${absentText(acknowledged, afterCrash.absent)}`);
  if (!afterCrash.consistent) fail(`books after the crashes: ${booksText(afterCrash)}`);
  const oddLoad = unexpected(sent);
  if (Object.keys(oddLoad).length) fail(`unexpected answers under load: ${JSON.stringify(oddLoad)}`);

  // Replay everything: only what the kills lost before it committed may be done now, once.
  const all = writesOf(sent, false);
  const beforeReplay = check(setup, all);
  const replayed = await replay(sent);
  const afterReplay = check(setup, all);
  const done = (kind) => beforeReplay.absent[kind].length - afterReplay.absent[kind].length;
  const d = (k) => afterReplay.state[k] - beforeReplay.state[k];
  const lostDone = done('redeems') + done('credits') + done('checkins');
  // Each redeem debits once and makes one exchange, each credit and each check-in is one ledger row.
  const extra = {
    exchanges: d('exchanges') - done('redeems'),
    ledgerRows: d('ledgerRows') - lostDone,
    participations: d('participations') - done('starts'),
    checkins: d('checkins') - done('checkins'),
  };
  const replayAdded = Object.values(extra).reduce((n, v) => n + Math.abs(v), 0);
  if (replayAdded) fail(`replay added beyond the lost writes: ${JSON.stringify(extra)}`);
  if (afterReplay.absentCount) fail(`writes still absent after the replay: ${absentText(all, afterReplay.absent)}`);
  if (!afterReplay.consistent) fail(`books after the replay: ${booksText(afterReplay)}`);
  const oddReplay = unexpected(replayed);
  if (Object.keys(oddReplay).length) fail(`unexpected answers to the replay: ${JSON.stringify(oddReplay)}`);

  // And once more: now every write is done, so nothing at all may change.
  const replayedAgain = await replay(sent);
  const afterSecond = check(setup, all);
  const secondAdded = sameState(afterReplay.state, afterSecond.state) ? 0 : 1;
  if (secondAdded)
    fail(
      `second replay changed the database: ${JSON.stringify({
        ledgerRows: afterSecond.state.ledgerRows - afterReplay.state.ledgerRows,
        exchanges: afterSecond.state.exchanges - afterReplay.state.exchanges,
        participations: afterSecond.state.participations - afterReplay.state.participations,
        checkins: afterSecond.state.checkins - afterReplay.state.checkins,
      })} (balances ${JSON.stringify(afterReplay.state.balances) === JSON.stringify(afterSecond.state.balances) ? 'unchanged' : 'changed'})`,
    );
  const oddSecond = unexpected(replayedAgain);
  if (Object.keys(oddSecond).length) fail(`unexpected answers to the second replay: ${JSON.stringify(oddSecond)}`);

  const count = (kind) => sent.filter((r) => r.kind === kind).length;
  const ok200 = sent.filter((r) => r.answer?.code === 200).length;
  console.log(`books after the replays: ${booksText(afterSecond)}`);
  for (const v of violations) console.log(`VIOLATION: ${v}`);
  console.log(
    `crash: ${KILLS} × kill -9 under load, ${MEMBERS} members — ${sent.length} requests sent ` +
      `(redeem ${count('redeem')}, start ${count('start')}, postback ${count('postback')}, check-in ${count('checkin')}), ` +
      `${ok200} answered 200, ${sent.filter((r) => !r.answer).length} without answer; ` +
      `lost acknowledged writes ${lost}; books ${afterCrash.consistent && afterSecond.consistent ? 'consistent' : 'INCONSISTENT'}; ` +
      `replay of all ${sent.length} added ${replayAdded} (${lostDone} unacknowledged writes lost with the kill done once), ` +
      `second replay added ${secondAdded ? 'SOMETHING' : 0} — ${violations.length ? 'FAIL' : 'ok'}`,
  );
} finally {
  await server.close();
  dropDatabase(DATABASE);
}
if (violations.length) process.exit(1);
