/**
 * Bind a contract operation to its handler:
 *
 *   export const routes = [
 *     handle(getPoints, async ({ member, ctx }) => points.summary(ctx.db, member.id)),
 *   ];
 *
 * The binding registers `METHOD /api<path>` (`{id}` → `:id`), checks the bearer token per the
 * operation's `auth`, validates and coerces params/query/body with the operation's zod schemas
 * (failure → 400 naming the field), and wraps what the handler returns as
 * `{ code: 200, msg: '成功', data }`. Outside production the data is checked against the
 * operation's response schema (a mismatch is a server bug → 500 and a log line).
 *
 * Other outcomes: `throw new AppError('X')` for refusals, `return result(Code.X, data)` for
 * normal non-200 results, or send the reply yourself (`return reply.redirect(url)`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Operation } from '../../openapi/op';
import { mayDo } from '../../openapi/rules/staff';
import type { AppContext } from '../context';
import type { Database } from '../db';
import { appendAudit, type AuditEntry } from '../kernel/audit';
import { bearerToken, type Member, type Staff } from './auth';
import { AppError, codeByName, isResult, type Result } from './errors';
import { fieldsOf, invalidParams, sendEnvelope, zodParseOptions, type FieldError } from './envelope';

const OK = codeByName('OK');

export interface HandlerArgs<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  /**
   * The logged-in member. On `auth: 'member'` operations it is always there; reading it on an
   * operation where nobody is logged in throws the 401 refusal.
   */
  member: Member;
  /** The member if a valid token came with the request, else null (`auth: 'optional'`). */
  viewer: Member | null;
  /** The signed-in staff member (`auth: 'staff'` operations only; elsewhere reading it throws 401). */
  staff: Staff;
  /**
   * What a console write changed, for its audit row (`auth: 'staff'` POST operations): the
   * handler fills in the target, before/after and reason; handle() writes the row in the same
   * transaction as the change. Left empty, the row still names the operation, the target from the
   * path and the input (passwords and codes left out).
   */
  audit: AuditNote;
  /** For console writes, `ctx.db` is the change's transaction. */
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type AuditNote = Partial<Omit<AuditEntry, 'operation'>>;

/** Input fields never written to the audit log. */
const SECRET_FIELDS = new Set(['password', 'newPassword', 'totp', 'code', 'ticket']);
const withoutSecrets = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET_FIELDS.has(k)))
    : value;

export type Handler<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType, R extends z.ZodType> = (
  args: HandlerArgs<P, Q, B>,
) => Promise<z.output<R> | Result | FastifyReply>;

/** One operation with its handler; what a module's `routes` array holds. */
export interface RouteBinding {
  readonly operation: Operation;
  // Bound generically; `handle()` keeps the precise types at the definition site.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly handler: Handler<any, any, any, any>;
}

export function handle<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType, R extends z.ZodType>(
  operation: Operation<P, Q, B, R>,
  handler: Handler<P, Q, B, R>,
): RouteBinding {
  return { operation: operation as unknown as Operation, handler };
}

/** `/v1/notices/{id}` → `/api/v1/notices/:id` */
export function routeUrl(path: string): string {
  return `/api${path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1')}`;
}

/**
 * The methods operations answer at a concrete path (`/api/v1/notices/7` → `['GET']`), so a call
 * with another method gets 405 with `Allow` instead of 404.
 */
export function methodsAt(operations: readonly Operation[]): (pathname: string) => string[] {
  const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const table = operations.map((o) => ({
    method: o.method.toUpperCase(),
    pattern: new RegExp(
      `^${routeUrl(o.path)
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
        .join('/')}$`,
    ),
  }));
  return (pathname) => [...new Set(table.filter((r) => r.pattern.test(pathname)).map((r) => r.method))];
}

/**
 * Text with U+0000 in it: PostgreSQL's text cannot hold it (the query fails), so no valid input
 * has one. Such a field is refused like any other invalid one, by name.
 */
function nulFields(value: unknown, field: string): FieldError[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ field, reason: '不能包含空字符' }] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => nulFields(v, `${field}.${k}`));
}

function hasBody(schema: z.ZodType | undefined): schema is z.ZodType {
  return schema !== undefined && !(schema instanceof z.ZodUndefined);
}

function hasShape(schema: z.ZodObject | undefined): schema is z.ZodObject {
  return schema !== undefined && Object.keys(schema.shape).length > 0;
}

