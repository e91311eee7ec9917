import { z } from 'zod';
import { EMAIL_MAX } from '../rules/email';
import { MOBILE_RE, mobileMessage } from '../rules/mobile';
import type { EnumDef } from '../enums';
import { enumSchema } from './enum';

/** Conventions every schema follows. */

/** An instant: Unix epoch milliseconds (UTC). The UI shows it in Asia/Shanghai. */
export const Timestamp = z.int().nonnegative().meta({ id: 'Timestamp', description: '时间点，Unix 毫秒时间戳' });

/** A calendar day in Asia/Shanghai, `YYYY-MM-DD`. */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ id: 'Day', description: '自然日（北京时间），YYYY-MM-DD' });

/** Points (weidou) are integers; never fractions. */
export const Points = z.int().meta({ id: 'Points', description: '微豆数量（整数）' });

/** Money is integer fen (1 yuan = 100 fen). */
export const Fen = z.int().nonnegative().meta({ id: 'Fen', description: '金额，单位：分' });

/**
 * The largest value of a PostgreSQL `integer` column. Every id a client sends is looked up in
 * such a column, so ids above it are refused as invalid input (400) instead of reaching the database.
 */
export const MAX_ID = 2_147_483_647;

/** A row id stored in an `integer` column. */
export const Id = z.int().positive().max(MAX_ID).meta({ description: '数字 id' });
/** A row id stored in a `bigint` column (ledger rows); only ever sent by the server. */
export const BigId = z.int().positive().meta({ description: '数字 id' });
/** An id in the query string or path (arrives as text). */
export const QueryId = z.coerce.number().int().positive().max(MAX_ID);
export const IdParam = z.object({ id: QueryId.meta({ description: '数字 id' }) });
/** The public hash id of a task (in URLs instead of its number). */
export const HashId = z.string().min(4).max(64);
export const HashIdParam = z.object({ id: HashId.meta({ description: '对外的哈希 id' }) });

/** A value encrypted in the browser with the server's RSA public key (jsencrypt, PKCS#1 v1.5, base64). */
export const Encrypted = (what: string) =>
  z
    .string()
    .min(1)
    .max(1024)
    .meta({ description: `${what}（RSA 公钥加密后的 base64 密文）` });

export const Mobile = z
  .string()
  .regex(MOBILE_RE, { error: (issue) => mobileMessage(String(issue.input)) })
  .meta({ description: '中国大陆 11 位手机号' });

export const MaskedMobile = z.string().meta({ description: '脱敏手机号，如 138****1234' });

/** Paging: 1-based page, page size 1–100 (default 20). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).meta({ description: '页码，从 1 开始' }),
  pageSize: z.coerce.number().int().min(1).max(100).default(20).meta({ description: '每页条数，1–100，默认 20' }),
});

export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item).meta({ description: '本页数据' }),
    total: z.int().nonnegative().meta({ description: '总条数' }),
    page: z.int().min(1).meta({ description: '当前页码' }),
    pageSize: z.int().min(1).meta({ description: '每页条数' }),
  });
}

export const Ok = z
  .object({ ok: z.literal(true).meta({ description: '固定为 true' }) })
  .meta({ id: 'Ok', description: '操作已完成' });

/**
 * A numeric enum in a query or path parameter: arrives as a string, coerced to the number,
 * validated against the enum. The document shows it as an integer enum.
 */
export function QueryEnum<V extends number>(def: EnumDef<V>, description: string) {
  return z.coerce
    .number()
    .pipe(enumSchema(def))
    .meta({ description, override: { type: 'integer', enum: [...def.list] } });
}

/** A non-empty string of at most `max` characters: a ticket, key, code or state as sent back. */
export const NonEmpty = (max: number) => z.string().min(1).max(max);

/** An absolute or site-relative URL. */
export const Url = z.string().max(2048);

/** A masked personal value for display only (姓名、身份证号、邮箱). */
export const Masked = z.string();

/** A plain e-mail address, at most 254 characters (the form checks it with `isEmail`, rules/email.ts). */
export const Email = z.email().max(EMAIL_MAX);

/** Login password as typed (sent over TLS, hashed with argon2 on the server). */
export const Password = z
  .string()
  .min(8, '密码至少 8 位')
  .max(64, '密码最多 64 位')
  .meta({ description: '登录密码，8–64 位' });
