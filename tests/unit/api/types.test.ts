import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { getRsaKey } from '../../../openapi/operations/auth';
import type { ApiClient, OperationId } from '../../../src/api/client';

// Compile-time checks of the typed `call`, enforced by `tsc --noEmit`; never executed.
async function typeChecks(api: ApiClient) {
  expectTypeOf<'getRsaKey'>().toExtend<OperationId>();
  const key = await api.call('getRsaKey');
  expectTypeOf(key).toEqualTypeOf<z.output<typeof getRsaKey.response>>();
  const outcome = await api.result('getRsaKey');
  if (outcome.kind === 'success') expectTypeOf(outcome.data).toEqualTypeOf<z.output<typeof getRsaKey.response>>();
  if (outcome.kind === 'normal') expectTypeOf(outcome.data).toBeUnknown();
  // @ts-expect-error unknown operation id
  await api.call('noSuchOperation');
  // @ts-expect-error getRsaKey takes no body
  await api.call('getRsaKey', { body: { x: 1 } });
}

describe('typed api.call', () => {
  it('infers inputs and data from the operation zod schemas (checked by tsc)', () => {
    expect(typeof typeChecks).toBe('function');
  });
});
