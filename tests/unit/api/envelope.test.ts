import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { judge } from '../../../src/api/middleware/envelope';
import { RSA_KEY, callProcess, harness, json } from './helpers';

// One test per rule of spec §8 (and the catalogue in openapi/codes.ts), driven through the client.

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The toast is an error toast with this text, and it is gone after exactly 2000 ms. */
function expectTwoSecondToast(h: ReturnType<typeof harness>, message: string) {
  expect(h.toast.list()).toEqual([expect.objectContaining({ kind: 'error', message, duration: 2000 })]);
  vi.advanceTimersByTime(1999);
  expect(h.toast.list()).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(h.toast.list()).toHaveLength(0);
}

describe('spec §8: HTTP 200 replies', () => {
  it('code 200 resolves with data', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: RSA_KEY }));
    await expect(h.api.call('getRsaKey')).resolves.toEqual(RSA_KEY);
    await expect(h.api.result('getRsaKey')).resolves.toEqual({
      kind: 'success',
      code: 200,
      msg: '成功',
      data: RSA_KEY,
    });
    expect(h.toast.list()).toEqual([]);
    expect(h.session.logout).not.toHaveBeenCalled();
  });

  it('a reply without a code is passed through as-is', async () => {
    const h = harness(() => json(RSA_KEY));
    await expect(h.api.result('getRsaKey')).resolves.toEqual({ kind: 'raw', data: RSA_KEY });
    await expect(h.api.call('getRsaKey')).resolves.toEqual(RSA_KEY);
    expect(h.toast.list()).toEqual([]);
  });

  it('code 5629 is a normal result: resolves {code, msg, data}, no toast', async () => {
    const h = harness(() => json({ code: 5629, msg: '今天已经签到过了', data: { streak: 3 } }));
    await expect(h.api.result('getRsaKey')).resolves.toEqual({
      kind: 'normal',
      code: 5629,
      msg: '今天已经签到过了',
      data: { streak: 3 },
    });
    expect(h.toast.list()).toEqual([]);
  });

  it('code 5013 is a normal result: resolves {code, msg, data}, no toast', async () => {
    const h = harness(() => json({ code: 5013, msg: '你已参与过该任务' }));
    await expect(h.api.result('getRsaKey')).resolves.toEqual({
      kind: 'normal',
      code: 5013,
      msg: '你已参与过该任务',
      data: undefined,
    });
    expect(h.toast.list()).toEqual([]);
  });

  it('call() turns a normal result into a silent ApiError (behaviour normal) for callers that only expect data', async () => {
    const h = harness(() => json({ code: 5629, msg: '今天已经签到过了' }));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 5629, behaviour: 'normal', silent: true });
    expect(h.toast.list()).toEqual([]);
  });

  it('code 1060 rejects silently: no toast, no logout', async () => {
    const h = harness(() => json({ code: 1060, msg: '暂无需要展示的内容' }));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 1060, httpStatus: 200, behaviour: 'silent', silent: true });
    expect(h.toast.list()).toEqual([]);
    expect(h.session.logout).not.toHaveBeenCalled();
  });

  it('code 1049 rejects silently: no toast, no logout', async () => {
    const h = harness(() => json({ code: 1049, msg: '请求已被更新的请求取代' }));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 1049, behaviour: 'silent', silent: true });
    expect(h.toast.list()).toEqual([]);
  });

  it('any failure on the process path rejects silently (code, HTTP error, network)', async () => {
    for (const reply of [
      () => json({ code: 3001, msg: '任务已结束' }),
      () => json({ code: 500, msg: '服务器开小差了，请稍后再试' }, 500),
      () => new Response('bad gateway', { status: 502 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      const h = harness(reply);
      const error = await rejection(callProcess(h.api));
      expect(error.silent).toBe(true);
      expect(h.toast.list()).toEqual([]);
      expect(h.session.logout).not.toHaveBeenCalled();
    }
  });

  it('code 1105 rejects without a message', async () => {
    const h = harness(() => json({ code: 1105, msg: '请先完成前置步骤' }));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 1105, msg: '请先完成前置步骤', behaviour: 'quiet', silent: true });
    expect(h.toast.list()).toEqual([]);
  });

  it('code 401 logs out (clear token, go to /login) and rejects without a toast', async () => {
    const h = harness(() => json({ code: 401, msg: '登录已失效，请重新登录' }), { token: 't1' });
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 401, behaviour: 'logout', silent: true });
    expect(h.session.logout).toHaveBeenCalledWith('unauthorized');
    expect(h.toast.list()).toEqual([]);
  });

  it('any other code shows the server msg as an error toast for 2000 ms and rejects', async () => {
    const h = harness(() => json({ code: 2001, msg: '微豆余额不足（还差 30）' }));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({
      code: 2001,
      msg: '微豆余额不足（还差 30）',
      httpStatus: 200,
      behaviour: 'toast',
      silent: false,
    });
    expectTwoSecondToast(h, '微豆余额不足（还差 30）');
  });

  it('a code the catalogue does not know also shows the server msg', async () => {
    const h = harness(() => json({ code: 98765, msg: '未知情况' }));
    await rejection(h.api.call('getRsaKey'));
    expectTwoSecondToast(h, '未知情况');
  });
});

