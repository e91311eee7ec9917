/**
 * The one comparison containers give `useSelector`: two views are the same when each field is
 * the same value. Two empty arrays count as the same, since selectors build a fresh `[]` for
 * "no rows" on every snapshot.
 */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (sameField(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aFields = a as Record<string, unknown>;
  const bFields = b as Record<string, unknown>;
  const keys = Object.keys(aFields);
  return keys.length === Object.keys(bFields).length && keys.every((k) => sameField(aFields[k], bFields[k]));
}

function sameField(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (Array.isArray(a) && Array.isArray(b) && a.length === 0 && b.length === 0);
}
