import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  NETWORK_MSG,
  REFUSAL_TEXT,
  REJECTION_TEXT,
  failureMessage,
  isExternal,
  refusalOf,
  rejectionOf,
  remainingOf,
  selectHandoffView,
  surveyHandoffMachine,
  type HandoffInput,
  type HandoffSnapshot,
  type HandoffStatus,
  type StartOutcome,
  type TaskBrief,
  type TaskOutcome,
  type WatchTarget,
} from '../../machines/surveyHandoff';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the survey hand-off / callback machine (DESIGN §6): paths planned from
 * every entry (hand-off, return, outcome, watch, logged out, incomplete link), driven on a real
 * actor with stubbed API actors and effects, the view props and effects checked against an
 * oracle worked out from the events alone, and every state node and transition covered.
 */

const task: TaskBrief = {
  hashId: 'tAbc123',
  title: '年轻人咖啡消费习惯调研',
  kind: 'survey',
  points: 300,
  screenOutPoints: 20,
  quotaFullPoints: 10,
  minutes: 8,
  block: null,
  blockMessage: null,
};
const blockedTask: TaskBrief = { ...task, block: 'device', blockMessage: '该任务仅限手机参加' };
const joinedTask: TaskBrief = { ...task, block: 'joined', blockMessage: '你已参与过该任务' };

const surveyStart: StartOutcome = {
  respondentId: 'rid-0001-abcdef',
  kind: 'survey',
  entryUrl: 'https://partner.example.com/s?rid=rid-0001-abcdef',
  seconds: 0,
  resumed: false,
  alreadyJoined: false,
};
const joinedStart: StartOutcome = {
  ...surveyStart,
  entryUrl: '/survey/end?rid=rid-0001-abcdef',
  alreadyJoined: true,
};

const outcome = (joinResult: number, points: number): TaskOutcome => ({
  respondentId: 'rid-0001-abcdef',
  taskHashId: 'tAbc123',
  title: task.title,
  type: 2,
  kind: 'survey',
  joinResult: joinResult as TaskOutcome['joinResult'],
  points,
  pointsStatus: points > 0 ? 'posted' : 'none',
  lowQualityReasons: [],
  finishedAt: Date.UTC(2026, 10, 22, 1, 5),
  audit: null,
});
const complete = outcome(1, 300);
const screenedOut = outcome(2, 20);
const pending = outcome(0, 0);
const target: WatchTarget = { url: '/demo-partner/video', seconds: 2, points: 30 };

const err = (code: number, msg = '', data?: unknown) => ({ code, msg, data });
const network = err(0, '网络错误');

const events: ModelEvent[] = [
  { type: 'user.login' },
  { type: 'user.redirect' },
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'user.claim' },
  { type: 'clock.tick' },
  ...answers('loadTask', [task, blockedTask, joinedTask], [err(404, '任务不存在'), network]),
  ...answers(
    'startTask',
    [surveyStart, joinedStart],
    [err(3006, '任务名额已满'), err(1105, '请先完成个人属性问卷'), err(500, '服务器开小差了，请稍后再试')],
  ),
  ...answers(
    'submitCallback',
    [complete],
    [
      err(3003, '回跳链接校验失败，本次结果无法确认'),
      err(3004, '这条答题记录不属于当前账号'),
      err(3005, '回跳链接已过期'),
      network,
    ],
  ),
  ...answers('loadOutcome', [pending, screenedOut], [err(3004, '这条答题记录不属于当前账号'), network]),
  ...answers('loadTarget', [target], [err(404, '浏览任务不存在或已下线'), network]),
  ...answers(
    'finishWatch',
    [complete],
    [err(3010, '还需停留 1 秒', { remainingSeconds: 1 }), err(3004, '这条答题记录不属于当前账号'), network],
  ),
];

const inputs: Record<string, HandoffInput> = {
  handoff: { mode: 'handoff', loggedIn: true, here: '/task/go?id=tAbc123', taskHashId: 'tAbc123' },
  return: {
    mode: 'return',
    loggedIn: true,
    here: '/task/back?rid=rid-0001-abcdef&status=10&ts=1&sig=ab',
    callbackUrl: '/task/back?rid=rid-0001-abcdef&status=10&ts=1&sig=ab',
  },
  returnWithRid: {
    mode: 'return',
    loggedIn: true,
    here: '/task/back/failure?rid=rid-0001-abcdef&status=20&ts=1&sig=cd',
    callbackUrl: '/task/back/failure?rid=rid-0001-abcdef&status=20&ts=1&sig=cd',
    rid: 'rid-0001-abcdef',
  },
  outcome: { mode: 'outcome', loggedIn: true, here: '/survey/end?rid=rid-0001-abcdef', rid: 'rid-0001-abcdef' },
  watch: {
    mode: 'watch',
    loggedIn: true,
    here: '/browse/redirect?taskId=7&rid=rid-0001-abcdef',
    rid: 'rid-0001-abcdef',
    taskId: 7,
  },
  loggedOut: {
    mode: 'return',
    loggedIn: false,
    here: '/task/back?rid=r&status=10&ts=1&sig=ab',
    callbackUrl: '/task/back?rid=r&status=10&ts=1&sig=ab',
  },
  incomplete: { mode: 'handoff', loggedIn: true, here: '/task/go', taskHashId: '' },
};

