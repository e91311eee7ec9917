import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot } from 'xstate';
import { textToHtml } from '../../machines/forumEditor';
import {
  MAYBE_POSTED_MESSAGE,
  forumTopicEditorMachine,
  selectForumTopicEditorView,
  topicProblems,
  type ForumTopicEditorSnapshot,
  type PostedTopic,
  type TopicRequest,
} from '../../machines/forumTopicEditor';
import { Code } from '../../openapi/codes';
import { describePathTests, submitAnswers, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the moderator's 发起话题: open the form (with or without a section), fill
 * it in, send it once, see a refusal or a lost answer, cancel and come back. After each path the
 * view and the requests are checked against an oracle worked out from the events alone: a request
 * is sent only from a valid form, carries what was typed, and a sent topic empties the form; a lost
 * answer sent again from the unchanged form carries the same request key, any change a new one.
 */

const TITLE = '你最常在哪里买零食？';
const BODY = '说说最近一次买零食的地方，\n\n以及为什么选那里。';
const HASH = 'Xk29dPq';
const created: PostedTopic = { id: 41, sectionId: 3, title: TITLE };
const lost = { code: 0, msg: '网络错误' };
const notModerator = { code: Code.FORUM_MODERATOR_ONLY, msg: '只有主持人可以这样操作' };

const events: ModelEvent[] = [
  { type: 'user.open', sectionId: null },
  { type: 'user.open', sectionId: 3 },
  { type: 'user.cancel' },
  { type: 'user.section', sectionId: 3 },
  { type: 'user.title', title: TITLE },
  { type: 'user.title', title: '好' },
  { type: 'user.body', body: BODY },
  { type: 'user.body', body: '  ' },
  { type: 'user.required', required: true },
  { type: 'user.seeAfterPosting', seeAfterPosting: true },
  { type: 'user.submit' },
  ...submitAnswers([created], [lost, notModerator]),
];

/** A vertex is what the guards and the view's branches read, not every word typed. */
function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as ForumTopicEditorSnapshot).context;
  return JSON.stringify([
    s.value,
    Object.keys(topicProblems(c)).sort(),
    c.showErrors,
    c.posted !== null,
    c.error !== null,
  ]);
}

interface Oracle {
  status: 'closed' | 'editing' | 'submitting';
  sectionId: number | null;
  title: string;
  body: string;
  required: boolean;
  seeAfterPosting: boolean;
  showErrors: boolean;
  error: string | null;
  posted: PostedTopic | null;
  /** What was sent, the request key as the number of the key (1 for the first key made, …). */
  sends: Array<Omit<TopicRequest, 'requestKey'> & { key: number }>;
  key: number | null;
  keys: number;
  postedCalls: Array<{ id: number; sectionId: number }>;
  maybePosted: number;
}