describe('spec §8: token refresh', () => {
  it('a failed token refresh (getToken throws) logs out and sends nothing', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: RSA_KEY }));
    h.session.getToken.mockRejectedValueOnce(new Error('refresh failed'));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 401, behaviour: 'logout', silent: true });
    expect(h.session.logout).toHaveBeenCalledWith('refresh-failed');
    expect(h.fetch).not.toHaveBeenCalled();
    expect(h.toast.list()).toEqual([]);
  });
});

describe('spec §8: HTTP-level errors', () => {
  it('HTTP 401 logs out and rejects without a toast', async () => {
    const h = harness(() => json({ code: 401, msg: '登录已失效，请重新登录' }, 401), { token: 'expired' });
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ httpStatus: 401, behaviour: 'logout', silent: true });
    expect(h.session.logout).toHaveBeenCalledWith('unauthorized');
    expect(h.toast.list()).toEqual([]);
  });

  it('HTTP 401 without an envelope also logs out', async () => {
    const h = harness(() => new Response('', { status: 401 }));
    await rejection(h.api.call('getRsaKey'));
    expect(h.session.logout).toHaveBeenCalledOnce();
  });

  it('an HTTP error with envelope code 1105 shows no message', async () => {
    const h = harness(() => json({ code: 1105, msg: '请先完成前置步骤' }, 400));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 1105, httpStatus: 400, silent: true });
    expect(h.toast.list()).toEqual([]);
  });

  it('an HTTP error with envelope code 10014 shows no message and takes the app to the maintenance page', async () => {
    const onMaintenance = vi.fn();
    const h = harness(() => json({ code: 10014, msg: '系统维护中，请稍后再来' }, 503), { onMaintenance });
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 10014, httpStatus: 503, behaviour: 'quiet', silent: true });
    expect(h.toast.list()).toEqual([]);
    expect(onMaintenance).toHaveBeenCalledTimes(1);
    expect(h.session.logout).not.toHaveBeenCalled();
  });

  it('an HTTP error with an envelope msg shows that msg for 2000 ms', async () => {
    const h = harness(() => json({ code: 429, msg: '操作太频繁，请稍后再试' }, 429));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 429, httpStatus: 429, behaviour: 'toast', silent: false });
    expectTwoSecondToast(h, '操作太频繁，请稍后再试');
  });

  it('a non-200 HTTP status without an envelope shows 网络错误 for 2000 ms', async () => {
    const h = harness(
      () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 502, msg: '网络错误', httpStatus: 502, behaviour: 'toast', silent: false });
    expectTwoSecondToast(h, '网络错误');
  });

  it('a network failure (no reply) shows 网络错误 for 2000 ms', async () => {
    const h = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await rejection(h.api.call('getRsaKey'));
    expect(error).toMatchObject({ code: 0, msg: '网络错误', httpStatus: 0, behaviour: 'toast', silent: false });
    expectTwoSecondToast(h, '网络错误');
  });

  it('an aborted request is silent and never settles (its caller is gone); other failures still reject', async () => {
    const controller = new AbortController();
    const h = harness(
      (request) =>
        new Promise((_, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (request.signal.aborted) abort();
          else request.signal.addEventListener('abort', abort);
        }),
    );
    let settled = false;
    void h.api.call('getRsaKey', { signal: controller.signal }).then(
      () => (settled = true),
      () => (settled = true),
    );
    controller.abort();
    vi.useRealTimers(); // give a rejection real time to arrive
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    expect(h.toast.list()).toEqual([]);

    const broken = harness(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(broken.api.call('getRsaKey', { signal: new AbortController().signal })).rejects.toBeTruthy();
  });
});

describe('judge (pure)', () => {
  it('maps status + body to a verdict', () => {
    expect(judge(200, { code: 200, msg: '' }, false).kind).toBe('success');
    expect(judge(200, [1, 2], false).kind).toBe('pass');
    expect(judge(200, { code: 5013, msg: '' }, false).kind).toBe('normal');
    expect(judge(200, { code: 5013, msg: '' }, true)).toMatchObject({ kind: 'reject', effect: 'none' });
    expect(judge(200, { code: 401, msg: '' }, false)).toMatchObject({ kind: 'reject', effect: 'logout' });
    expect(judge(401, undefined, true)).toMatchObject({ kind: 'reject', effect: 'logout' });
    expect(judge(500, { code: 500, msg: '' }, false)).toMatchObject({
      kind: 'reject',
      effect: 'toast',
      error: { msg: '网络错误' },
    });
  });
});
