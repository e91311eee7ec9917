/**
 * Security headers that depend on where the site is published (PUBLIC_ORIGIN): HSTS only over
 * https, and the CSP lets a form (the demo partner's) hand the browser on to the public origin.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestEnv } from './helpers';

const env = createTestEnv('headers');
afterAll(() => env.cleanup());

async function headersFor(publicOrigin: string) {
  const app = await env.build({ publicOrigin });
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/rsa-key' });
  expect(res.statusCode).toBe(200);
  return res.headers;
}

describe('security headers', () => {
  it('plain HTTP public origin: no Strict-Transport-Security', async () => {
    const headers = await headersFor('http://localhost:9123');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('https public origin: Strict-Transport-Security for a year, subdomains included', async () => {
    const headers = await headersFor('https://www.example.cn');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('CSP form-action allows the page itself and the public origin, nothing else', async () => {
    const csp = String((await headersFor('http://localhost:9123'))['content-security-policy']);
    const formAction = csp.split(';').find((d) => d.startsWith('form-action'));
    expect(formAction).toBe("form-action 'self' http://localhost:9123");
  });
});
