import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  IMAGES_BUSY_MESSAGE,
  forumEditorMachine,
  replyProblems,
  selectForumEditorView,
  textToHtml,
  type ForumDraft,
  type ForumEditorSnapshot,
  type ForumQuote,
  type ReplyRequest,
} from '../../machines/forumEditor';
import { isUncertain } from '../../machines/shared';
import type { ScreenshotsChanged, Shot } from '../../machines/screenshots';
import { Code } from '../../openapi/codes';
import { describePathTests, submitAnswers, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the forum's post editor: write, quote, attach pictures, send once, retry a
 * lost answer, be refused. Every state and transition on some path; after each path the view and
 * the sends are checked against an oracle worked out from the events alone (a retry after a lost
 * answer re-sends the same request with the same key; a new attempt gets a new key), and the
 * draft storage saw every edit and was cleared after each reply that landed.
 */

const TEXT = '包装的颜色我很喜欢，\n但是开口不太好撕。';
const quote: ForumQuote = { id: 7, author: '小林', excerpt: '我觉得包装太花了' };
const picture = (status: Shot['status']): Shot => ({
  id: 1,
  file: { name: 'a.png', size: 1000, type: 'image/png' },
  status,
  key: status === 'done' ? 'forum/7/17637000000001234.png' : null,
  url: status === 'done' ? '/uploads/forum/7/17637000000001234.png' : null,
  error: null,
  retryable: false,
});
const changed = (shots: Shot[]): ScreenshotsChanged => ({
  type: 'screenshots.changed',
  shots,
  keys: shots.flatMap((s) => (s.key ? [s.key] : [])),
  busy: shots.some((s) => s.status === 'uploading'),
  failed: false,
  notice: null,
});

const lost = { code: 0, msg: '网络错误' };
const closed = { code: Code.FORUM_TOPIC_CLOSED, msg: '这个话题已关闭，不能再回复' };
const quoteGone = { code: Code.FORUM_QUOTE_INVALID, msg: '引用的回复不存在或不在这个话题里' };

const events: ModelEvent[] = [
  { type: 'user.input', body: TEXT },
  { type: 'user.input', body: '  ' },
  { type: 'user.quote', quote },
  { type: 'user.unquote' },
  changed([picture('uploading')]),
  changed([picture('done')]),
  { type: 'user.addImages', files: [{ name: 'b.png', size: 1000, type: 'image/png' }] },
  { type: 'user.removeImage', id: 1 },
  { type: 'user.retryImage', id: 1 },
  { type: 'user.submit' },
  { type: 'user.retry' },
  ...submitAnswers([{ id: 31 }], [lost, closed, quoteGone]),
];

function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as ForumEditorSnapshot).context;
  return JSON.stringify([s.value, c.body.trim() !== '', c.quote !== null, c.shotsBusy, c.images.length, c.showErrors]);
}

interface Oracle {
  status: 'editing' | 'submitting' | 'failed' | 'refused';
  body: string;
  quote: ForumQuote | null;
  images: string[];
  busy: boolean;
  showErrors: boolean;
  error: string | null;
  refusal: string | null;
  sends: ReplyRequest[];
  drafts: ForumDraft[];
  cleared: number;
  posted: number[];
}

function oracle(path: Path): Oracle {
  const o: Oracle = {
    status: 'editing',
    body: '',
    quote: null,
    images: [],
    busy: false,
    showErrors: false,
    error: null,
    refusal: null,
    sends: [],
    drafts: [],
    cleared: 0,
    posted: [],
  };
  const send = () => {
    o.status = 'submitting';
    o.error = null;
    o.sends.push({
      topicId: 5,
      body: textToHtml(o.body),
      images: [...o.images],
      ...(o.quote ? { quoteId: o.quote.id } : {}),
      requestKey: '',
    });
  };
  for (const { event } of path.steps) {
    const e = event as ModelEvent & { body?: string; quote?: ForumQuote; error?: { code: number; msg: string } };
    const editing = o.status === 'editing';
    switch (e.type) {
      case 'user.input':
        if (!editing) break;
        o.body = e.body!;
        o.error = null;
        o.drafts.push({ body: o.body, quote: o.quote });
        break;
      case 'user.quote':
        if (!editing) break;
        o.quote = e.quote!;
        o.error = null;
        o.drafts.push({ body: o.body, quote: o.quote });
        break;
      case 'user.unquote':
        if (!editing) break;
        o.quote = null;
        o.drafts.push({ body: o.body, quote: null });
        break;
      case 'screenshots.changed': {
        if (o.status === 'refused') break;
        const c = e as unknown as ScreenshotsChanged;
        o.images = c.keys;
        o.busy = c.busy;
        break;
      }
      case 'user.submit':
        if (!editing) break;
        if (!o.busy && (o.body.trim() !== '' || o.images.length > 0)) send();
        else o.showErrors = true;
        break;
      case 'user.retry':
        if (o.status === 'failed') send();
        break;
      case 'submit.done':
        o.posted.push(31);
        o.cleared++;
        Object.assign(o, { status: 'editing', body: '', quote: null, images: [], busy: false, showErrors: false });
        break;
      case 'submit.refused':
      case 'submit.uncertain':
        if (e.error!.code === 0) {
          o.status = 'failed';
          o.error = e.error!.msg;
        } else if (e.error!.code === Code.FORUM_TOPIC_CLOSED) {
          o.status = 'refused';
          o.refusal = e.error!.msg;
        } else {
          o.status = 'editing';
          o.error = e.error!.msg;
        }
        break;
    }
  }
  return o;
}