type Effect = { type: 'redirect'; url: string; external: boolean } | { type: 'goToLogin'; redirect: string };

interface Oracle {
  status: HandoffStatus;
  refusal: string | null;
  rejection: string | null;
  joinResult: number | null;
  remaining: number;
  notice: string | null;
  error: string | null;
  effects: Effect[];
  /** Actor id → inputs it was started with, in order. */
  calls: Record<string, unknown[]>;
  /** The respondent id known so far (shown for support). */
  rid: string | null;
}

/** What the machine must show and do after a path, from the events alone. */
function oracle(input: HandoffInput, steps: Path['steps']): Oracle {
  const o: Oracle = {
    status: 'loginRequired',
    refusal: null,
    rejection: null,
    joinResult: null,
    remaining: 0,
    notice: null,
    error: null,
    effects: [],
    calls: {},
    rid: null,
  };
  let failedStep: string | null = null;
  let rid = input.rid ?? null;
  let start: StartOutcome | null = null;
  let lastOutcome: TaskOutcome | null = null;
  const call = (id: string, arg: unknown) => (o.calls[id] ??= []).push(arg);
  const enter = (s: HandoffStatus) => {
    o.status = s;
    if (s === 'loadingTask') call('loadTask', { taskHashId: input.taskHashId });
    if (s === 'starting') call('startTask', { taskHashId: input.taskHashId });
    if (s === 'returning') call('submitCallback', { url: input.callbackUrl });
    if (s === 'loadingOutcome') call('loadOutcome', { rid });
    if (s === 'loadingTarget') call('loadTarget', { taskId: input.taskId });
    if (s === 'claiming') {
      o.notice = null;
      call('finishWatch', { rid });
    }
    if (s === 'redirecting')
      o.effects.push({ type: 'redirect', url: start!.entryUrl, external: !start!.alreadyJoined });
    if (s === 'watching' && o.remaining <= 0) o.status = 'claimable';
  };
  const fail = (step: string, e: { code: number; msg: string }) => {
    failedStep = step;
    o.error = e.code === 0 ? NETWORK_MSG : e.msg;
    enter('failed');
  };
  const settle = (out: TaskOutcome) => {
    lastOutcome = out;
    rid = rid ?? out.respondentId;
    o.joinResult = out.joinResult;
    o.notice = null;
    enter('settled');
  };
  const rejectionReason = (code: number) =>
    ({ 3003: 'invalid', 3004: 'foreign', 3005: 'expired', 404: 'notFound' })[code] ?? null;
  const refusalReason = (code: number) =>
    ({ 3006: 'quotaFull', 1105: 'basicSurvey', 404: 'notFound', 3002: 'notEligible' })[code] ?? null;

  if (!input.loggedIn) enter('loginRequired');
  else if (input.mode === 'handoff' && !input.taskHashId) enter('invalidLink');
  else
    enter(
      ({ handoff: 'loadingTask', return: 'returning', outcome: 'loadingOutcome', watch: 'loadingTarget' } as const)[
        input.mode
      ],
    );

  for (const { event } of steps) {
    const e = (event as { error?: { code: number; msg: string } }).error;
    const out = (event as { output?: unknown }).output;
    switch (`${o.status}|${event.type}`) {
      case 'loginRequired|user.login':
        o.effects.push({ type: 'goToLogin', redirect: input.here });
        break;
      case 'redirecting|user.redirect':
        o.effects.push({ type: 'redirect', url: start!.entryUrl, external: !start!.alreadyJoined });
        break;
      case 'failed|user.retry': {
        const back = {
          loadTask: 'loadingTask',
          startTask: 'starting',
          submitCallback: 'returning',
          loadOutcome: 'loadingOutcome',
          loadTarget: 'loadingTarget',
        }[failedStep!] as HandoffStatus;
        failedStep = null;
        o.error = null;
        enter(back);
        break;
      }
      case 'settled|user.refresh':
        if (lastOutcome!.joinResult === 0) enter('loadingOutcome');
        break;
      case 'claimable|user.claim':
        enter('claiming');
        break;
      case 'watching|clock.tick':
        o.remaining = Math.max(0, o.remaining - 1);
        if (o.remaining === 0) o.status = 'claimable';
        break;
      case 'loadingTask|xstate.done.actor.loadTask': {
        const t = out as TaskBrief;
        if (t.block && t.block !== 'joined') {
          o.refusal = 'device';
          enter('refused');
        } else enter('starting');
        break;
      }
      case 'loadingTask|xstate.error.actor.loadTask':
      case 'starting|xstate.error.actor.startTask': {
        const reason = refusalReason(e!.code);
        if (reason) {
          o.refusal = reason;
          enter('refused');
        } else fail(o.status === 'starting' ? 'startTask' : 'loadTask', e!);
        break;
      }
      case 'starting|xstate.done.actor.startTask':
        start = out as StartOutcome;
        rid = start.respondentId;
        enter('redirecting');
        break;
      case 'returning|xstate.done.actor.submitCallback':
      case 'loadingOutcome|xstate.done.actor.loadOutcome':
      case 'claiming|xstate.done.actor.finishWatch':
        settle(out as TaskOutcome);
        break;
      case 'returning|xstate.error.actor.submitCallback':
      case 'loadingOutcome|xstate.error.actor.loadOutcome':
      case 'loadingTarget|xstate.error.actor.loadTarget': {
        const reason = rejectionReason(e!.code);
        if (reason) {
          o.rejection = reason;
          enter('rejected');
        } else
          fail(
            { returning: 'submitCallback', loadingOutcome: 'loadOutcome', loadingTarget: 'loadTarget' }[
              o.status as 'returning'
            ],
            e!,
          );
        break;
      }
      case 'loadingTarget|xstate.done.actor.loadTarget':
        o.remaining = (out as WatchTarget).seconds;
        enter('watching');
        break;
      case 'claiming|xstate.error.actor.finishWatch': {
        if (e!.code === 3010) {
          o.remaining = 1;
          o.notice = '停留时间还不够，再等 1 秒就可以领取了。';
          enter('watching');
        } else if (rejectionReason(e!.code)) {
          o.rejection = rejectionReason(e!.code);
          enter('rejected');
        } else {
          o.notice = `领取失败：${NETWORK_MSG}`;
          o.status = 'claimable';
        }
        break;
      }
    }
  }
  o.rid = rid;
  return o;
}

