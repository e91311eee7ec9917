import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  FEEDBACK_STATE_NODES,
  feedbackMachine,
  selectFeedbackView,
  SHOTS_BUSY_MESSAGE,
  type CreateFeedbackRequest,
  type FeedbackDetail,
  type FeedbackInput,
  type FeedbackRecord,
  type FeedbackSnapshot,
  type MoveRequest,
  type RecordRef,
  askErrors,
  rateErrors,
  reopenErrors,
  replyErrors,
} from '../../machines/feedback';
import { isUncertain } from '../../machines/shared';
import type { ScreenshotsChanged, Shot } from '../../machines/screenshots';
import { Code } from '../../openapi/codes';
import { expiredTicket, ratedTicket, taskRecord, ticket } from '../../stories/home/feedbackFixtures';
import { answers, describePathTests, flush, submitAnswers, type ModelEvent, type Path, type Stubs } from './model';

/**
 * Model-based test of the feedback lifecycle (DESIGN §6): paths from the form (with and without a
 * record to load) and from a ticket in each of the six states, over every API answer; every state
 * and transition on some path. After each path the view is checked against what the brief and
 * the rules say each state offers (an oracle written out here, not read from the machine), the
 * request-key rule is checked on the form's paths (a retry after a lost answer re-sends the same
 * key; a new attempt after a definite answer gets a new one), and every move sent names the
 * ticket and is one the state allows.
 */

const VALID = '答完问卷显示被甄别，但我完全符合条件，微豆也没有到账。';

const picture = (id: number, status: Shot['status']): Shot => ({
  id,
  file: { name: `${id}.png`, size: 1000, type: 'image/png' },
  status,
  key: status === 'done' ? `feedback/7/1763700000000000${id}.png` : null,
  url: status === 'done' ? `/uploads/feedback/7/1763700000000000${id}.png` : null,
  error: status === 'failed' ? '网络错误，请检查网络后重试' : null,
  retryable: status === 'failed',
});
const changed = (shots: Shot[]): ScreenshotsChanged => ({
  type: 'screenshots.changed',
  shots,
  keys: shots.flatMap((s) => (s.key ? [s.key] : [])),
  busy: shots.some((s) => s.status === 'uploading' || s.status === 'checking' || s.status === 'waiting'),
  failed: shots.some((s) => s.status === 'failed'),
  notice: null,
});
const shotEvents: ModelEvent[] = [
  changed([picture(1, 'uploading')]),
  changed([picture(1, 'done')]),
  changed([picture(1, 'failed')]),
  { type: 'user.addScreenshots', files: [{ name: 'a.png', size: 1000, type: 'image/png' }] },
  { type: 'user.removeScreenshot', id: 1 },
  { type: 'user.retryScreenshot', id: 1 },
];

const networkError = { code: 0, msg: '网络错误', httpStatus: 0 };
const serverCrash = { code: 500, msg: '服务器开小差了，请稍后再试', httpStatus: 500 };
const dailyLimit = { code: Code.FEEDBACK_DAILY_LIMIT, msg: '今天提交的反馈已达上限，请明天再来', httpStatus: 200 };
const recordInvalid = { code: Code.FEEDBACK_RECORD_INVALID, msg: '关联的记录不存在，请重新选择', httpStatus: 200 };
const notFound = { code: Code.NOT_FOUND, msg: '请求的内容不存在', httpStatus: 404 };
const conflict = { code: Code.FEEDBACK_STATE_CONFLICT, msg: '这条反馈的状态已经变化，请刷新后再试', httpStatus: 200 };
const rateLimited = { code: Code.RATE_LIMITED, msg: '操作太频繁，请稍后再试', httpStatus: 429 };

const askEvents: ModelEvent[] = [
  { type: 'user.setCategory', category: 1 },
  { type: 'user.setContent', value: '太短了' },
  { type: 'user.setContent', value: VALID },
  ...shotEvents,
  { type: 'user.submit' },
  { type: 'user.retry' },
  { type: 'user.retryRecord' },
  ...submitAnswers([ticket(0)], [networkError, serverCrash, dailyLimit, recordInvalid]),
];

