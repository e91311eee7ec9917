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
