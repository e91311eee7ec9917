import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  exchangeReviewMachine,
  selectExchangeReview,
  type BulkApproveOutcome,
  type ExchangeReviewSnapshot,
  type ReviewDecisionResult,
  type ReviewExchange,
  type ReviewQueue,
  type ReviewQueueRow,
} from '../../machines/exchangeReview';
import { Code } from '../../openapi/codes';
import { answers, describePathTests, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the console's exchange review: the queue (paged, failed, empty), one
 * exchange opened, approve, reject with a reason, bulk approval of checked low-risk rows with a
 * fresh code, and two staff deciding at once (ALREADY_DECIDED: said, and both reads asked again).
 * Three plans, each with the events of one part, so the planned states stay few; together they
 * reach every state and transition. After each path the view and every call are checked against
 * an oracle worked out from the events.
 */

const T0 = Date.UTC(2026, 10, 29, 2, 0);
const row = (id: number, level: 'low' | 'medium' | 'high', state: ReviewQueueRow['state'] = 0): ReviewQueueRow => ({
  id,
  state,
  member: { id: 100 + id, memberCode: `M${100 + id}`, mobile: '138****8000', nickname: `会员${id}` },
  reward: { id: 5, title: '视频会员 3 天卡', type: 2, faceValue: 1500 },
  points: 100,
  createdAt: T0 + id,
  ageMs: 3 * 3_600_000,
  risk: { level, signals: [] },
});
const LOW = 11;
const MEDIUM = 12;
const page1: ReviewQueue = { list: [row(LOW, 'low'), row(MEDIUM, 'medium')], total: 25, page: 1, pageSize: 20 };
const page2: ReviewQueue = { list: [row(31, 'low')], total: 25, page: 2, pageSize: 20 };
const empty: ReviewQueue = { list: [], total: 0, page: 1, pageSize: 20 };
const item = (state: ReviewQueueRow['state']): ReviewExchange => ({
  ...row(LOW, 'low', state),
  identity: null,
  balance: 900,
  events: [],
});
const pendingItem = item(0);
const issuedItem = item(1);
const approved: ReviewDecisionResult = { id: LOW, state: 1, refunded: 0, waitingForCode: false };
const rejected: ReviewDecisionResult = { id: LOW, state: 4, refunded: 100, waitingForCode: false };
const bulkDone: BulkApproveOutcome = { approved: [approved], skipped: [] };
const lost = { code: 0, msg: '网络错误' };
const decided = { code: Code.ALREADY_DECIDED, msg: '兑换单当前状态不允许该操作：这一项已被其他同事处理，请刷新后查看' };
const wrongCode = { code: Code.TOTP_WRONG, msg: '动态验证码错误或已使用过，请等下一个验证码' };

const queueEvents: ModelEvent[] = [
  { type: 'user.page', page: 2 },
  { type: 'user.page', page: 1 },
  { type: 'user.retry' },
  ...answers('loadQueue', [page1, empty], [lost]),
];
const decideEvents: ModelEvent[] = [
  { type: 'user.select', id: LOW },
  { type: 'user.close' },
  { type: 'user.approve' },
  { type: 'user.reject' },
  { type: 'user.input', field: 'reason', value: '信息不符' },
  { type: 'user.input', field: 'reason', value: ' ' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.dismiss' },
  ...answers('loadQueue', [page1]),
  ...answers('loadItem', [pendingItem, issuedItem], [lost]),
  ...answers('approve', [approved], [decided, lost]),
  ...answers('reject', [rejected], [decided, lost]),
];
const bulkEvents: ModelEvent[] = [
  { type: 'user.check', id: LOW, checked: true },
  { type: 'user.check', id: LOW, checked: false },
  { type: 'user.check', id: MEDIUM, checked: true },
  { type: 'user.checkAllLow' },
  { type: 'user.clearChecks' },
  { type: 'user.bulk' },
  { type: 'user.input', field: 'code', value: '123456' },
  { type: 'user.input', field: 'code', value: '12' },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'user.page', page: 2 },
  ...answers('loadQueue', [page1, page2]),
  ...answers('bulkApprove', [bulkDone], [wrongCode]),
];

/** A vertex is what the guards and the view read, not every word typed. */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = (s as ExchangeReviewSnapshot).context;
  return JSON.stringify([
    s.value,
    c.page,
    c.queue === null ? null : c.queue.list.map((r) => r.id),
    c.selectedId,
    c.item?.state ?? null,
    c.checked,
    c.target,
    c.reason.trim().length >= 2,
    /^\d{6}$/.test(c.code),
    c.error !== null,
    c.notice?.kind ?? null,
    c.decided,
  ]);
};

type Q = 'loading' | 'ready' | 'failed';
type I = 'none' | 'loading' | 'shown' | 'failed';
type M = 'idle' | 'approving' | 'rejectEditing' | 'rejectSending' | 'bulkEditing' | 'bulkSending';

