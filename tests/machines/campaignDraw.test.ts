import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  campaignDrawMachine,
  selectCampaignDrawView,
  type CampaignDrawContext,
  type CampaignDrawSnapshot,
  type CampaignDrawStep,
  type CampaignDrawView,
  type DrawOutcome,
  type DrawRequest,
} from '../../machines/campaignDraw';
import { Code } from '../../openapi/codes';
import { describePathTests, flush, submitAnswers, type ModelEvent, type Path } from './model';

/**
 * Model-based test of a campaign's draw (idle → drawing → result; network error retried with the
 * same key; refusals; no chances): every state and transition on some path; after each path the
 * view is checked against an oracle worked out from the events alone, and so are the draws asked
 * for (a retry re-sends the same key and seed, a new draw makes new ones) and the reloads.
 */

const won: DrawOutcome = {
  draw: { id: 5, outcome: 'prize', prizeName: '100 微豆', points: 100 },
  chances: { left: 0 },
};
const noChances = { code: Code.CAMPAIGN_NO_CHANCES, msg: '抽奖机会已用完' };
const ended = { code: Code.CAMPAIGN_NOT_RUNNING, msg: '活动不在进行中，暂不能抽奖' };
const network = { code: 0, msg: '' };
const NETWORK_MSG = '网络错误，请稍后重试';

const events: ModelEvent[] = [
  { type: 'campaign.loaded', left: 1 },
  { type: 'user.draw' },
  { type: 'user.retry' },
  { type: 'user.close' },
  ...submitAnswers([won], [noChances, ended, network]),
];

const DRAWABLE: CampaignDrawStep[] = ['idle', 'result', 'refused', 'noChances'];

function oracle(steps: Path['steps']) {
  let step: CampaignDrawStep = 'idle';
  let left: number | null = null;
  let outcome: DrawOutcome | null = null;
  let error: string | null = null;
  let draws = 0;
  let drawn = 0;
  const retries: boolean[] = [];
  for (const { event } of steps) {
    switch (event.type) {
      case 'campaign.loaded':
        left = event.left as number;
        break;
      case 'user.draw':
        if (!DRAWABLE.includes(step)) break;
        error = null;
        if (left === null || left > 0) {
          step = 'drawing';
          outcome = null;
          draws += 1;
          retries.push(false);
        } else step = 'noChances';
        break;
      case 'submit.done':
        outcome = event.output as DrawOutcome;
        left = outcome.chances.left;
        step = 'result';
        drawn += 1;
        break;
      case 'submit.refused':
      case 'submit.uncertain': {
        const e = event.error as { code: number; msg: string };
        if (e.code === Code.CAMPAIGN_NO_CHANCES) {
          step = 'noChances';
          left = 0;
        } else {
          step = e.code === 0 ? 'networkError' : 'refused';
          error = e.msg || NETWORK_MSG;
        }
        break;
      }
      case 'user.retry':
        if (step === 'networkError') {
          step = 'drawing';
          error = null;
          draws += 1;
          retries.push(true);
        }
        break;
      case 'user.close':
        if (['result', 'networkError', 'refused', 'noChances'].includes(step)) {
          step = 'idle';
          error = null;
        }
        break;
    }
  }
  const view: CampaignDrawView = {
    step,
    outcome,
    error,
    busy: step === 'drawing',
    canDraw: DRAWABLE.includes(step),
    canRetry: step === 'networkError',
    canClose: ['result', 'networkError', 'refused', 'noChances'].includes(step),
  };
  return { view, draws, drawn, retries };
}

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as CampaignDrawContext;
  return JSON.stringify({ v: s.value, left: c.left, o: c.outcome?.draw.id, e: c.error });
};

describePathTests({
  name: 'campaign draw machine',
  machine: campaignDrawMachine,
  plans: [{ events }],
  serializeState,
  endStates: ['idle', 'drawing', 'result', 'networkError', 'refused', 'noChances'],
  submitOnce: 'draw',
  async test({ path, stubs, drive }) {
    let drawn = 0;
    const actor = await drive(
      campaignDrawMachine.provide({ actors: stubs.actors(['draw']), actions: { drawn: () => void (drawn += 1) } }),
    );
    const want = oracle(path.steps);
    expect(selectCampaignDrawView(actor.getSnapshot() as CampaignDrawSnapshot)).toEqual(want.view);
    expect(stubs.started.draw ?? 0).toBe(want.draws);
    expect(drawn).toBe(want.drawn);
    const inputs = (stubs.inputs.draw ?? []) as DrawRequest[];
    inputs.forEach((input, i) => {
      expect(input.requestKey).toMatch(/^[0-9a-f]{32}$/);
      if (i > 0) {
        const same = input.requestKey === inputs[i - 1]!.requestKey && input.memberSeed === inputs[i - 1]!.memberSeed;
        expect(same).toBe(want.retries[i]);
      }
    });
  },
});

describe('campaign draw rules', () => {
  it('a network error retried re-sends the same key and seed; the next draw has new ones', async () => {
    const seen: DrawRequest[] = [];
    let fail = true;
    const actor = createActor(
      campaignDrawMachine.provide({
        actors: {
          draw: fromPromise<DrawOutcome, DrawRequest>(async ({ input }) => {
            seen.push(input);
            if (fail) throw network;
            return { ...won, chances: { left: 1 } };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'campaign.loaded', left: 2 });
    actor.send({ type: 'user.draw' });
    await flush();
    expect(selectCampaignDrawView(actor.getSnapshot()).step).toBe('networkError');
    fail = false;
    actor.send({ type: 'user.retry' });
    await flush();
    actor.send({ type: 'user.draw' });
    await flush();
    expect(seen).toHaveLength(3);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]!.requestKey).not.toBe(seen[0]!.requestKey);
    actor.stop();
  });
});
