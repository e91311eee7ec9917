import { describe, expect, it } from 'vitest';
import { expiryOnDeviceClock } from '../../../src/api/tokenSession';

/**
 * A token's expiry is kept on the device's own clock: its lifetime from the claims, counted from
 * when it arrived. A phone whose clock runs an hour ahead must not find every fresh token due.
 */
const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;

describe('token expiry on the device clock', () => {
  const serverNow = 1_800_000_000_000;
  const token = jwt({ sub: '7', iat: serverNow / 1000, exp: serverNow / 1000 + 1800 });

  it('a device an hour ahead keeps the full 30 minutes', () => {
    const deviceNow = serverNow + 3_600_000;
    expect(expiryOnDeviceClock(token, serverNow + 1_800_000, deviceNow)).toBe(deviceNow + 1_800_000);
  });

  it('a device on time gets the server expiry', () => {
    expect(expiryOnDeviceClock(token, serverNow + 1_800_000, serverNow)).toBe(serverNow + 1_800_000);
  });

  it('a token without readable claims keeps the server expiry', () => {
    expect(expiryOnDeviceClock('opaque', 123, serverNow)).toBe(123);
    expect(expiryOnDeviceClock(jwt({ sub: '7' }), 456, serverNow)).toBe(456);
  });
});
