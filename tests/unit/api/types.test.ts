/**
 * The typed `api.call`: each call below runs against a fake fetch (so its request and its data are
 * checked at run time) and carries type assertions that `tsc --noEmit` checks: inputs and `data`
 * are inferred from the operation's zod schemas, and a wrong input is a compile error.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallData, CallInput, OperationId, OperationMap } from '../../../src/api/client';
import { operations } from '../../../openapi/index';
import { operationRoutes } from '../../../openapi/routes';
import { operationRoutes as consoleRoutes } from '../../../openapi/routes-admin';
import { RSA_KEY, harness, json } from './helpers';

type DataOf<Id extends OperationId> = CallData<OperationMap[Id]>;

const ok = (data: unknown) => () => json({ code: 200, msg: '成功', data });

const notice = {
  id: 7,
  title: '公告',
  summary: '摘要',
  pinned: false,
  publishedAt: 1_700_000_000_000,
  content: '<p>正文</p>',
  read: true,
};

describe('typed api.call', () => {
  it('sends by the generated request table: the same ids, methods and paths as the contract', () => {
    expectTypeOf<keyof typeof operationRoutes | keyof typeof consoleRoutes>().toEqualTypeOf<OperationId>();
    const { api } = harness(ok(null));
    for (const o of operations.filter((o) => !(o.id in consoleRoutes))) {
      expect(api.operation(o.id)).toEqual({
        id: o.id,
        method: o.method,
        path: o.path,
        auth: o.auth,
        group: expect.any(String),
      });
    }
    expect(Object.keys(operationRoutes).length + Object.keys(consoleRoutes).length).toBe(operations.length);
    // The member site's table carries no console operation, the console's only those under /admin/.
    expect(Object.values(operationRoutes).filter((r) => r.path.startsWith('/admin/'))).toEqual([]);
    expect(Object.values(consoleRoutes).every((r) => r.path.startsWith('/admin/'))).toBe(true);
  });

  it('takes no input for an operation without params, query or body, and resolves its data', async () => {
    const { api } = harness(ok(RSA_KEY));
    const key = await api.call('getRsaKey');
    expectTypeOf(key).toEqualTypeOf<DataOf<'getRsaKey'>>();
    expectTypeOf(key.publicKey).toBeString();
    expect(key).toEqual(RSA_KEY);
    // @ts-expect-error getRsaKey takes no body
    void (() => api.call('getRsaKey', { body: { x: 1 } }));
    // @ts-expect-error unknown operation id
    void (() => api.call('noSuchOperation'));
  });

  it('puts typed path params into the URL', async () => {
    const { api, requests } = harness(ok(notice));
    const data = await api.call('getNotice', { params: { id: 7 } });
    expectTypeOf(data).toEqualTypeOf<DataOf<'getNotice'>>();
    expectTypeOf(data.read).toBeBoolean();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/notices/7');
    expect(data).toEqual(notice);
    // @ts-expect-error getNotice needs its path params
    void (() => api.call('getNotice'));
  });

  it('puts a typed query into the search string', async () => {
    const { api, requests } = harness(ok({ list: [], total: 0, page: 2, pageSize: 10, unread: 0 }));
    const page = await api.call('listMessages', { query: { page: 2, pageSize: 10, unread: '1' } });
    expectTypeOf(page.list).toEqualTypeOf<DataOf<'listMessages'>['list']>();
    const query = new URL(requests[0]!.url).searchParams;
    expect([query.get('page'), query.get('pageSize'), query.get('unread')]).toEqual(['2', '10', '1']);
    // @ts-expect-error unread is only ever '1'
    void (() => api.call('listMessages', { query: { unread: '2' } }));
  });

  it('sends a typed body as JSON', async () => {
    const { api, requests } = harness(ok({ unread: 3 }));
    const left = await api.call('readMessages', { body: { ids: [1, 2] } });
    expectTypeOf(left).toEqualTypeOf<{ unread: number }>();
    expect(left).toEqual({ unread: 3 });
    expect(requests[0]!.method).toBe('POST');
    expect(await requests[0]!.json()).toEqual({ ids: [1, 2] });
    expectTypeOf<NonNullable<CallInput<OperationMap['readMessages']>['body']>>().toEqualTypeOf<{
      ids?: number[];
      all?: boolean;
    }>();
    // @ts-expect-error ids are numbers
    void (() => api.call('readMessages', { body: { ids: ['1'] } }));
  });

  it('types api.result by outcome: success data from the schema, a normal result’s data unknown', async () => {
    const { api } = harness(() => json({ code: 5629, msg: '问卷已结束', data: { anything: 1 } }));
    const outcome = await api.result('getRsaKey');
    if (outcome.kind === 'success') expectTypeOf(outcome.data).toEqualTypeOf<DataOf<'getRsaKey'>>();
    if (outcome.kind === 'normal') expectTypeOf(outcome.data).toBeUnknown();
    expect(outcome).toEqual({ kind: 'normal', code: 5629, msg: '问卷已结束', data: { anything: 1 } });
  });
});
