/**
 * A member frozen by staff (members.frozen_at) may not log in, refresh a session, redeem or start
 * a task. The refusal tells them why and where to appeal (the site profile's support e-mail).
 */
import { eq, sql } from 'drizzle-orm';
import { SITE_PROFILE_DEFAULTS } from '../../../openapi/rules/siteProfile';
import type { AppContext } from '../../context';
import { members } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Executor } from '../../kernel/db';
import { siteProfile } from '../site/profile';

/**
 * The refusal for a member frozen for `reason`. `db` is the caller's executor (its transaction,
 * if any: PGlite has one connection, so a read outside a running transaction would wait for it).
 */
export async function frozenRefusal(
  ctx: { config?: Pick<AppContext['config'], 'siteProfile'> },
  db: Executor,
  reason: string | null,
): Promise<AppError> {
  // Without settings (a bench or script context), the build's defaults.
  const { supportEmail } = await siteProfile(db, ctx.config?.siteProfile ?? SITE_PROFILE_DEFAULTS);
  return new AppError(
    'ACCOUNT_FROZEN',
    `你的账号已被冻结（原因：${reason?.trim() || '违反平台规则'}）。如有疑问，请发邮件至 ${supportEmail} 申诉`,
  );
}

/**
 * Throw ACCOUNT_FROZEN when the member is frozen. `db` may be the caller's transaction; with
 * `lock`, the member row is read FOR SHARE, so a freeze committing meanwhile is either seen here
 * or waits until the caller's transaction ends (a redemption cannot slip past a freeze).
 */
export async function refuseIfFrozen(
  ctx: { config?: Pick<AppContext['config'], 'siteProfile'> },
  db: Executor,
  memberId: number,
  opts: { lock?: boolean } = {},
): Promise<void> {
  const query = db
    .select({ frozenAt: members.frozenAt, frozenReason: members.frozenReason })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  const [row] = opts.lock ? await query.for('share') : await query;
  if (row?.frozenAt) throw await frozenRefusal(ctx, db, row.frozenReason);
}

/** SQL condition: the member is not frozen (for conditional writes). */
export const notFrozen = (memberId: number) =>
  sql`not exists (select 1 from ${members} where ${members.id} = ${memberId} and ${members.frozenAt} is not null)`;