/** The machine's rules, worked out again from the events. */
function oracle(steps: Path['steps']) {
  let q: Q = 'loading';
  let i: I = 'none';
  let m: M = 'idle';
  let page = 1;
  let queue: ReviewQueue | null = null;
  let selectedId: number | null = null;
  let itemData: ReviewExchange | null = null;
  let checked: number[] = [];
  let target: number | null = null;
  let reason = '';
  let code = '';
  let error: string | null = null;
  let notice: string | null = null;
  let decided: number[] = [];
  /** The decided exchanges leave the queue and the checks; the open one takes its new state when known. */
  const settle = (outcomes: { id: number; state: number | null }[]) => {
    const ids = outcomes.map((o) => o.id);
    if (queue) {
      const list = queue.list.filter((r) => !ids.includes(r.id));
      queue = { ...queue, list, total: queue.total - (queue.list.length - list.length) };
    }
    const now = outcomes.find((o) => o.id === itemData?.id)?.state ?? null;
    if (itemData && now !== null) itemData = { ...itemData, state: now as ReviewExchange['state'] };
    checked = checked.filter((x) => !ids.includes(x));
    decided = [...new Set([...decided, ...ids])];
  };
  const calls = {
    loadQueue: [] as unknown[],
    loadItem: [] as unknown[],
    approve: [] as unknown[],
    reject: [] as unknown[],
    bulkApprove: [] as unknown[],
  };
  const loadQueue = () => {
    q = 'loading';
    calls.loadQueue.push({ page });
  };
  const loadItem = () => {
    i = 'loading';
    calls.loadItem.push({ id: selectedId });
  };
  const reloadBoth = () => {
    loadQueue();
    if (selectedId !== null) loadItem();
  };
  const openState = () =>
    selectedId === null || decided.includes(selectedId)
      ? null
      : itemData?.id === selectedId
        ? itemData.state
        : (queue?.list.find((r) => r.id === selectedId)?.state ?? null);
  const lowIds = () => (queue?.list ?? []).filter((r) => r.risk.level === 'low' && r.state === 0).map((r) => r.id);
  const closeDialog = () => {
    target = null;
    reason = '';
    code = '';
    error = null;
  };
  calls.loadQueue.push({ page });
  for (const { event } of steps) {
    const e = event as ModelEvent & Record<string, unknown>;
    switch (e.type) {
      case 'user.dismiss':
        notice = null;
        break;
      case 'user.check': {
        const id = e.id as number;
        if (!e.checked) checked = checked.filter((x) => x !== id);
        else if (lowIds().includes(id) && !checked.includes(id)) checked = [...checked, id];
        break;
      }
      case 'user.checkAllLow':
        checked = [...new Set([...checked, ...lowIds()])];
        break;
      case 'user.clearChecks':
        checked = [];
        break;
      case 'user.page':
        if ((e.page as number) !== page) {
          page = e.page as number;
          checked = [];
          loadQueue();
        }
        break;
      case 'user.retry':
        if (q === 'failed') loadQueue();
        break;
      case 'xstate.done.actor.loadQueue': {
        queue = e.output as ReviewQueue;
        q = 'ready';
        const low = lowIds();
        checked = checked.filter((x) => low.includes(x));
        break;
      }
      case 'xstate.error.actor.loadQueue':
        q = 'failed';
        break;
      case 'user.select':
        if (itemData?.id !== e.id) itemData = null;
        selectedId = e.id as number;
        loadItem();
        break;
      case 'user.close':
        i = 'none';
        selectedId = null;
        itemData = null;
        break;
      case 'xstate.done.actor.loadItem':
        itemData = e.output as ReviewExchange;
        i = 'shown';
        break;
      case 'xstate.error.actor.loadItem':
        i = 'failed';
        break;
      case 'user.approve':
        if (m === 'idle' && openState() === 0) {
          m = 'approving';
          target = selectedId;
          notice = null;
          calls.approve.push({ id: target });
        }
        break;
      case 'xstate.done.actor.approve':
        m = 'idle';
        notice = 'approved';
        settle([e.output as ReviewDecisionResult]);
        target = null;
        reloadBoth();
        break;
      case 'xstate.error.actor.approve':
        m = 'idle';
        if ((e.error as { code: number }).code === Code.ALREADY_DECIDED) {
          notice = 'conflict';
          settle([{ id: target!, state: null }]);
          target = null;
          reloadBoth();
        } else {
          notice = 'refused';
          target = null;
        }
        break;
      case 'user.reject':
        if (m === 'idle' && openState() === 0) {
          m = 'rejectEditing';
          target = selectedId;
          reason = '';
          error = null;
          notice = null;
        }
        break;
      case 'user.bulk':
        if (m === 'idle' && checked.length > 0) {
          m = 'bulkEditing';
          code = '';
          error = null;
          notice = null;
        }
        break;
      case 'user.input':
        if (m === 'rejectEditing' && e.field === 'reason') {
          reason = e.value as string;
          error = null;
        } else if (m === 'bulkEditing' && e.field === 'code') {
          code = (e.value as string).trim();
          error = null;
        }
        break;
      case 'user.submit':
        if (m === 'rejectEditing' && reason.trim().length >= 2) {
          m = 'rejectSending';
          calls.reject.push({ id: target, reason: reason.trim() });
        } else if (m === 'bulkEditing' && /^\d{6}$/.test(code)) {
          m = 'bulkSending';
          calls.bulkApprove.push({ ids: [...checked], totp: code });
        }
        break;
      case 'user.cancel':
        if (m === 'rejectEditing' || m === 'bulkEditing') {
          m = 'idle';
          closeDialog();
        }
        break;
      case 'xstate.done.actor.reject':
        m = 'idle';
        notice = 'rejected';
        settle([e.output as ReviewDecisionResult]);
        closeDialog();
        reloadBoth();
        break;
      case 'xstate.error.actor.reject':
        if ((e.error as { code: number }).code === Code.ALREADY_DECIDED) {
          m = 'idle';
          notice = 'conflict';
          settle([{ id: target!, state: null }]);
          closeDialog();
          reloadBoth();
        } else {
          m = 'rejectEditing';
          error = (e.error as { msg: string }).msg;
        }
        break;
      case 'xstate.done.actor.bulkApprove':
        m = 'idle';
        notice = 'bulk';
        settle((e.output as BulkApproveOutcome).approved);
        checked = [];
        closeDialog();
        reloadBoth();
        break;
      case 'xstate.error.actor.bulkApprove':
        m = 'bulkEditing';
        error = (e.error as { msg: string }).msg;
        code = '';
        break;
    }
  }
  return { q, i, m, page, queue, selectedId, itemData, checked, target, reason, code, error, notice, decided, calls };
}

