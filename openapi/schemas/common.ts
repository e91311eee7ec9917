import { z } from 'zod';

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

export const Id = z.int().positive().meta({ description: '数字 id' });
export const IdParam = z.object({ id: z.coerce.number().int().positive().meta({ description: '数字 id' }) });
export const HashIdParam = z.object({ id: z.string().min(4).max(64).meta({ description: '对外的哈希 id' }) });

/** A value encrypted in the browser with the server's RSA public key (jsencrypt, PKCS#1 v1.5, base64). */
export const Encrypted = (what: string) =>
  z.string().min(1).max(1024).meta({ description: `${what}（RSA 公钥加密后的 base64 密文）` });

export const Mobile = z
  .string()
  .regex(/^1\d{10}$/, '请输入 11 位手机号')
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

export const Empty = z.null().meta({ description: '无数据' });

export const Ok = z
  .object({ ok: z.literal(true) })
  .meta({ id: 'Ok', description: '操作已完成' });