/** Register one binding on `app`. */
export function registerRoute(app: FastifyInstance, ctx: AppContext, binding: RouteBinding): void {
  const { operation: op, handler } = binding;
  const params = hasShape(op.params) ? op.params : undefined;
  const query = hasShape(op.query) ? op.query : undefined;
  const body = hasBody(op.body) ? op.body : undefined;

  app.route({
    method: op.method.toUpperCase() as 'GET' | 'POST',
    url: routeUrl(op.path),
    config: { operationId: op.id },
    handler: async (request, reply) => {
      // 1. Who is calling (before looking at the input, so strangers learn nothing from 400s).
      let viewer: Member | null = null;
      let staff: Staff | null = null;
      if (op.auth === 'staff') {
        // Console operations take only console tokens: a member's token verifies as nobody here.
        const token = bearerToken(request);
        staff = token ? await ctx.verifyStaff(token, request) : null;
        if (!staff) throw new AppError('UNAUTHORIZED');
        if (!op.permission || !mayDo(staff.roles, op.permission)) throw new AppError('STAFF_FORBIDDEN');
      } else if (op.auth !== 'none') {
        const token = bearerToken(request);
        viewer = token ? await ctx.verifyMember(token, request) : null;
        if (!viewer && op.auth === 'member') throw new AppError('UNAUTHORIZED');
      }

      // 2. Input, coerced by the contract; every problem named.
      const problems = [];
      const parsed = { params: {} as unknown, query: {} as unknown, body: undefined as unknown };
      for (const [key, schema, input] of [
        ['params', params, request.params ?? {}],
        ['query', query, request.query ?? {}],
        ['body', body, request.body],
      ] as const) {
        if (!schema) continue;
        const r = schema.safeParse(input, zodParseOptions);
        const nul = r.success ? nulFields(r.data, key) : [];
        if (!r.success) problems.push(...fieldsOf(r.error, key));
        else if (nul.length) problems.push(...nul);
        else parsed[key] = r.data;
      }
      if (problems.length) throw invalidParams(problems);

      // 3. The handler; a console write runs in one transaction with its audit row.
      const member = viewer;
      const args = (handlerCtx: AppContext, audit: AuditNote) => ({
        params: parsed.params,
        query: parsed.query,
        body: parsed.body,
        get member(): Member {
          if (!member) throw new AppError('UNAUTHORIZED');
          return member;
        },
        viewer,
        get staff(): Staff {
          if (!staff) throw new AppError('UNAUTHORIZED');
          return staff;
        },
        audit,
        ctx: handlerCtx,
        request,
        reply,
      });
      let out;
      if (staff && op.method === 'post') {
        const actor = staff;
        if (op.freshTotp) await ctx.checkFreshTotp(actor, String((parsed.body as { totp?: unknown })?.totp ?? ''));
        out = await ctx.db.transaction(async (tx) => {
          const audit: AuditNote = {};
          const answer = await handler(args({ ...ctx, db: tx as unknown as Database }, audit));
          if (isResult(answer) || reply.sent) return answer;
          const params = parsed.params as Record<string, unknown>;
          await appendAudit(
            tx,
            {
              staffId: actor.id,
              login: actor.login,
              roles: actor.roles,
              channel: 'console',
              ip: request.ip,
              userAgent: request.headers['user-agent'] ?? null,
            },
            {
              operation: op.id,
              targetType: audit.targetType ?? null,
              targetId: audit.targetId ?? (Object.values(params)[0] as string | number | undefined) ?? null,
              before: audit.before ?? null,
              after: audit.after ?? (audit.before === undefined ? withoutSecrets(parsed.body) : null),
              reason: audit.reason ?? (parsed.body as { reason?: string } | undefined)?.reason ?? null,
            },
            new Date(ctx.now()),
          );
          return answer;
        });
      } else {
        out = await handler(args(ctx, {}));
      }
      if (reply.sent) return reply;

      // 4. The envelope.
      if (isResult(out)) {
        return sendEnvelope(reply, out.status, {
          code: out.code,
          msg: out.msg,
          ...(out.data === undefined ? {} : { data: out.data }),
        });
      }
      if (ctx.config.validateResponses) {
        const check = op.response.safeParse(out);
        if (!check.success) {
          request.log.error({ operationId: op.id, issues: check.error.issues }, 'response does not match the contract');
          throw new AppError('INTERNAL');
        }
      }
      return sendEnvelope(reply, 200, { code: OK.code, msg: OK.msg, data: out });
    },
  });
}