describePathTests({
  name: 'surveyHandoff machine',
  machine: surveyHandoffMachine,
  plans: Object.entries(inputs).map(([name, input]) => ({ name: `from ${name}`, input, events })),
  label: (event) => {
    if (!('output' in event)) return undefined;
    const out = event.output as { joinResult?: number; block?: string | null; alreadyJoined?: boolean };
    if (out.joinResult !== undefined) return `result ${out.joinResult}`;
    if ('block' in out) return `block ${out.block}`;
    if (out.alreadyJoined !== undefined) return out.alreadyJoined ? '5013' : 'started';
    return undefined;
  },
  endStates: [
    'loginRequired',
    'invalidLink',
    'loadingTask',
    'starting',
    'redirecting',
    'refused',
    'returning',
    'loadingOutcome',
    'settled',
    'rejected',
    'loadingTarget',
    'watching',
    'claimable',
    'claiming',
    'failed',
  ] satisfies HandoffStatus[],
  fromCallback: { 'clock.tick': 'countdown' },
  async test({ path, input, stubs, drive }) {
    const effects: Effect[] = [];
    const actor = await drive(
      surveyHandoffMachine.provide({
        actors: stubs.actors(
          ['loadTask', 'startTask', 'submitCallback', 'loadOutcome', 'loadTarget', 'finishWatch'],
          ['countdown'],
        ),
        actions: {
          redirect: (_, p) => effects.push({ type: 'redirect', ...p }),
          goToLogin: (_, p) => effects.push({ type: 'goToLogin', ...p }),
        },
      }),
    );
    const snapshot = actor.getSnapshot() as HandoffSnapshot;
    const view = selectHandoffView(snapshot);
    const want = oracle(input, path.steps);
    expect(view.status).toBe(want.status);
    expect(view.refusal?.reason ?? null).toBe(want.refusal);
    expect(view.rejection?.reason ?? null).toBe(want.rejection);
    expect(view.outcome?.joinResult ?? null).toBe(want.status === 'settled' ? want.joinResult : null);
    expect(view.error).toBe(want.error);
    expect(view.notice).toBe(want.notice);
    if (['watching', 'claimable', 'claiming'].includes(want.status)) expect(view.remaining).toBe(want.remaining);
    expect(effects).toEqual(want.effects);
    expect(view.rid).toBe(want.rid);
    expect(stubs.inputs).toEqual(want.calls);
    expect(view.busy).toBe(
      ['loadingTask', 'starting', 'returning', 'loadingOutcome', 'loadingTarget', 'claiming'].includes(view.status),
    );
    expect(view.canRetry).toBe(view.status === 'failed');
    expect(view.canLogin).toBe(view.status === 'loginRequired');
    expect(view.canRedirect).toBe(view.status === 'redirecting');
    expect(view.canClaim).toBe(view.status === 'claimable');
    expect(view.canRefresh).toBe(view.status === 'settled' && view.outcome?.joinResult === 0);
    // The ticker runs exactly while watching.
    expect(stubs.isRunning('countdown')).toBe(view.status === 'watching');
  },
});

