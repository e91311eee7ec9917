/** Shared by polls*.test.ts: a poll (the demo poll by default), its task, a started participation, answers. */
import { expect } from 'vitest';
import type { AppContext } from '../../server/context';
import { polls } from '../../server/db/schema-tasks';
import { DEMO_POLLS } from '../../server/modules/polls/demoPolls';
import { newMember, newTask, type CallOptions, type TasksHarness } from './tasks-helpers';

export const DEMO = DEMO_POLLS.find((p) => p.key === 'daily-travel')!;

export async function newPoll(ctx: AppContext, overrides: Partial<typeof polls.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(polls)
    .values({
      title: DEMO.title,
      intro: DEMO.intro,
      questions: DEMO.questions,
      logic: DEMO.logic,
      lowQualityPay: DEMO.lowQualityPay,
      ...overrides,
    })
    .returning();
  return row!;
}

export interface AnswerInput {
  questionId: number;
  optionIds?: number[];
  text?: string;
  matrix?: { rowId: number; optionId: number }[];
}

let serial = 0;

/** Answers to the demo poll that pass every quality check; the open answer is unique per call. */
export function goodAnswers(): AnswerInput[] {
  serial += 1;
  return [
    { questionId: 1, optionIds: [1] },
    { questionId: 2, optionIds: [1, 3] },
    { questionId: 3, optionIds: [2] },
    { questionId: 4, optionIds: [1] },
    { questionId: 5, optionIds: [2] },
    { questionId: 6, optionIds: [1, 2] },
    {
      questionId: 7,
      matrix: [
        { rowId: 1, optionId: 2 },
        { rowId: 2, optionId: 3 },
        { rowId: 3, optionId: 4 },
      ],
    },
    { questionId: 8, text: `早高峰地铁太挤了，希望 ${serial} 号线能增加班次，缩短发车间隔。` },
  ];
}

/** Replace one question's answer (or drop it with `null`). */
export function withAnswer(answers: AnswerInput[], questionId: number, a: Omit<AnswerInput, 'questionId'> | null) {
  return answers.flatMap((x) => (x.questionId !== questionId ? [x] : a === null ? [] : [{ questionId, ...a }]));
}

/** A poll task (100 points, min 30 s) and a member who started it through the API. */
export async function startedPoll(
  h: TasksHarness,
  opts: { poll?: Partial<typeof polls.$inferInsert>; task?: Parameters<typeof newTask>[1]; start?: CallOptions } = {},
) {
  const poll = await newPoll(h.ctx, opts.poll);
  const task = await newTask(h.ctx, { kind: 'poll', pollId: poll.id, points: 100, minSeconds: 30, ...opts.task });
  const member = await newMember(h.ctx);
  const s = await h.call<{ respondentId: string; entryUrl: string }>(
    'POST',
    `/api/v1/process/tasks/${task.hashId}/start`,
    {
      member,
      ...opts.start,
    },
  );
  expect(s.code).toBe(200);
  expect(s.data.entryUrl).toBe(`/task/poll/${poll.id}?rid=${encodeURIComponent(s.data.respondentId)}`);
  return { poll, task, member, rid: s.data.respondentId };
}

/** Another member starting an existing poll task. */
export async function startAs(h: TasksHarness, taskHashId: string, opts: CallOptions = {}) {
  const member = await newMember(h.ctx);
  const s = await h.call<{ respondentId: string }>('POST', `/api/v1/process/tasks/${taskHashId}/start`, {
    member,
    ...opts,
  });
  expect(s.code).toBe(200);
  return { member, rid: s.data.respondentId };
}

export interface Outcome {
  respondentId: string;
  joinResult: number;
  points: number;
  pointsStatus: string;
  lowQualityReasons: number[];
}

export const submitPoll = (
  h: TasksHarness,
  member: number,
  pollId: number,
  respondentId: string,
  answers: AnswerInput[],
  opts: CallOptions = {},
) => h.call<Outcome>('POST', '/api/v1/polls', { member, ...opts, body: { pollId, respondentId, answers } });

/** Answers that complete the basic (personal) questionnaire (server/modules/profile/basicSurvey.ts). */
export const COMPLETE_BASIC_SURVEY = [
  { questionId: 1, optionIds: [1] },
  { questionId: 2, optionIds: [], text: '1988-03-09' },
  { questionId: 3, optionIds: [], text: '330106' },
  { questionId: 4, optionIds: [4] },
  { questionId: 5, optionIds: [2] },
  { questionId: 6, optionIds: [5] },
  { questionId: 7, optionIds: [2] },
  { questionId: 8, optionIds: [2] },
  { questionId: 9, optionIds: [3] },
  { questionId: 10, optionIds: [1] },
  { questionId: 11, optionIds: [1] },
];
