import { expect } from 'vitest';
import {
  forumCompleteMachine,
  selectForumComplete,
  type ForumCompleteSnapshot,
  type ForumCompleteStep,
  type ForumProgressData,
} from '../../machines/forumComplete';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the moderator's 标记为完成 (confirm → complete): every state and transition on
 * some path; after each path the props are checked against an oracle worked out from the events,
 * and so are the calls (one per 确认, always for this respondent) and the page's reloads.
 */

const done: ForumProgressData = {
  requiredAnswered: 1,
  requiredTotal: 3,
  completed: true,
  completedAt: 1,
  points: 800,
  pointsStatus: 'posted',
  deadline: 2,
};
const ended = { code: Code.FORUM_ENDED, msg: '座谈会已截止，不能再标记完成' };
const network = { code: 0, msg: '' };

const events: ModelEvent[] = [
  { type: 'user.complete' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.close' },
  ...answers('complete', [done], [ended, network]),
];

function oracle(steps: Path['steps']) {
  let step: ForumCompleteStep = 'idle';
  let error: string | null = null;
  let progress: ForumProgressData | null = null;
  let calls = 0;
  let reloads = 0;
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.complete':
        step = 'confirming';
        error = null;
        break;
      case 'user.confirm':
        step = 'completing';
        error = null;
        calls += 1;
        break;
      case 'user.cancel':
        step = 'idle';
        error = null;
        break;
      case 'user.close':
        step = 'idle';
        break;
      case 'xstate.done.actor.complete':
        step = 'completed';
        progress = event.output as ForumProgressData;
        reloads += 1;
        break;
      case 'xstate.error.actor.complete':
        step = 'confirming';
        error = (event.error as { msg: string }).msg || '网络错误，请稍后重试';
        break;
    }
  }
  return { view: { step, error, progress, canConfirm: step === 'confirming' }, calls, reloads };
}

describePathTests({
  name: 'forumComplete machine',
  machine: forumCompleteMachine,
  plans: [{ input: { memberId: 42 }, events }],
  endStates: ['idle', 'confirming', 'completing', 'completed'],
  async test({ path, stubs, drive }) {
    let reloads = 0;
    const actor = await drive(
      forumCompleteMachine.provide({
        actors: stubs.actors(['complete']),
        actions: { completed: () => void (reloads += 1) },
      }),
    );
    const snapshot = actor.getSnapshot() as ForumCompleteSnapshot;
    const want = oracle(path.steps);
    expect(selectForumComplete(snapshot)).toEqual(want.view);
    expect(stubs.started.complete ?? 0).toBe(want.calls);
    for (const i of stubs.inputs.complete ?? []) expect(i).toEqual({ memberId: 42 });
    expect(reloads).toBe(want.reloads);
    expect(snapshot.hasTag('open')).toBe(want.view.step !== 'idle');
    expect(snapshot.hasTag('busy')).toBe(want.view.step === 'completing');
  },
});
