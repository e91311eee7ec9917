/**
 * Which contract operations have handlers. For now it lists them and checks that every handler
 * belongs to the contract; later issues turn the "missing" list to empty (then assert it).
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../openapi/index';
import { routes } from '../../server/modules';
import { routeUrl } from '../../server/http/handle';

describe('contract conformance', () => {
  const contractIds = new Set(operations.map((o) => o.id));
  const handledIds = routes.map((r) => r.operation.id);

  it('every handler is bound to a contract operation, exactly once, with the contract’s method and path', () => {
    expect(new Set(handledIds).size).toBe(handledIds.length);
    for (const r of routes) {
      expect(contractIds.has(r.operation.id), r.operation.id).toBe(true);
      const contractOp = operations.find((o) => o.id === r.operation.id)!;
      expect(r.operation).toBe(contractOp);
    }
  });

  it('the contract has unique ids and unique method + path pairs', () => {
    expect(contractIds.size).toBe(operations.length);
    const keys = operations.map((o) => `${o.method} ${routeUrl(o.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists handled and missing operations (getRsaKey is handled)', () => {
    const handled = new Set(handledIds);
    const missing = operations.filter((o) => !handled.has(o.id));
    console.log(
      `contract operations: ${operations.length}; with handlers: ${handled.size}; without: ${missing.length}\n` +
        `handled: ${[...handled].join(', ')}\n` +
        `missing: ${missing.map((o) => `${o.id} (${o.method.toUpperCase()} ${o.path})`).join(', ')}`,
    );
    expect(handled.has('getRsaKey')).toBe(true);
  });
});
