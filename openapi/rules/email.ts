/**
 * An e-mail address as the contract takes it (`Email` in schemas/common.ts) and the personal
 * centre's form checks it before a code is sent.
 */
import { z } from 'zod';

export const EMAIL_MAX = 254;

/** The contract's e-mail address: a plain address, at most 254 characters. */
export const EmailAddress = z.email().max(EMAIL_MAX);

/** Addresses are compared and stored trimmed and in lower case. */
export const normalizeEmail = (v: string) => v.trim().toLowerCase();

/** Whether a typed address may be sent (after trimming). */
export const isEmail = (v: string) => EmailAddress.safeParse(v.trim()).success;
