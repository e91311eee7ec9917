import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { harness, json } from './helpers';

describe('zod validation of data', () => {
  it('a reply whose data does not match the contract is rejected and reported, never passed', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: { publicKey: 42 } }));
    const error = await h.api.call('getRsaKey').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, msg: '数据格式错误', httpStatus: 200, behaviour: 'toast', silent: false });
    expect(h.report).toHaveBeenCalledOnce();
    expect(h.report.mock.calls[0]![0]).toContain('getRsaKey');
    expect(h.toast.list()).toEqual([
      expect.objectContaining({ kind: 'error', message: '数据格式错误', duration: 2000 }),
    ]);
  });

  it('reports to console.error by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const h = harness(() => json({ code: 200, msg: '成功' }), { report: undefined });
    await expect(h.api.call('getRsaKey')).rejects.toMatchObject({ code: -1 });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('a body without an envelope is checked too', async () => {
    const h = harness(() => json({ unexpected: true }));
    await expect(h.api.call('getRsaKey')).rejects.toMatchObject({ code: -1 });
    expect(h.report).toHaveBeenCalledOnce();
  });

  it('valid data resolves with the zod output', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: { publicKey: 'k', keyId: 'i', extra: 'dropped' } }));
    await expect(h.api.call('getRsaKey')).resolves.toEqual({ publicKey: 'k', keyId: 'i' });
    expect(h.report).not.toHaveBeenCalled();
  });

  it('the raw openapi-fetch client runs the same middleware', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: { publicKey: 'k', keyId: 'i' } }));
    const outcome = h.api.unwrap(await h.api.fetch.GET('/v1/auth/rsa-key'));
    expect(outcome).toEqual({ kind: 'success', code: 200, msg: '成功', data: { publicKey: 'k', keyId: 'i' } });
    expect(new URL(h.requests[0]!.url).searchParams.has('_t')).toBe(true);
  });
});

describe('schemas loaded on first call', () => {
  /** A group loader that holds each load until `release()`, counting the loads. */
  function heldLoader() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async (group: string) => {
      await released;
      return (await import(`../../../openapi/operations/${group}.ts`)) as Record<string, unknown>;
    });
    return { load, release };
  }

  it('the request starts while the schemas load, and an invalid reply on the first call still rejects', async () => {
    const { load, release } = heldLoader();
    const h = harness(() => json({ code: 200, msg: '成功', data: { publicKey: 42 } }), { loadGroup: load });
    const settled = h.api.call('getRsaKey').catch((e: unknown) => e);
    await vi.waitFor(() => expect(h.fetch).toHaveBeenCalledOnce());
    expect(load).toHaveBeenCalledWith('auth');
    release();
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, msg: '数据格式错误', behaviour: 'toast' });
    expect(h.report).toHaveBeenCalledOnce();
  });

  it('concurrent first calls of one group load it once and are each validated', async () => {
    const { load, release } = heldLoader();
    const h = harness(
      (request) =>
        request.url.includes('rsa-key')
          ? json({ code: 200, msg: '成功', data: { publicKey: 'k', keyId: 'i', extra: 'dropped' } })
          : json({ code: 200, msg: '成功', data: { wrong: true } }),
      { loadGroup: load },
    );
    const first = h.api.call('getRsaKey');
    const second = h.api.call('refreshToken', { body: { token: 't', refreshToken: 'r' } }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(h.fetch).toHaveBeenCalledTimes(2));
    release();
    await expect(first).resolves.toEqual({ publicKey: 'k', keyId: 'i' });
    expect(await second).toMatchObject({ code: -1 });
    await h.api.call('getRsaKey');
    expect(load).toHaveBeenCalledOnce();
  });

  it('schemas that cannot load reject as 网络错误, and the next call loads them again', async () => {
    const load = vi
      .fn<(group: string) => Promise<Record<string, unknown>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => (await import('../../../openapi/operations/auth')) as Record<string, unknown>);
    const h = harness(() => json({ code: 200, msg: '成功', data: { publicKey: 'k', keyId: 'i' } }), {
      loadGroup: load,
    });
    await expect(h.api.call('getRsaKey')).rejects.toMatchObject({ code: 0, msg: '网络错误', behaviour: 'toast' });
    expect(h.toast.list()).toEqual([expect.objectContaining({ kind: 'error', message: '网络错误' })]);
    await expect(h.api.call('getRsaKey')).resolves.toEqual({ publicKey: 'k', keyId: 'i' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