const recordEvents: ModelEvent[] = [
  ...askEvents,
  ...answers('loadRecord', [taskRecord], [recordInvalid, networkError]),
];

const followEvents: ModelEvent[] = [
  ...answers('loadTicket', [0, 1, 2, 3, 4, 5].map((s) => ticket(s as 0)).concat([ratedTicket, expiredTicket]), [
    notFound,
    networkError,
  ]),
  { type: 'user.refresh' },
  { type: 'user.retry' },
  { type: 'user.setReply', value: '截图已补充' },
  { type: 'user.setReason', value: '补发的微豆还是没有到账' },
  { type: 'user.setStars', stars: 4 },
  { type: 'user.setComment', value: '处理及时' },
  ...shotEvents,
  { type: 'user.reply' },
  { type: 'user.confirm' },
  { type: 'user.reopen' },
  { type: 'user.rate' },
  ...answers('act', [ticket(1), ticket(5), ratedTicket], [conflict, networkError, rateLimited]),
];

/** What each ticket state offers the member, per the brief (reply 0–4, confirm 4, reopen and rate 5). */
const OFFERS: Record<string, ('reply' | 'confirm' | 'reopen' | 'rate')[]> = {
  toAccept: ['reply'],
  toHandle: ['reply'],
  processing: ['reply'],
  awaitingFeedback: ['reply'],
  awaitingConfirmation: ['reply', 'confirm'],
  confirmed: ['reopen', 'rate'],
};

/**
 * A vertex: the state plus what the guards depend on — whether each form would pass, not its
 * words; what is only shown (an error, a notice) is left out, or the paths would multiply (the
 * key is the `submitOnce` child's, proved in its own test).
 */
function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as FeedbackSnapshot).context;
  const ready = (errors: object) => Object.keys(errors).length === 0;
  return JSON.stringify({
    v: s.value,
    ask: c.ticket === null ? ready(askErrors(c)) : null,
    record: [c.ref !== null, c.recordError !== null],
    ticket: c.ticket ? [c.ticket.state, c.ticket.rating !== null, c.ticket.can] : null,
    forms: c.ticket ? [ready(replyErrors(c)), ready(reopenErrors(c)), ready(rateErrors(c))] : null,
  });
}

function provideStubs(stubs: Stubs) {
  return feedbackMachine.provide({
    actors: stubs.actors(['loadRecord', 'create', 'loadTicket', 'act'], ['screenshots']),
  });
}

/** The request-key rule over the `create` calls of a path. */
function checkKeys(path: Path, inputs: CreateFeedbackRequest[]) {
  const settlements = path.steps.map((s) => s.event).filter((e) => e.type.startsWith('submit.'));
  for (let i = 1; i < inputs.length; i++) {
    const before = settlements[i - 1]!;
    const lost = before.type === 'submit.uncertain' && isUncertain((before as unknown as { error: unknown }).error);
    if (lost) expect(inputs[i], 'a retry re-sends the same request').toEqual(inputs[i - 1]);
    else expect(inputs[i]!.requestKey, 'a new attempt gets a new key').not.toBe(inputs[i - 1]!.requestKey);
  }
  for (const input of inputs) {
    expect(input.requestKey).toMatch(/^[0-9a-f]{32}$/);
    expect(input.category).toBe(1);
    expect(input.content).toBe(VALID);
  }
}

