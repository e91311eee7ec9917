import { vi } from 'vitest';
import { z } from 'zod';
import { op, type Operation } from '../../../openapi/op';
import { createApiClient, type ApiClientOptions } from '../../../src/api/client';
import type { ApiSession } from '../../../src/api/session';
import { createToastService } from '../../../src/services/toast';

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A survey-progress call on the process path, added to the contract for these tests. */
export const processOp = op({
  id: 'processProgress',
  method: 'get',
  path: '/v1/process/progress',
  auth: 'member',
  tag: 'test',
  summary: '测试用的流程接口',
  response: z.object({ step: z.int() }),
});

/** Added to the client ahead of the contract, whose own schemas load on first call as in the app. */
export const testOperations: readonly Operation[] = [processOp as unknown as Operation];

export const RSA_KEY = {
  publicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  keyId: 'abcdef0123456789',
};

export interface Harness {
  api: ReturnType<typeof createApiClient>;
  requests: Request[];
  fetch: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;
  toast: ReturnType<typeof createToastService>;
  session: ApiSession & {
    logout: ReturnType<typeof vi.fn<ApiSession['logout']>>;
    getToken: ReturnType<typeof vi.fn<ApiSession['getToken']>>;
  };
  report: ReturnType<typeof vi.fn<(message: string, details: unknown) => void>>;
}

/** A client over a fake fetch that answers with `reply` and records every request. */
export function harness(
  reply: (request: Request) => Response | Promise<Response>,
  overrides: Partial<ApiClientOptions> & { token?: string | null } = {},
): Harness {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return reply(request);
  });
  const toast = createToastService();
  const session = {
    getToken: vi.fn<ApiSession['getToken']>(async () => overrides.token ?? null),
    logout: vi.fn<ApiSession['logout']>(),
  };
  const report = vi.fn<(message: string, details: unknown) => void>();
  const api = createApiClient({
    fetch,
    session,
    toast,
    now: () => 1_700_000_000_000,
    device: { type: 1, id: 'device-hash' },
    operations: testOperations,
    report,
    ...overrides,
  });
  return { api, requests, fetch, toast, session, report };
}

/** Call the test-only process-path operation. */
export function callProcess(api: Harness['api']) {
  return api.call('processProgress' as 'getRsaKey');
}