/** Same attempt ⇔ same key: a send after a lost answer repeats the one before it. */
function checkKeys(path: Path, sent: ReplyRequest[]) {
  const settled = path.steps.map((s) => s.event).filter((e) => e.type.startsWith('submit.'));
  for (let i = 1; i < sent.length; i++) {
    const before = settled[i - 1]!;
    const wasLost = before.type === 'submit.uncertain' && isUncertain((before as unknown as { error: unknown }).error);
    if (wasLost) expect(sent[i]).toEqual(sent[i - 1]);
    else expect(sent[i]!.requestKey).not.toBe(sent[i - 1]!.requestKey);
  }
  for (const s of sent) expect(s.requestKey).toMatch(/^[0-9a-f]{32}$/);
}

describePathTests({
  name: 'forumEditorMachine',
  machine: forumEditorMachine,
  plans: [{ input: { topicId: 5 }, events }],
  serializeState,
  fromCallback: { 'screenshots.changed': 'screenshots' },
  submitOnce: 'submit',
  endStates: ['refused', { composing: 'failed' } as never, { composing: 'submitting' } as never],
  async test({ path, stubs, drive }) {
    const drafts: ForumDraft[] = [];
    let cleared = 0;
    const posted: number[] = [];
    const actor = await drive(
      forumEditorMachine.provide({
        actors: stubs.actors(['submit'], ['screenshots']),
        actions: {
          saveDraft: (_, d) => void drafts.push(d),
          clearDraft: () => void cleared++,
          posted: (_, r) => void posted.push(r.id),
        },
      }),
    );
    const want = oracle(path);
    const view = selectForumEditorView(actor.getSnapshot() as ForumEditorSnapshot);
    expect(view.status).toBe(want.status);
    expect(view.body).toBe(want.body);
    expect(view.quote).toEqual(want.quote);
    expect(view.error).toBe(want.error);
    expect(view.refusal).toBe(want.refusal);
    expect(view.canSubmit).toBe(want.status === 'editing');
    expect(view.canRetry).toBe(want.status === 'failed');
    const invalid = want.busy || (want.body.trim() === '' && want.images.length === 0);
    expect(Object.keys(view.problems).length > 0).toBe(want.showErrors && invalid);
    const sent = (stubs.inputs.submit ?? []) as ReplyRequest[];
    expect(sent.map((s) => ({ ...s, requestKey: '' }))).toEqual(want.sends);
    checkKeys(path, sent);
    expect(drafts).toEqual(want.drafts);
    expect(cleared).toBe(want.cleared);
    expect(posted).toEqual(want.posted);
  },
});

describe('forumEditorMachine (details)', () => {
  it('sends what was typed as escaped paragraphs', () => {
    expect(textToHtml('  第一段<b>\n第二行\n\n第二段 & "引号"  ')).toBe(
      '<p>第一段&lt;b&gt;<br>第二行</p><p>第二段 &amp; &quot;引号&quot;</p>',
    );
  });

  it('asks for text or a picture, and keeps within the contract', () => {
    expect(replyProblems({ body: ' ', images: [] })).toEqual({ body: '请填写内容或添加图片' });
    expect(replyProblems({ body: '', images: ['forum/7/1.png'] })).toEqual({});
    expect(replyProblems({ body: '好'.repeat(5001), images: [] }).body).toMatch(/最多 5000 字/);
    expect(replyProblems({ body: '好', images: Array.from({ length: 10 }, (_, i) => `forum/7/${i}.png`) }).images).toBe(
      '最多上传 9 张图片',
    );
  });

  it('starts from the stored draft and says so; a picture on its way holds the send', async () => {
    const calls: ReplyRequest[] = [];
    const actor = createActor(
      forumEditorMachine.provide({
        actors: {
          submit: fromPromise<{ id: number }, ReplyRequest>(async ({ input }) => {
            calls.push(input);
            return { id: 1 };
          }) as never,
          screenshots: fromCallback(() => () => {}) as never,
        },
      }),
      { input: { topicId: 5, draft: { body: TEXT, quote } } },
    ).start();
    let view = selectForumEditorView(actor.getSnapshot());
    expect([view.body, view.quote, view.restored]).toEqual([TEXT, quote, true]);
    actor.send(changed([picture('uploading')]));
    actor.send({ type: 'user.submit' });
    await flush();
    view = selectForumEditorView(actor.getSnapshot());
    expect(view.problems.images).toBe(IMAGES_BUSY_MESSAGE);
    expect(calls).toHaveLength(0);
    actor.send(changed([picture('done')]));
    actor.send({ type: 'user.submit' });
    await flush();
    expect(calls[0]).toMatchObject({ topicId: 5, quoteId: 7, images: ['forum/7/17637000000001234.png'] });
    view = selectForumEditorView(actor.getSnapshot());
    expect([view.status, view.body, view.quote, view.restored]).toEqual(['editing', '', null, false]);
  });
});
