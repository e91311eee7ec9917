import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  forumBoardMachine,
  nameProblem,
  selectForumBoardView,
  topicsOf,
  type BoardLoad,
  type FocusMember,
  type FocusTask,
  type ForumBoardSnapshot,
  type IdentityRequest,
  type TopicQuery,
} from '../../machines/forumBoard';
import { pagedListMachine, type PageRequest, type PageResult } from '../../machines/pagedList';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of a discussion group's board: who the visitor is there (visitor, no access,
 * member, no such board, failed), the topic list's section and filter, and the forum identity
 * form (name, avatar upload, save). Every state and transition on some path; after each path the
 * view, what the topic list was last asked for, the identity saves and what the login state was
 * told are checked against an oracle worked out from the events.
 */

const board: FocusTask = {
  taskId: 41,
  taskHashId: 'Fg7x2K',
  title: '新品饮料包装座谈会',
  intro: '连续三天，每天两三个问题。',
  startAt: 1_764_000_000_000,
  endAt: 1_764_300_000_000,
  sections: [
    { id: 1, name: '第一天', intro: null, topicCount: 3, requiredCount: 2 },
    { id: 2, name: '第二天', intro: null, topicCount: 2, requiredCount: 1 },
  ],
};
const member: FocusMember = {
  memberId: 7,
  name: '受访者 07',
  avatar: null,
  role: 0,
  taskId: 41,
  taskHashId: 'Fg7x2K',
  progress: {
    requiredAnswered: 1,
    requiredTotal: 3,
    completed: false,
    completedAt: null,
    points: 300,
    pointsStatus: 'none',
    deadline: 1_764_300_000_000,
  },
};
const renamed: FocusMember = { ...member, name: '小林', avatar: '/uploads/forum/7/1.png' };
const loads: Record<BoardLoad['access'], BoardLoad> = {
  member: { board, member, access: 'member' },
  visitor: { board, member: null, access: 'visitor' },
  denied: { board, member: null, access: 'denied' },
};
const gone = { code: Code.FORUM_NOT_FOUND, msg: '这个座谈会不存在或尚未开放' };
const lost = { code: 0, msg: '网络错误' };
const taken = { code: Code.FORUM_NAME_TAKEN, msg: '这个显示名已有人使用，请换一个' };
const uploaded = { key: 'forum/7/1.png', url: '/uploads/forum/7/1.png' };
const file = { name: 'me.png', size: 2000, type: 'image/png' };

const events: ModelEvent[] = [
  { type: 'user.retry' },
  { type: 'user.section', sectionId: 2 },
  { type: 'user.filter', filter: 'required' },
  { type: 'user.loadMore' },
  { type: 'user.retryTopics' },
  { type: 'user.editIdentity' },
  { type: 'user.setName', name: '小林' },
  { type: 'user.setName', name: ' ' },
  { type: 'user.pickAvatar', file },
  { type: 'user.saveIdentity' },
  { type: 'user.cancelIdentity' },
  ...answers('loadBoard', [loads.member, loads.visitor, loads.denied], [gone, lost]),
  ...answers('uploadAvatar', [uploaded], [lost]),
  ...answers('saveIdentity', [renamed], [taken]),
];

function serializeState(s: AnyMachineSnapshot): string {
  const c = (s as ForumBoardSnapshot).context;
  return JSON.stringify([
    s.value,
    c.query,
    c.member?.name ?? null,
    nameProblem(c) === null,
    c.avatarKey !== undefined,
    c.showNameError,
    c.identityError !== null,
  ]);
}

