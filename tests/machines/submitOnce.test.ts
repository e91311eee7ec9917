import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendTo, setup, type AnyMachineSnapshot } from 'xstate';
import {
  attemptOf,
  submitOnceInput,
  submitOnceMachine,
  type SubmitOnceReport,
  type SubmitOnceSnapshot,
} from '../../machines/submitOnce';
import { answers, describePathTests, flush, type ModelEvent, type Path, type Stubs } from './model';

/**
 * Model-based test of the retry rule, proved once for every flow that submits once: every state and
 * transition of `submitOnce` on some path; after each path, the sends (their requests and keys), the
 * reports to the parent and the held attempt are checked against an oracle worked out from the
 * events alone. A key is shared by the sends of one attempt and by no other; a retry re-sends the
 * request as it was; nothing is sent but on `submit` or `retry` (a refusal is never re-sent by itself).
 */

const lost = { code: 0, msg: '网络错误' };
const crashed = { code: 500, msg: '服务器开小差了', httpStatus: 500 };
const refused = { code: 2001, msg: '微豆不足' };

const events: ModelEvent[] = [
  { type: 'submit', request: { n: 1 } },
  { type: 'submit', request: { n: 2 } },
  { type: 'retry' },
  { type: 'forget' },
  ...answers('send', [{ id: 7 }], [lost, crashed, refused]),
];

type Step = 'idle' | 'submitting' | 'done' | 'refused' | 'uncertain';

function oracle(steps: Path['steps']) {
  let step: Step = 'idle';
  let attempt: number | null = null;
  let attempts = 0;
  let request: object | null = null;
  let sends = 0;
  const sent: { request: object; attempt: number }[] = [];
  const reports: SubmitOnceReport[] = [];
  const send = () => {
    sends += 1;
    sent.push({ request: request!, attempt: attempt! });
    step = 'submitting';
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { request?: object; output?: unknown; error?: { code: number } };
    switch (e.type) {
      case 'submit':
        if ((step as Step) === 'submitting') break;
        if (step !== 'uncertain') attempt = attempts++;
        request = e.request!;
        sends = 0;
        send();
        break;
      case 'retry':
        if (step === 'uncertain') send();
        break;
      case 'forget':
        if (step === 'uncertain') {
          step = 'idle';
          attempt = null;
        }
        break;
      case 'xstate.done.actor.send':
        step = 'done';
        attempt = null;
        reports.push({ type: 'submit.done', output: e.output });
        break;
      case 'xstate.error.actor.send':
        if (e.error!.code === 0 || (e.error!.code >= 500 && e.error!.code < 600)) {
          step = 'uncertain';
          reports.push({ type: 'submit.uncertain', error: e.error });
        } else {
          step = 'refused';
          attempt = null;
          reports.push({ type: 'submit.refused', error: e.error });
        }
        break;
    }
  }
  return { step, sent, reports, attempt: { pending: attempt !== null, retries: Math.max(0, sends - 1) } };
}

const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as SubmitOnceSnapshot).context;
  return JSON.stringify([s.value, c.requestKey !== null, Math.min(c.sends, 2)]);
};

/** The stubs of the running test: the child's `send` is given as input, which is planned once. */
let current: Stubs | undefined;
const input = {
  get send() {
    return current?.promise('send');
  },
};

describePathTests({
  name: 'submitOnce machine',
  machine: submitOnceMachine.provide({ actions: { report: () => {} } }),
  plans: [{ input, events }],
  serializeState,
  endStates: ['done', 'refused', 'uncertain'],
  async test({ path, stubs, drive }) {
    current = stubs;
    const reports: SubmitOnceReport[] = [];
    const actor = await drive(
      submitOnceMachine.provide({ actions: { report: (_, report: SubmitOnceReport) => void reports.push(report) } }),
    );
    const want = oracle(path.steps);
    expect(actor.getSnapshot().value).toBe(want.step);
    expect(reports).toEqual(want.reports);
    expect(attemptOf(actor)).toEqual(want.attempt);
    const sent = (stubs.inputs.send ?? []) as ({ requestKey: string } & object)[];
    expect(sent.map(({ requestKey: _, ...request }) => request)).toEqual(want.sent.map((s) => s.request));
    // Same attempt ⇔ same key.
    for (let i = 0; i < sent.length; i++) {
      expect(sent[i]!.requestKey).toMatch(/^[0-9a-f]{32}$/);
      for (let j = 0; j < i; j++)
        expect(sent[i]!.requestKey === sent[j]!.requestKey).toBe(want.sent[i]!.attempt === want.sent[j]!.attempt);
    }
  },
});

describe('submitOnce under a parent', () => {
  // A parent declares its call as its own actor, and the app provides it; the child sends through it.
  const parent = setup({
    types: {} as { context: { told: string[] }; events: SubmitOnceReport | { type: 'go' } | { type: 'again' } },
    actors: {
      call: fromPromise<{ ok: true }, { n: number; requestKey: string }>(async () => {
        throw new Error('not provided');
      }),
      submitOnce: submitOnceMachine,
    },
  }).createMachine({
    context: { told: [] },
    invoke: { id: 'submitOnce', src: 'submitOnce', input: ({ self }) => submitOnceInput(self, 'call') },
    on: {
      go: { actions: sendTo('submitOnce', { type: 'submit', request: { n: 1 } }) },
      again: { actions: sendTo('submitOnce', { type: 'retry' }) },
      'submit.done': { actions: assign({ told: ({ context }) => [...context.told, 'done'] }) },
      'submit.refused': { actions: assign({ told: ({ context }) => [...context.told, 'refused'] }) },
      'submit.uncertain': { actions: assign({ told: ({ context }) => [...context.told, 'uncertain'] }) },
    },
  });

  it('sends with the provided call, and a retry after a lost answer re-sends the same key', async () => {
    const seen: { n: number; requestKey: string }[] = [];
    const answers = [Promise.reject(lost), Promise.resolve({ ok: true as const })];
    answers[0]!.catch(() => {});
    const actor = createActor(
      parent.provide({
        actors: {
          call: fromPromise(async ({ input }) => {
            seen.push(input);
            return answers[seen.length - 1]!;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'go' });
    await flush();
    expect(actor.getSnapshot().context.told).toEqual(['uncertain']);
    expect(attemptOf(actor.getSnapshot().children.submitOnce)).toEqual({ pending: true, retries: 0 });
    actor.send({ type: 'again' });
    await flush();
    expect(actor.getSnapshot().context.told).toEqual(['uncertain', 'done']);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(attemptOf(actor.getSnapshot().children.submitOnce)).toEqual({ pending: false, retries: 1 });
  });

  it('never re-sends a refusal by itself', async () => {
    let calls = 0;
    const actor = createActor(
      parent.provide({
        actors: {
          call: fromPromise<{ ok: true }, { n: number; requestKey: string }>(async () => {
            calls += 1;
            throw refused;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'go' });
    await flush();
    actor.send({ type: 'again' });
    await flush();
    expect(actor.getSnapshot().context.told).toEqual(['refused']);
    expect(calls).toBe(1);
  });
});
