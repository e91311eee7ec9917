/** `npm run ops` in-process for the ops tests: its exit code and what it printed. */
import { createHash } from 'node:crypto';
import type { StaffRole } from '../../openapi/rules/staff';
import { runOps } from '../../scripts/ops';
import { isAppError } from '../../server/http/errors';
import type { AppContext } from '../../server/context';
import { createStaffAccount, findStaff } from '../../server/modules/staff/accounts';

/**
 * The staff account the CLI acts as in these tests: one per display name (an admin unless said),
 * made on first use; its login for OPS_STAFF.
 */
export async function opsStaff(ctx: AppContext, name: string, roles: StaffRole[] = ['admin']): Promise<string> {
  const login = `ops-${createHash('sha1')
    .update(`${name}:${roles.join(',')}`)
    .digest('hex')
    .slice(0, 10)}`;
  if (await findStaff(ctx.db, login)) return login;
  // Commands run at once (the race tests) may both find none: the second to create it finds it made.
  await createStaffAccount(ctx, { login, name, roles }).catch((err: unknown) => {
    if (!(isAppError(err) && err.codeName === 'STAFF_LOGIN_TAKEN')) throw err;
  });
  return login;
}

export async function runOpsIn(
  ctx: AppContext,
  argv: string[],
  opts: { user: string; files?: Record<string, string>; roles?: StaffRole[] },
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const files = opts.files ?? {};
  const code = await runOps(argv, {
    ctx,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { USER: opts.user, OPS_STAFF: await opsStaff(ctx, opts.user, opts.roles) },
    readFile: (f) => {
      if (!(f in files)) throw new Error('ENOENT');
      return files[f]!;
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
