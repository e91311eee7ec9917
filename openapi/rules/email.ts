/**
 * An e-mail address as the contract takes it (`Email` in schemas/common.ts: zod's e-mail pattern,
 * at most 254 characters) and the personal centre's form checks it before a code is sent — with
 * zod's pattern alone, so the form carries no zod schemas.
 */
import { regexes } from 'zod/v4/core';

export const EMAIL_MAX = 254;

/** Addresses are compared and stored trimmed and in lower case. */
export const normalizeEmail = (v: string) => v.trim().toLowerCase();

/** Whether a typed address may be sent (after trimming): what `Email` accepts. */
export const isEmail = (v: string) => {
  const address = v.trim();
  return address.length <= EMAIL_MAX && regexes.email.test(address);
};