/** Every move sent names the ticket and is one its state offered. */
function checkMoves(path: Path, inputs: MoveRequest[]) {
  let sent = 0;
  for (let i = 1; i < path.steps.length; i++) {
    const before = path.steps[i - 1]!.state.value as Record<string, string> | string;
    const after = path.steps[i]!.state.value as Record<string, string> | string;
    const sub = (v: typeof before) => (typeof v === 'object' ? Object.values(v)[0] : null);
    if (sub(before) === 'idle' && sub(after) === 'sending' && typeof before === 'object') {
      const node = Object.keys(before)[0]!;
      const move = inputs[sent++]!;
      expect(move.ticketId).toBe(7);
      expect(OFFERS[node]).toContain(move.kind);
      if (move.kind === 'reply') expect(move.body.content).toBe('截图已补充');
      if (move.kind === 'reopen') expect(move.body.content).toBe('补发的微豆还是没有到账');
      if (move.kind === 'rate') expect(move.body).toEqual({ stars: 4, comment: expect.any(String) });
    }
  }
  expect(inputs).toHaveLength(sent);
}

function checkView(snapshot: FeedbackSnapshot) {
  const view = selectFeedbackView(snapshot);
  const value = snapshot.value as string | Record<string, string>;
  const node = typeof value === 'object' ? Object.keys(value)[0]! : value;
  const sub = typeof value === 'object' ? Object.values(value)[0]! : null;
  if (node in OFFERS) {
    expect(snapshot.hasTag('ticket')).toBe(true);
    expect(FEEDBACK_STATE_NODES[view.ticket!.state]).toBe(node);
    expect(view.status).toBe(node);
    expect(view.canRefresh).toBe(true);
    if (sub === 'idle') {
      const can = view.ticket!.can;
      const rated = view.ticket!.rating !== null;
      expect(view.canReply).toBe(OFFERS[node]!.includes('reply') && can.reply);
      expect(view.canConfirm).toBe(OFFERS[node]!.includes('confirm') && can.confirm);
      expect(view.canReopen).toBe(OFFERS[node]!.includes('reopen') && can.reopen);
      expect(view.canRate).toBe(OFFERS[node]!.includes('rate') && can.rate && !rated);
    } else {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(view.sending).not.toBeNull();
      expect([view.canReply, view.canConfirm, view.canReopen, view.canRate]).toEqual([false, false, false, false]);
    }
  } else {
    expect(snapshot.hasTag('ticket')).toBe(false);
  }
  if (node === 'composing') {
    expect(view.status).toBe(sub === 'start' ? 'editing' : sub);
    expect(view.canSubmit).toBe(sub === 'editing');
    if (sub === 'networkError') expect(view.canRetry).toBe(true);
    if (sub === 'editing' && view.errors.images) {
      expect(snapshot.context.shotsBusy || snapshot.context.shotsFailed).toBe(true);
    }
  }
  if (node === 'loadFailed') expect(view.canRetry).toBe(true);
  if (node === 'loading' || sub === 'submitting' || sub === 'loadingRecord') expect(snapshot.hasTag('busy')).toBe(true);
}

const plans: { name: string; input: FeedbackInput; events: ModelEvent[] }[] = [
  { name: 'ask', input: { ask: { prefill: {} } }, events: askEvents },
  { name: 'ask about a record', input: { ask: { prefill: { rid: 'R8K2QX7' } } }, events: recordEvents },
  { name: 'follow a ticket', input: { ticketId: 7 }, events: followEvents },
];

describePathTests({
  name: 'feedbackMachine',
  machine: feedbackMachine,
  plans,
  serializeState,
  fromCallback: { 'screenshots.changed': 'screenshots' },
  submitOnce: 'create',
  endStates: [
    ...Object.keys(OFFERS).map((node) => ({ [node]: 'idle' }) as never),
    { composing: 'networkError' } as never,
    'notFound',
    'loadFailed',
  ],
  async test({ path, stubs, drive }) {
    const actor = await drive(provideStubs(stubs));
    checkView(actor.getSnapshot() as FeedbackSnapshot);
    checkKeys(path, (stubs.inputs.create ?? []) as CreateFeedbackRequest[]);
    checkMoves(path, (stubs.inputs.act ?? []) as MoveRequest[]);
    for (const input of (stubs.inputs.loadRecord ?? []) as RecordRef[]) expect(input).toEqual({ rid: 'R8K2QX7' });
  },
});