const MOVE_VALUE: Record<M, unknown> = {
  idle: 'idle',
  approving: 'approving',
  rejectEditing: { rejecting: 'editing' },
  rejectSending: { rejecting: 'sending' },
  bulkEditing: { bulk: 'editing' },
  bulkSending: { bulk: 'sending' },
};

describePathTests({
  name: 'exchangeReview machine',
  machine: exchangeReviewMachine,
  plans: [
    { name: 'the queue', events: queueEvents },
    { name: 'one exchange', events: decideEvents },
    { name: 'bulk approval', events: bulkEvents },
  ],
  serializeState,
  async test({ path, stubs, drive }) {
    const actor = await drive(
      exchangeReviewMachine.provide({
        actors: stubs.actors(['loadQueue', 'loadItem', 'approve', 'reject', 'bulkApprove']),
      }),
    );
    const snapshot = actor.getSnapshot() as ExchangeReviewSnapshot;
    const want = oracle(path.steps);
    expect(snapshot.value).toEqual({ queue: want.q, item: want.i, move: MOVE_VALUE[want.m] });
    const c = snapshot.context;
    expect(c).toMatchObject({
      page: want.page,
      queue: want.queue,
      selectedId: want.selectedId,
      item: want.itemData,
      checked: want.checked,
      target: want.target,
      reason: want.reason,
      code: want.code,
      error: want.error,
      decided: want.decided,
    });
    expect(c.notice?.kind ?? null).toBe(want.notice);
    for (const name of ['loadQueue', 'loadItem', 'approve', 'reject', 'bulkApprove'] as const)
      expect(stubs.inputs[name] ?? [], name).toEqual(want.calls[name]);

    const view = selectExchangeReview(snapshot);
    expect(view.status).toBe(want.queue ? 'ready' : want.q === 'failed' ? 'error' : 'loading');
    expect(view.refreshing).toBe(want.q === 'loading' && want.queue !== null);
    expect(view.dialog?.kind ?? null).toBe(
      want.m.startsWith('reject') ? 'reject' : want.m.startsWith('bulk') ? 'bulk' : null,
    );
    expect(view.approving).toBe(want.m === 'approving' ? want.target : null);
    if (want.m === 'idle') {
      const open =
        want.selectedId === null || want.decided.includes(want.selectedId)
          ? null
          : want.itemData?.id === want.selectedId
            ? want.itemData.state
            : (want.queue?.list.find((r) => r.id === want.selectedId)?.state ?? null);
      expect(view.canApprove).toBe(open === 0);
      expect(view.canBulk).toBe(want.checked.length > 0);
    } else {
      expect(view.canApprove).toBe(false);
      expect(view.canBulk).toBe(false);
    }
  },
});