function oracle(path: Path): Oracle {
  const o: Oracle = {
    status: 'closed',
    sectionId: null,
    title: '',
    body: '',
    required: false,
    seeAfterPosting: false,
    showErrors: false,
    error: null,
    posted: null,
    sends: [],
    key: null,
    keys: 0,
    postedCalls: [],
    maybePosted: 0,
  };
  const valid = () =>
    o.sectionId !== null && o.body.trim() !== '' && [...o.title.trim()].length >= 2 && o.title.trim().length <= 80;
  for (const { event } of path.steps) {
    const e = event as ModelEvent & Record<string, unknown>;
    const editing = o.status === 'editing';
    switch (e.type) {
      case 'user.open':
        if (o.status !== 'closed') break;
        o.status = 'editing';
        o.sectionId = (e.sectionId as number | null) ?? o.sectionId;
        o.error = null;
        break;
      case 'user.cancel':
        if (editing) o.status = 'closed';
        break;
      case 'user.section':
      case 'user.title':
      case 'user.body':
        if (!editing) break;
        if (e.type === 'user.section') o.sectionId = e.sectionId as number;
        if (e.type === 'user.title') o.title = e.title as string;
        if (e.type === 'user.body') o.body = e.body as string;
        o.error = null;
        o.key = null;
        break;
      case 'user.required':
        if (!editing) break;
        o.required = e.required as boolean;
        o.key = null;
        break;
      case 'user.seeAfterPosting':
        if (!editing) break;
        o.seeAfterPosting = e.seeAfterPosting as boolean;
        o.key = null;
        break;
      case 'user.submit':
        if (!editing) break;
        if (!valid()) {
          o.showErrors = true;
          break;
        }
        o.status = 'submitting';
        o.error = null;
        o.key ??= ++o.keys;
        o.sends.push({
          key: o.key,
          taskHashId: HASH,
          sectionId: o.sectionId!,
          title: o.title.trim(),
          body: textToHtml(o.body),
          required: o.required,
          seeAfterPosting: o.seeAfterPosting,
        });
        break;
      case 'submit.done':
        Object.assign(o, {
          status: 'closed',
          title: '',
          body: '',
          required: false,
          seeAfterPosting: false,
          showErrors: false,
          error: null,
          posted: created,
          key: null,
        });
        o.postedCalls.push({ id: created.id, sectionId: created.sectionId });
        break;
      case 'submit.refused':
      case 'submit.uncertain': {
        const err = e.error as { code: number; msg: string };
        o.status = 'editing';
        if (err.code === 0) {
          o.error = MAYBE_POSTED_MESSAGE;
          o.maybePosted++;
        } else {
          o.error = err.msg;
          o.key = null;
        }
        break;
      }
    }
  }
  return o;
}

describePathTests({
  name: 'forumTopicEditorMachine',
  machine: forumTopicEditorMachine,
  plans: [{ input: { taskHashId: HASH }, events }],
  serializeState,
  submitOnce: 'submit',
  endStates: ['closed', { open: 'editing' } as never, { open: 'submitting' } as never],
  async test({ path, stubs, drive }) {
    const postedCalls: Array<{ id: number; sectionId: number }> = [];
    let maybePosted = 0;
    const actor = await drive(
      forumTopicEditorMachine.provide({
        actors: stubs.actors(['submit']),
        actions: {
          posted: (_, t) => void postedCalls.push(t),
          maybePosted: () => void maybePosted++,
        },
      }),
    );
    const want = oracle(path);
    const view = selectForumTopicEditorView(actor.getSnapshot() as ForumTopicEditorSnapshot);
    expect(view.status).toBe(want.status);
    expect([view.sectionId, view.title, view.body]).toEqual([want.sectionId, want.title, want.body]);
    expect([view.required, view.seeAfterPosting]).toEqual([want.required, want.seeAfterPosting]);
    expect(view.error).toBe(want.error);
    expect(view.posted).toEqual(want.posted);
    expect(view.canSubmit).toBe(want.status === 'editing');
    expect(Object.keys(view.problems).length > 0).toBe(want.showErrors && Object.keys(topicProblems(want)).length > 0);
    // Keys are random: number them by first use, so equal keys compare equal and new ones differ.
    const numbered: string[] = [];
    const sent = ((stubs.inputs.submit ?? []) as TopicRequest[]).map(({ requestKey, ...rest }) => {
      expect(requestKey).toMatch(/\S/);
      if (!numbered.includes(requestKey)) numbered.push(requestKey);
      return { key: numbered.indexOf(requestKey) + 1, ...rest };
    });
    expect(sent).toEqual(want.sends);
    expect(postedCalls).toEqual(want.postedCalls);
    expect(maybePosted).toBe(want.maybePosted);
  },
});

describe('forumTopicEditorMachine (details)', () => {
  it('asks for a section, a title of 2–80 characters and the text, in zh-CN', () => {
    expect(topicProblems({ sectionId: null, title: '好', body: ' ' })).toEqual({
      section: '请选择版块',
      title: '标题至少 2 个字',
      body: '请填写内容或添加图片',
    });
    expect(topicProblems({ sectionId: 3, title: '长'.repeat(81), body: BODY }).title).toBe('标题最多 80 个字');
    expect(topicProblems({ sectionId: 3, title: TITLE, body: BODY })).toEqual({});
  });
});