/* ---- details ---- */

type Answer<T> = (input: unknown, attempt: number) => T | Promise<T>;

function start(
  input: FeedbackInput,
  answers: {
    create?: Answer<FeedbackDetail>;
    loadTicket?: Answer<FeedbackDetail>;
    act?: Answer<FeedbackDetail>;
    loadRecord?: Answer<FeedbackRecord>;
  },
) {
  const calls: Record<string, unknown[]> = {};
  const stub = <T>(name: string, answer?: Answer<T>) =>
    fromPromise<T, unknown>(async ({ input }) => {
      const list = (calls[name] ??= []);
      list.push(input);
      if (!answer) throw new Error(`${name} not expected`);
      return answer(input, list.length - 1);
    });
  const actor = createActor(
    feedbackMachine.provide({
      actors: {
        create: stub('create', answers.create) as never,
        loadTicket: stub('loadTicket', answers.loadTicket) as never,
        act: stub('act', answers.act) as never,
        loadRecord: stub('loadRecord', answers.loadRecord) as never,
        screenshots: fromCallback(() => () => {}) as never,
      },
    }),
    { input },
  ).start();
  return { actor, calls };
}

describe('feedbackMachine (details)', () => {
  it('the URL’s category wins; else a record suggests one; nothing named leaves it to the member', () => {
    const pick = (prefill: Parameters<typeof start>[0] & object) =>
      start(prefill, { loadRecord: () => taskRecord }).actor.getSnapshot().context.category;
    expect(pick({ ask: { prefill: { exchangeId: 3, category: 6 } } })).toBe(6);
    expect(pick({ ask: { prefill: { exchangeId: 3 } } })).toBe(2);
    expect(pick({ ask: { prefill: { benefitId: 3 } } })).toBe(3);
    expect(pick({ ask: { prefill: { rid: 'R1' } } })).toBe(1);
    expect(pick({ ask: { prefill: {} } })).toBeNull();
  });

  it('a first submit shows the contract’s zh-CN messages and sends nothing', async () => {
    const { actor, calls } = start({ ask: { prefill: {} } }, {});
    actor.send({ type: 'user.setContent', value: '太短' });
    actor.send({ type: 'user.submit' });
    await flush();
    const view = selectFeedbackView(actor.getSnapshot());
    expect(view.status).toBe('editing');
    expect(view.errors).toEqual({ category: '请选择问题类型', content: '问题描述至少 10 个字' });
    actor.send({ type: 'user.setContent', value: 'x'.repeat(501) });
    expect(selectFeedbackView(actor.getSnapshot()).errors.content).toBe('问题描述最多 500 个字');
    expect(calls.create).toBeUndefined();
  });

  it('pictures still uploading hold the submit back', async () => {
    const { actor, calls } = start({ ask: { prefill: {} } }, {});
    actor.send({ type: 'user.setCategory', category: 5 });
    actor.send({ type: 'user.setContent', value: VALID });
    actor.send(changed([picture(1, 'uploading')]));
    actor.send({ type: 'user.submit' });
    await flush();
    expect(selectFeedbackView(actor.getSnapshot()).errors).toEqual({ images: SHOTS_BUSY_MESSAGE });
    expect(calls.create).toBeUndefined();
    actor.send(changed([picture(1, 'done')]));
    actor.send({ type: 'user.submit' });
    await flush();
    expect((calls.create![0] as CreateFeedbackRequest).images).toEqual(['feedback/7/17637000000000001.png']);
  });

  it('a lost answer is retried with the same key; the server’s ticket is where it lands', async () => {
    const { actor, calls } = start(
      { ask: { prefill: { exchangeId: 12 } } },
      {
        loadRecord: () => ({ ...taskRecord, kind: 'exchange', rid: null }),
        create: (_, attempt) => {
          if (attempt === 0) throw networkError;
          return ticket(1);
        },
      },
    );
    await flush();
    actor.send({ type: 'user.setContent', value: VALID });
    actor.send({ type: 'user.submit' });
    await flush();
    expect(selectFeedbackView(actor.getSnapshot()).status).toBe('networkError');
    actor.send({ type: 'user.retry' });
    await flush();
    const [first, second] = calls.create as CreateFeedbackRequest[];
    expect(second).toEqual(first);
    expect(first).toMatchObject({ exchangeId: 12, category: 2, images: [] });
    expect(actor.getSnapshot().value).toEqual({ toHandle: 'idle' });
  });

  it('a record refused as not the member’s is dropped: the next attempt goes without it, with a new key', async () => {
    const { actor, calls } = start(
      { ask: { prefill: { rid: 'R1' } } },
      {
        loadRecord: () => taskRecord,
        create: (_, attempt) => {
          if (attempt === 0) throw recordInvalid;
          return ticket(0);
        },
      },
    );
    await flush();
    actor.send({ type: 'user.setContent', value: VALID });
    actor.send({ type: 'user.submit' });
    await flush();
    const view = selectFeedbackView(actor.getSnapshot());
    expect(view.error).toBe('关联的记录不存在，请重新选择');
    expect(view.recordMissing).toBe(true);
    actor.send({ type: 'user.submit' });
    await flush();
    const [first, second] = calls.create as CreateFeedbackRequest[];
    expect(first!.rid).toBe('R1');
    expect(second).not.toHaveProperty('rid');
    expect(second!.requestKey).not.toBe(first!.requestKey);
  });

  it('a refusal saying the ticket moved on reloads it and says why', async () => {
    const { actor, calls } = start(
      { ticketId: 7 },
      {
        loadTicket: (_, n) => (n === 0 ? ticket(4) : ticket(5)),
        act: () => {
          throw conflict;
        },
      },
    );
    await flush();
    actor.send({ type: 'user.confirm' });
    await flush();
    await flush();
    const view = selectFeedbackView(actor.getSnapshot());
    expect(view.status).toBe('confirmed');
    expect(view.notice).toBe('这条反馈的状态已经变化，请刷新后再试');
    expect(calls.loadTicket).toHaveLength(2);
    expect(calls.act).toEqual([{ ticketId: 7, kind: 'confirm' }]);
  });

  it('a rated or expired confirmed ticket offers only what is left', async () => {
    const rated = start({ ticketId: 7 }, { loadTicket: () => ratedTicket });
    const expired = start({ ticketId: 7 }, { loadTicket: () => expiredTicket });
    await flush();
    const a = selectFeedbackView(rated.actor.getSnapshot());
    const b = selectFeedbackView(expired.actor.getSnapshot());
    expect([a.canReopen, a.canRate]).toEqual([true, false]);
    expect([b.canReopen, b.canRate]).toEqual([false, true]);
  });

  it('a reply in 待确认 is the member’s “not solved”: sent as a reply with its pictures, the ticket goes back', async () => {
    const { actor, calls } = start({ ticketId: 7 }, { loadTicket: () => ticket(4), act: () => ticket(1) });
    await flush();
    actor.send({ type: 'user.reply' });
    expect(selectFeedbackView(actor.getSnapshot()).replyErrors).toEqual({ content: '请填写回复内容' });
    actor.send({ type: 'user.setReply', value: '  还是没有到账  ' });
    actor.send(changed([picture(2, 'done')]));
    actor.send({ type: 'user.reply' });
    await flush();
    expect(calls.act).toEqual([
      {
        ticketId: 7,
        kind: 'reply',
        body: { content: '还是没有到账', images: ['feedback/7/17637000000000002.png'] },
      },
    ]);
    const view = selectFeedbackView(actor.getSnapshot());
    expect(view.status).toBe('toHandle');
    expect([view.reply, view.shots]).toEqual(['', []]);
  });
});