function oracle(path: Path) {
  let status = 'loading';
  let identity: 'closed' | 'editing' | 'uploading' | 'saving' = 'closed';
  let query: TopicQuery = { sectionId: null, filter: 'all' };
  let current: FocusMember | null = null;
  let name = '';
  let avatarKey: string | null | undefined;
  const stored: FocusMember[] = [];
  const saves: IdentityRequest[] = [];
  for (const { event } of path.steps) {
    const e = event as ModelEvent & { output?: unknown; error?: { code: number } };
    const ready = status === 'ready';
    switch (e.type) {
      case 'user.retry':
        if (status === 'failed') status = 'loading';
        break;
      case 'user.section':
        if (ready) query = { ...query, sectionId: (e as unknown as { sectionId: number }).sectionId };
        break;
      case 'user.filter':
        if (ready) query = { ...query, filter: (e as unknown as TopicQuery).filter };
        break;
      case 'user.editIdentity':
        if (ready && identity === 'closed') {
          identity = 'editing';
          name = current!.name;
          avatarKey = undefined;
        }
        break;
      case 'user.setName':
        if (identity === 'editing') name = (e as unknown as { name: string }).name;
        break;
      case 'user.pickAvatar':
        if (identity === 'editing') identity = 'uploading';
        break;
      case 'user.cancelIdentity':
        if (identity === 'editing') identity = 'closed';
        break;
      case 'user.saveIdentity':
        if (identity === 'editing' && name.trim() !== '') {
          identity = 'saving';
          saves.push({ taskHashId: 'Fg7x2K', name: name.trim(), ...(avatarKey !== undefined ? { avatarKey } : {}) });
        }
        break;
      case 'xstate.done.actor.loadBoard': {
        const out = e.output as BoardLoad;
        status = out.access === 'visitor' ? 'visitor' : out.access === 'denied' ? 'noAccess' : 'ready';
        current = out.member;
        if (status === 'ready') stored.push(out.member!);
        break;
      }
      case 'xstate.error.actor.loadBoard':
        status = e.error!.code === Code.FORUM_NOT_FOUND ? 'notFound' : 'failed';
        break;
      case 'xstate.done.actor.uploadAvatar':
        identity = 'editing';
        avatarKey = uploaded.key;
        break;
      case 'xstate.error.actor.uploadAvatar':
        identity = 'editing';
        break;
      case 'xstate.done.actor.saveIdentity':
        identity = 'closed';
        current = renamed;
        stored.push(renamed);
        break;
      case 'xstate.error.actor.saveIdentity':
        identity = 'editing';
        break;
    }
  }
  return { status, identity, query, current, stored, saves };
}

describePathTests({
  name: 'forumBoardMachine',
  machine: forumBoardMachine,
  plans: [{ input: { taskHashId: 'Fg7x2K', loggedIn: true }, events }],
  serializeState,
  endStates: ['visitor', 'noAccess', 'notFound', 'failed', { ready: 'savingIdentity' } as never],
  async test({ path, stubs, drive }) {
    const stored: FocusMember[] = [];
    const actor = await drive(
      forumBoardMachine.provide({
        actors: {
          ...stubs.actors(['loadBoard', 'uploadAvatar', 'saveIdentity']),
          topics: pagedListMachine.provide({ actors: { fetchPage: stubs.promise('fetchPage') as never } }),
        } as never,
        actions: { storeForum: (_, m) => void stored.push(m) },
      }),
    );
    const want = oracle(path);
    const snapshot = actor.getSnapshot() as ForumBoardSnapshot;
    const view = selectForumBoardView(snapshot);
    expect(view.status).toBe(want.status);
    expect(view.identity.status).toBe(want.identity);
    expect(view.query).toEqual(want.query);
    expect(view.member).toEqual(want.current);
    expect(stored).toEqual(want.stored);
    expect(stubs.inputs.saveIdentity ?? []).toEqual(want.saves);
    // The list was last asked for what the view shows.
    const asked = (stubs.inputs.fetchPage ?? []) as PageRequest<TopicQuery>[];
    if (want.status === 'ready') expect(asked.at(-1)?.filter).toEqual(want.query);
    else expect(topicsOf(snapshot)).toBeNull();
    for (const input of stubs.inputs.loadBoard ?? []) expect(input).toEqual({ taskHashId: 'Fg7x2K', loggedIn: true });
  },
});

describe('forumBoardMachine (details)', () => {
  it('lists the topics of the chosen section and filter, from page 1 each time', async () => {
    const asked: PageRequest<TopicQuery>[] = [];
    const actor = createActor(
      forumBoardMachine.provide({
        actors: {
          loadBoard: fromPromise(async () => loads.member) as never,
          topics: pagedListMachine.provide({
            actors: {
              fetchPage: fromPromise<PageResult, PageRequest>(async ({ input }) => {
                asked.push(input as PageRequest<TopicQuery>);
                return { list: [{ id: input.page }], total: 2 };
              }),
            },
          }) as never,
        },
      }),
      { input: { taskHashId: 'Fg7x2K', loggedIn: true } },
    ).start();
    await flush();
    await flush();
    actor.send({ type: 'user.loadMore' });
    await flush();
    actor.send({ type: 'user.section', sectionId: 2 });
    await flush();
    actor.send({ type: 'user.filter', filter: 'unanswered' });
    await flush();
    expect(asked.map((a) => [a.page, a.filter])).toEqual([
      [1, { sectionId: null, filter: 'all' }],
      [2, { sectionId: null, filter: 'all' }],
      [1, { sectionId: 2, filter: 'all' }],
      [1, { sectionId: 2, filter: 'unanswered' }],
    ]);
    expect(topicsOf(actor.getSnapshot())?.context.items).toEqual([{ id: 1 }]);
  });

  it('checks the display name with the contract', () => {
    expect(nameProblem({ name: '  ' })).toBe('请填写显示名');
    expect(nameProblem({ name: '好'.repeat(21) })).toBe('显示名最多 20 个字');
    expect(nameProblem({ name: '小林' })).toBeNull();
  });
});
