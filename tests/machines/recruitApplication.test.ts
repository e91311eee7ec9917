import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  recruitApplicationMachine,
  selectRecruitFormView,
  type RecruitApplicationSnapshot,
  type RecruitProblems,
  type RecruitStep,
} from '../../machines/recruitApplication';
import { Code } from '../../openapi/codes';
import { recruitFormProblems, type RecruitForm } from '../../openapi/rules/recruit';
import { describePathTests, submitAnswers, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the campus-officer application form (fill in → send → sent): every state
 * and transition on some path; after each path the form's props and the sends (with their request
 * keys: one key per application, kept across a retry whose answer was lost) are checked against
 * an oracle worked out from the events alone.
 */

const MOTIVATION = '我在学生会负责宣传工作，认识很多同学，也喜欢参与问卷调研，想把微豆调研介绍给身边的人。';
const formInvalid = {
  code: Code.RECRUIT_FORM_INVALID,
  msg: '手机号格式不正确，应以 13–19 开头',
  data: { problems: { mobile: '手机号格式不正确，应以 13–19 开头' } },
};
const already = { code: Code.RECRUIT_ALREADY_APPLIED, msg: '你已经提交过推广官申请，每位会员只能申请一次' };
const lost = { code: 0, msg: '网络错误' };
const refused = { code: 400, msg: '参数错误', httpStatus: 400 };

const events: ModelEvent[] = [
  { type: 'user.input', field: 'school', value: '华东师范大学' },
  { type: 'user.input', field: 'school', value: '华' },
  { type: 'user.input', field: 'grade', value: '大二' },
  { type: 'user.input', field: 'mobile', value: '13812345678' },
  { type: 'user.input', field: 'motivation', value: MOTIVATION },
  { type: 'user.submit' },
  { type: 'user.retry' },
  { type: 'user.edit' },
  ...submitAnswers([{ application: { id: 1 } }], [formInvalid, already, lost, refused]),
];

const valid = (f: RecruitForm) => Object.keys(recruitFormProblems(f)).length === 0;

const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as RecruitApplicationSnapshot).context;
  return JSON.stringify([
    s.value,
    Object.keys(recruitFormProblems(c.form)).sort(),
    c.showProblems,
    Object.keys(c.serverProblems).length > 0,
  ]);
};

function oracle(steps: Path['steps']) {
  let step: RecruitStep = 'editing';
  const form: RecruitForm = { school: '', grade: '', mobile: '', motivation: '' };
  let showProblems = false;
  let serverProblems: RecruitProblems = {};
  let error: string | null = null;
  /** Which application each send belongs to (a new one after a definite answer). */
  let keyGroup: number | null = null;
  let groups = 0;
  const sends: { form: RecruitForm; group: number }[] = [];
  const send = () => {
    keyGroup ??= groups++;
    sends.push({ form: { ...form }, group: keyGroup });
    step = 'submitting';
    error = null;
  };
  for (const { event } of steps) {
    const e = event as ModelEvent & { error?: typeof formInvalid };
    switch (e.type) {
      case 'user.input':
        if (step !== 'editing') break;
        form[e.field as keyof RecruitForm] = e.value as string;
        delete serverProblems[e.field as keyof RecruitProblems];
        error = null;
        break;
      case 'user.submit':
        if (step !== 'editing') break;
        if (valid(form)) send();
        else showProblems = true;
        break;
      case 'user.retry':
        if (step === 'failed') send();
        break;
      case 'user.edit':
        if (step === 'failed') {
          step = 'editing';
          error = null;
        }
        break;
      case 'submit.done':
        step = 'done';
        break;
      case 'submit.refused':
      case 'submit.uncertain': {
        const err = e.error!;
        if (err.code === Code.RECRUIT_FORM_INVALID) {
          step = 'editing';
          serverProblems = { ...err.data.problems };
          showProblems = true;
          keyGroup = null;
        } else if (err.code === Code.RECRUIT_ALREADY_APPLIED) step = 'done';
        else {
          step = 'failed';
          error = err.msg;
          if (err.code !== 0) keyGroup = null;
        }
        break;
      }
    }
  }
  return {
    view: {
      step,
      form,
      problems: showProblems ? { ...recruitFormProblems(form), ...serverProblems } : {},
      error,
      busy: (step as RecruitStep) === 'submitting',
      canSubmit: (step as RecruitStep) === 'editing',
      canRetry: (step as RecruitStep) === 'failed',
    },
    sends,
  };
}

describePathTests({
  name: 'recruitApplication machine',
  machine: recruitApplicationMachine,
  plans: [{ events }],
  serializeState,
  endStates: ['submitted', 'alreadyApplied'],
  submitOnce: 'submit',
  async test({ path, stubs, drive }) {
    const actor = await drive(recruitApplicationMachine.provide({ actors: stubs.actors(['submit']) }));
    const want = oracle(path.steps);
    expect(selectRecruitFormView(actor.getSnapshot() as RecruitApplicationSnapshot)).toEqual(want.view);
    const sent = (stubs.inputs.submit ?? []) as { form: RecruitForm; requestKey: string }[];
    expect(sent.map((s) => s.form)).toEqual(want.sends.map((s) => s.form));
    // Same application ⇔ same key.
    for (let i = 0; i < sent.length; i++)
      for (let j = 0; j < i; j++)
        expect(sent[i]!.requestKey === sent[j]!.requestKey).toBe(want.sends[i]!.group === want.sends[j]!.group);
  },
});
