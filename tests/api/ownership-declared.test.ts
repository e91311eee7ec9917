/**
 * Every operation of the contract that takes an id is declared in OWNERSHIP
 * (tests/api/ownership-table.ts), field by field, and only with fields it has; ownership.test.ts
 * checks each member-owned one against another member.
 */
import { describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../openapi/index';
import { inputFields } from './support/contract-inputs';
import { LOCATIONS, declarations, isMember, labelOf, ownershipOf } from './ownership-table';

/** Only the declarations are read here: no field's value is made. */
const notCalled = () => {
  throw new Error('a declaration’s values are made by ownership.test.ts');
};
const OWNERSHIP = ownershipOf({ enc: notCalled, returnLink: notCalled });

describe('ownership of every id an operation takes', () => {
  const all = declarations(OWNERSHIP);

  it('every id-taking operation is declared, field by field, and only fields it has', () => {
    const undeclared = all.filter((d) => d.owner === undefined).map((d) => `${d.operation.id} ${d.label}`);
    expect(undeclared, 'declare these in OWNERSHIP').toEqual([]);
    const stale = Object.keys(OWNERSHIP).filter((id) => !operations.some((o) => o.id === id));
    expect(stale, 'not in the contract').toEqual([]);
    const known = (o: Operation, label: string) =>
      LOCATIONS.some((l) => inputFields(o[l]).some((f) => labelOf(l, f.path) === label));
    const unknown = all.filter((d) => !known(d.operation, d.label)).map((d) => `${d.operation.id} ${d.label}`);
    expect(unknown, 'declared fields the operation does not have').toEqual([]);
    const counts = { member: 0, public: 0, reason: 0 };
    for (const d of all) counts[d.owner === 'public' ? 'public' : isMember(d.owner!) ? 'member' : 'reason']++;
    console.log(
      `ownership: ${new Set(all.map((d) => d.operation.id)).size} id-taking operations, ${all.length} fields: ` +
        `${counts.member} member, ${counts.public} public, ${counts.reason} with a reason`,
    );
  });
});
