import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  pagedListMachine,
  selectPagedView,
  type PageRequest,
  type PageResult,
  type PagedListSnapshot,
  type PagedListView,
} from '../../machines/pagedList';
import { answers, describePathTests, flush, type ModelEvent, type Path } from './model';

/**
 * Model-based test of the generic paged list (DESIGN §6): every state and transition on some
 * path, the view props checked against an oracle worked out from the events alone, and the page
 * requests (filter, page number) checked against what the path asked for.
 */

type Row = { id: number };
type Filter = 'all' | 'out';

const first: PageResult<Row> = { list: [{ id: 1 }, { id: 2 }], total: 3 };
const last: PageResult<Row> = { list: [{ id: 3 }], total: 3 };
const none: PageResult<Row> = { list: [], total: 0 };
const networkError = { code: 0, msg: '' };
const serverError = { code: 500, msg: '服务器开小差了，请稍后再试' };

const events: ModelEvent[] = [
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'user.filter', filter: 'out' },
  ...answers('fetchPage', [first, last, none], [serverError, networkError]),
];

const input = { filter: 'all' as Filter, pageSize: 2 };

interface Oracle {
  view: PagedListView<Row, Filter>;
  requests: PageRequest<Filter>[];
}

/** What the list must show after a path, and which pages it must have asked for. */
function oracle(steps: Path['steps']): Oracle {
  let status: PagedListView<Row, Filter>['status'] = 'loading';
  let filter: Filter = 'all';
  let items: Row[] = [];
  let total = 0;
  let page = 0;
  let error: string | null = null;
  let moreError: string | null = null;
  const requests: PageRequest<Filter>[] = [{ filter, page: 1, pageSize: 2 }];
  const msg = (e: unknown) => (e as { msg: string }).msg || '网络错误，请稍后重试';
  const reload = () => {
    status = 'loading';
    items = [];
    total = 0;
    page = 0;
    error = null;
    moreError = null;
    requests.push({ filter, page: 1, pageSize: 2 });
  };
  for (const { event } of steps) {
    switch (event.type) {
      case 'user.filter':
        filter = (event as unknown as { filter: Filter }).filter;
        reload();
        break;
      case 'user.retry':
        if (status === 'error' || status === 'empty') reload();
        break;
      case 'user.loadMore':
        if (status === 'ready' && items.length < total) {
          status = 'loadingMore';
          moreError = null;
          requests.push({ filter, page: page + 1, pageSize: 2 });
        }
        break;
      case 'xstate.done.actor.fetchPage': {
        const out = event.output as PageResult<Row>;
        if (status === 'loading') {
          page = 1;
          if (out.list.length) {
            status = 'ready';
            items = out.list;
            total = out.total;
          } else {
            status = 'empty';
          }
        } else if (status === 'loadingMore') {
          status = 'ready';
          total = out.list.length === 0 ? items.length : out.total;
          items = [...items, ...out.list];
          page += 1;
        }
        break;
      }
      case 'xstate.error.actor.fetchPage':
        if (status === 'loading') {
          status = 'error';
          error = msg(event.error);
        } else if (status === 'loadingMore') {
          status = 'ready';
          moreError = msg(event.error);
        }
        break;
    }
  }
  const rows = status === 'ready' || status === 'loadingMore';
  const hasMore = rows && items.length < total;
  return {
    view: {
      status,
      filter,
      items: rows ? items : [],
      total: rows ? total : 0,
      hasMore,
      canLoadMore: status === 'ready' && hasMore,
      error: status === 'error' ? error : null,
      moreError: status === 'ready' ? moreError : null,
    },
    requests,
  };
}

describePathTests({
  name: 'pagedList machine',
  machine: pagedListMachine,
  plans: [{ events, input }],
  label: (event) => ('output' in event ? `${(event.output as PageResult<Row>).list.length} rows` : undefined),
  endStates: ['loading', 'ready', 'loadingMore', 'empty', 'failed'],
  async test({ path, stubs, drive }) {
    const actor = await drive(pagedListMachine.provide({ actors: stubs.actors(['fetchPage']) }));
    const snapshot = actor.getSnapshot() as PagedListSnapshot;
    const view = selectPagedView<Row, Filter>(snapshot);
    const want = oracle(path.steps);
    expect(view).toEqual(want.view);
    expect(stubs.inputs.fetchPage).toEqual(want.requests);
    expect(snapshot.hasTag('busy')).toBe(view.status === 'loading' || view.status === 'loadingMore');
  },
});

describe('pagedList rules', () => {
  it('a filter change while a page is loading drops the stale answer', async () => {
    const calls: PageRequest[] = [];
    const answers: ((r: PageResult) => void)[] = [];
    const actor = createActor(
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<PageResult, PageRequest>(({ input }) => {
            calls.push(input);
            return new Promise((resolve) => answers.push(resolve));
          }),
        },
      }),
      { input: { filter: 'all' } },
    ).start();
    actor.send({ type: 'user.filter', filter: 'out' });
    answers[0]!(first); // the old filter's answer arrives late
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    answers[1]!({ list: [{ id: 3 }], total: 1 });
    await flush();
    const view = selectPagedView<Row, Filter>(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'ready', filter: 'out', items: [{ id: 3 }], hasMore: false });
    expect(calls.map((c) => [c.filter, c.page, c.pageSize])).toEqual([
      ['all', 1, 20],
      ['out', 1, 20],
    ]);
    actor.stop();
  });

  it('加载更多 is refused when every row is shown', () => {
    const actor = createActor(pagedListMachine, { input: { filter: null } });
    expect(actor.getSnapshot().can({ type: 'user.loadMore' })).toBe(false);
  });
});
