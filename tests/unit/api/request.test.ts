import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { DeviceType, detectDeviceType } from '../../../src/api/device';
import { StorageKey, getDeviceId } from '../../../src/services/storage';
import { createToastService } from '../../../src/services/toast';
import { RSA_KEY, callProcess, harness, json } from './helpers';

const ok = () => json({ code: 200, msg: '成功', data: RSA_KEY });

describe('request URL', () => {
  it('goes to /api + the operation path', async () => {
    const h = harness(ok);
    await h.api.call('getRsaKey');
    const url = new URL(h.requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/auth/rsa-key');
    expect(h.requests[0]!.method).toBe('GET');
  });

  it('carries the cache-busting timestamp _t=<ms> on a normal call', async () => {
    const h = harness(ok, { now: () => 1_712_345_678_901 });
    await h.api.call('getRsaKey');
    expect(new URL(h.requests[0]!.url).searchParams.get('_t')).toBe('1712345678901');
  });

  it('has no timestamp on the process path', async () => {
    const h = harness(() => json({ code: 200, msg: '成功', data: { step: 2 } }));
    await expect(callProcess(h.api)).resolves.toEqual({ step: 2 });
    const url = new URL(h.requests[0]!.url);
    expect(url.pathname).toBe('/api/v1/process/progress');
    expect(url.searchParams.has('_t')).toBe(false);
  });
});

describe('request headers', () => {
  it('sends client id 11, version 1.0.0, device type and device id on every call', async () => {
    const h = harness(ok, { device: { type: DeviceType.TABLET, id: 'abc123' } });
    await h.api.call('getRsaKey');
    const headers = h.requests[0]!.headers;
    expect(headers.get('X-Client-Id')).toBe('11');
    expect(headers.get('X-Client-Version')).toBe('1.0.0');
    expect(headers.get('X-Device-Type')).toBe('3');
    expect(headers.get('X-Device-Id')).toBe('abc123');
  });

  it('adds Authorization: Bearer only when the session has a token', async () => {
    const anonymous = harness(ok, { token: null });
    await anonymous.api.call('getRsaKey');
    expect(anonymous.requests[0]!.headers.has('Authorization')).toBe(false);

    const member = harness(ok, { token: 'tok-123' });
    await member.api.call('getRsaKey');
    expect(member.requests[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('waits for the session token before sending (a refresh in flight delays the request)', async () => {
    let release!: (token: string) => void;
    const h = harness(ok);
    h.session.getToken.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const pending = h.api.call('getRsaKey');
    await Promise.resolve();
    expect(h.fetch).not.toHaveBeenCalled();
    release('fresh');
    await pending;
    expect(h.requests[0]!.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('by default sends the stored device id, generated once and reused', async () => {
    const requests: Request[] = [];
    const api = createApiClient({
      fetch: async (request) => {
        requests.push(request);
        return ok();
      },
      session: { getToken: async () => null, logout: () => undefined },
      toast: createToastService(),
    });
    expect(localStorage.getItem(StorageKey.DEVICE)).toBeNull();
    await api.call('getRsaKey');
    await api.call('getRsaKey');
    const stored = localStorage.getItem('device');
    expect(stored).toMatch(/^[0-9a-f]{32}$/);
    expect(requests.map((r) => r.headers.get('X-Device-Id'))).toEqual([stored, stored]);
    expect(getDeviceId()).toBe(stored);
    expect(requests[0]!.headers.get('X-Device-Type')).toMatch(/^[123]$/);
  });
});

describe('device', () => {
  it('getDeviceId creates the id once and keeps it in local storage key `device`', () => {
    const first = getDeviceId();
    expect(localStorage.getItem('device')).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('detects mobile, desktop and tablet', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const androidPhone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
    const androidTablet = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36';
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15';
    const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
    expect(detectDeviceType({ userAgent: iphone })).toBe(DeviceType.MOBILE);
    expect(detectDeviceType({ userAgent: androidPhone })).toBe(DeviceType.MOBILE);
    expect(detectDeviceType({ userAgent: androidTablet })).toBe(DeviceType.TABLET);
    expect(detectDeviceType({ userAgent: ipad })).toBe(DeviceType.TABLET);
    expect(detectDeviceType({ userAgent: mac, maxTouchPoints: 5 })).toBe(DeviceType.TABLET);
    expect(detectDeviceType({ userAgent: mac, maxTouchPoints: 0, width: 600 })).toBe(DeviceType.DESKTOP);
    expect(detectDeviceType({ userAgent: windows, width: 1440 })).toBe(DeviceType.DESKTOP);
    expect(detectDeviceType({ userAgent: '', maxTouchPoints: 5, width: 390 })).toBe(DeviceType.MOBILE);
  });
});