describe('surveyHandoff rules', () => {
  it('partner URLs leave the site; in-site paths are routed', () => {
    expect(isExternal('https://partner.example.com/s?rid=1')).toBe(true);
    expect(isExternal('http://localhost:8080/demo-partner/survey?rid=1')).toBe(true);
    expect(isExternal('//evil.example.com/x')).toBe(true);
    expect(isExternal('/task/poll/3?rid=1')).toBe(false);
    expect(isExternal('/browse/redirect?taskId=2&rid=1')).toBe(false);
  });

  it('maps each refusal code and keeps a more specific server message', () => {
    expect(refusalOf(err(3001, '该任务的合作方暂停服务，请稍后再试'))).toEqual({
      reason: 'closed',
      message: '该任务的合作方暂停服务，请稍后再试',
    });
    expect(refusalOf(err(3008))?.reason).toBe('notOpen');
    expect(refusalOf(err(3007))).toEqual({ reason: 'device', message: REFUSAL_TEXT.device.message });
    expect(refusalOf(err(3002))?.reason).toBe('notEligible');
    expect(refusalOf(err(3006))?.reason).toBe('quotaFull');
    expect(refusalOf(err(1105))?.reason).toBe('basicSurvey');
    const quality = '该任务需要答题质量达到「优秀」，你当前为「良好」，提高答卷有效率即可参加';
    expect(refusalOf(err(3011, quality))).toEqual({ reason: 'qualityLevel', message: quality });
    expect(refusalOf(err(500))).toBeNull();
    expect(refusalOf(network)).toBeNull();
  });

  it('maps each rejected return to its own zh-CN explanation', () => {
    expect(rejectionOf(err(3003))).toEqual({ reason: 'invalid', message: REJECTION_TEXT.invalid.message });
    expect(rejectionOf(err(3004))?.reason).toBe('foreign');
    expect(rejectionOf(err(3005))?.reason).toBe('expired');
    expect(rejectionOf(err(3010))).toBeNull();
  });

  it('says 网络错误 for a missing reply and the server message otherwise', () => {
    expect(failureMessage(network)).toBe(NETWORK_MSG);
    expect(failureMessage(new Error('boom'))).toBe(NETWORK_MSG);
    expect(failureMessage(err(500, '服务器开小差了，请稍后再试'))).toBe('服务器开小差了，请稍后再试');
    expect(remainingOf(err(3010, '', { remainingSeconds: 4.2 }))).toBe(5);
    expect(remainingOf(err(3010))).toBe(1);
  });

  it('a link without its respondent id is an invalid link in every mode', () => {
    for (const input of [
      { mode: 'return', loggedIn: true, here: '/task/back', callbackUrl: '' },
      { mode: 'outcome', loggedIn: true, here: '/survey/end', rid: null },
      { mode: 'watch', loggedIn: true, here: '/browse/redirect?taskId=3', rid: null, taskId: 3 },
      { mode: 'watch', loggedIn: true, here: '/browse/redirect?rid=abcdefgh', rid: 'abcdefgh', taskId: Number.NaN },
    ] as HandoffInput[]) {
      const actor = createActor(surveyHandoffMachine, { input }).start();
      expect(actor.getSnapshot().value).toBe('invalidLink');
      actor.stop();
    }
  });

  it('a target that asks for no stay is claimable at once', async () => {
    const actor = createActor(
      surveyHandoffMachine.provide({
        actors: {
          loadTarget: fromPromise<WatchTarget, { taskId: number }>(async () => ({ ...target, seconds: 0 })),
          countdown: fromCallback(() => () => {}),
        },
      }),
      { input: inputs.watch! },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('claimable');
    actor.stop();
  });

  it('the built-in countdown ticks once a second and is cleaned up', async () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(
        surveyHandoffMachine.provide({
          actors: { loadTarget: fromPromise<WatchTarget, { taskId: number }>(async () => target) },
        }),
        { input: inputs.watch! },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('watching');
      expect(actor.getSnapshot().context.remaining).toBe(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().context.remaining).toBe(1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().value).toBe('claimable');
      expect(vi.getTimerCount()).toBe(0);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
