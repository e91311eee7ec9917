import { z } from 'zod';
import type { CodeName } from './codes';
import type { Permission } from './rules/staff';

/**
 * Who may call an operation: anyone, only a logged-in member, anyone with extra data for members,
 * or only signed-in console staff holding the operation's `permission`.
 */
export type Auth = 'none' | 'member' | 'optional' | 'staff';
type Method = 'get' | 'post';

/** Sections of the generated document, in document order (grouped by URL, not by domain). */
export const TAGS: readonly string[] = ['auth', 'sms', 'user', 'content', 'tasks', 'rewards', 'exchange', 'upload', 'admin'];

export interface Operation<
  P extends z.ZodObject = z.ZodObject,
  Q extends z.ZodObject = z.ZodObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable operation id; also the OpenAPI operationId. */
  id: string;
  method: Method;
  /** Path under the `/api` base, OpenAPI style (`/v1/notices/{id}`). */
  path: string;
  auth: Auth;
  /**
   * `auth: 'staff'` only, and required there: the permission the staff's roles must hold
   * (openapi/rules/staff.ts). A staff operation that changes something (POST) is written to the
   * audit log in the change's transaction.
   */
  permission?: Permission;
  /** A sensitive console move: the body carries `totp`, a fresh authenticator code, checked first. */
  freshTotp?: true;
  /** One-line zh-CN summary shown in the generated document. */
  summary: string;
  /** Section of the generated document: one of `TAGS`. */
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope. */
  response: R;
  /**
   * The `data` of answers with a code other than 200 that carry some, by code name: refusals
   * (`SEND_TOO_FREQUENT: z.object({ resendAfter })`) and normal results such as 5013 that come
   * with the success data. Every other code of the operation comes without `data`; a code whose
   * `data` only some answers carry declares it `.optional()` (WRONG_CREDENTIALS: `remainingTries`
   * only when few are left).
   */
  refusals?: Partial<Record<CodeName, z.ZodType>>;
  /** When the operation answers HTTP 429 RATE_LIMITED (with `Retry-After`), zh-CN; absent: never. */
  limited?: string;
  /**
   * When an operation that is not `auth: 'member'` answers HTTP 401, zh-CN; absent: never.
   * Member operations answer 401 without a token, so they never set it.
   */
  unauthorized?: string;
}

/** Declare one contract operation. Identity at runtime; keeps the literal types for server and client. */
export function op<
  P extends z.ZodObject = z.ZodObject<{}>,
  Q extends z.ZodObject = z.ZodObject<{}>,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodNull,
>(operation: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return operation;
}

/** `unauthorized` of the operations that log a member in: the account was removed meanwhile. */
export const MEMBER_GONE = '要登录的账号已不存在';

export const ErrorEnvelope = z
  .object({
    code: z.int().meta({ description: '结果码（见结果码表）' }),
    msg: z.string().meta({ description: '给用户看的中文说明' }),
    data: z
      .object({
        fields: z
          .array(
            z.object({
              field: z.string().meta({ description: '字段路径，如 body.mobile' }),
              reason: z.string().meta({ description: '失败原因' }),
            }),
          )
          .optional()
          .meta({ description: '校验失败的字段及原因（仅参数错误时）' }),
      })
      .optional()
      .meta({ description: '附加信息' }),
  })
  .meta({ id: 'ErrorEnvelope', description: '失败时的回复' });

export { isProcessPath } from './process';
