/**
 * Every contract operation has a handler (DESIGN §3), except the ones listed in `notYetBuilt`.
 * That list may only shrink: an id on it that now has a handler, or that left the contract,
 * fails the test too, so whoever binds an operation also takes it off the list.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../openapi/index';
import { routes } from '../../server/modules';
import { routeUrl } from '../../server/http/handle';

/** Operations in the contract with no handler yet, each with the product area that will build it. */
const notYetBuilt: Record<string, string> = {};

describe('contract conformance', () => {
  const contractIds = new Set(operations.map((o) => o.id));
  const handledIds = routes.map((r) => r.operation.id);
  const handled = new Set(handledIds);

  it('every handler is bound to a contract operation, exactly once, with the contract’s method and path', () => {
    expect(handled.size).toBe(handledIds.length);
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

  it('every contract operation has a handler, except the ones not built yet', () => {
    const unbound = operations.filter((o) => !handled.has(o.id) && !(o.id in notYetBuilt));
    expect(unbound.map((o) => `${o.id} (${o.method.toUpperCase()} ${o.path})`)).toEqual([]);
  });

  it('the not-yet-built list is current: each id is in the contract and still has no handler', () => {
    const ids = Object.keys(notYetBuilt);
    expect(
      ids.filter((id) => !contractIds.has(id)),
      'not in the contract',
    ).toEqual([]);
    expect(
      ids.filter((id) => handled.has(id)),
      'has a handler now: remove it from the list',
    ).toEqual([]);
  });
});
