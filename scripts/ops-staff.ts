/**
 * Staff accounts and the audit log in `npm run ops` (scripts/ops.ts hands `staff …` and `audit …`
 * over), through the same services as the console (server/modules/staff). The very first admin is
 * made with `staff add` while no staff account exists; from then on every command names the staff
 * account it acts as (`--staff` or OPS_STAFF).
 */
import { STAFF_ROLES, StaffDisplayName, StaffLogin, type StaffRole } from '../openapi/rules/staff';
import { verifyAuditChain } from '../server/kernel/audit';
import type { WriteContext } from '../server/kernel/db';
import {
  createStaffAccount,
  disableStaffAccount,
  listStaffAccounts,
  resetStaffAccount,
  setRoles,
} from '../server/modules/staff/accounts';
import { listAuditRows } from '../server/modules/staff/audit';
import type { OpsAudit } from './ops-cli';

export const STAFF_HELP = `员工与审计 / staff and the audit log
  staff add <登录名> --name 显示名 --role support|finance|content|admin[,…]
                                   新建员工：打印一次性密码和身份验证器密钥（首次登录须改密码、绑定验证器）；
                                   还没有任何员工时，可不带 --staff 建第一个管理员
  staff list                       员工、角色、状态
  staff disable <登录名> --reason 原因   停用并结束其全部登录
  staff roles <登录名> <角色,…> --reason 原因
  staff reset <登录名> --reason 原因     新的一次性密码与验证器密钥（账号重新启用）
  audit verify                     校验审计日志的哈希链：完好，或第一处被改动的行
  audit list [--limit N]           最近的审计记录`;

export interface StaffOpsTools {
  ctx: WriteContext & { staffTotpKey: Buffer };
  out: (line: string) => void;
  usage: (msg: string) => never;
  table: (headers: string[], rows: (string | number | null)[][]) => string[];
  time: (at: Date | number) => string;
  limit: number;
  /** The acting staff account (null: the first admin's bootstrap). */
  actorId: number | null;
  audit: OpsAudit;
  /** Report a failed check (exit 1). */
  broken: (line: string) => void;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function parseRoles(text: string | undefined, t: StaffOpsTools): StaffRole[] {
  const roles = (text ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const bad = roles.filter((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (!roles.length || bad.length)
    return t.usage(`角色须为 ${STAFF_ROLES.join('|')}（可用逗号分隔多个）/ roles: ${text ?? ''}`);
  return roles as StaffRole[];
}

function parsed<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  t: StaffOpsTools,
): T {
  const r = schema.safeParse(value);
  return r.success ? r.data : t.usage(r.error.issues[0]?.message ?? 'invalid');
}

export async function runStaffOps(
  command: string,
  args: string[],
  values: Record<string, unknown>,
  t: StaffOpsTools,
): Promise<boolean> {
  if (command === 'audit') {
    if (args[0] === 'verify') {
      const r = await verifyAuditChain(t.ctx.db);
      if (r.intact) t.out(`✓ 审计日志完好：${r.rows} 行，哈希链一致 / audit chain intact (${r.rows} rows)`);
      else t.broken(`✗ 审计日志被改动：${r.problem} / audit chain broken at row ${r.firstBrokenId}`);
      return true;
    }
    if (args[0] === 'list') {
      const page = await listAuditRows(t.ctx.db, { page: 1, pageSize: t.limit });
      for (const line of t.table(
        ['#', '时间', '员工', '操作', '对象', '原因'],
        page.list.map((r) => [
          r.id,
          t.time(r.at),
          r.staffLogin,
          r.operationName,
          r.targetType ? `${r.targetType} ${r.targetId ?? ''}` : null,
          r.reason,
        ]),
      ))
        t.out(line);
      return true;
    }
    return t.usage('audit verify | audit list');
  }
  if (command !== 'staff') return false;
  const deps = { db: t.ctx.db, now: t.ctx.now, staffTotpKey: t.ctx.staffTotpKey };
  const by = { id: t.actorId };
  const reason = () => str(values.reason)?.trim() || t.usage('请用 --reason 写明原因 / give --reason');
  const login = () => parsed(StaffLogin, args[1], t);
  const printCredentials = (c: { oneTimePassword: string; totpSecret: string }) => {
    t.out(`一次性密码 / one-time password: ${c.oneTimePassword}`);
    t.out(`TOTP secret: ${c.totpSecret}`);
    t.out(
      '首次登录管理后台（/admin）时须设置新密码，并用身份验证器扫码或输入上面的密钥 / first sign-in sets a new password and binds the authenticator',
    );
  };
  switch (args[0]) {
    case 'add': {
      const input = {
        login: login(),
        name: parsed(StaffDisplayName, str(values.name), t),
        roles: parseRoles(str(values.role), t),
      };
      const made = await createStaffAccount(deps, input);
      t.audit({ operation: 'ops staff add', targetType: 'staff', targetId: made.staff.login, after: made.staff });
      t.out(`✓ 已新建员工 ${made.staff.login}（${made.staff.name}，${made.staff.roles.join(',')}）`);
      printCredentials(made);
      return true;
    }
    case 'list': {
      const rows = await listStaffAccounts(deps);
      for (const line of t.table(
        ['登录名', '显示名', '角色', '状态', '验证器', '最近登录'],
        rows.map((r) => [
          r.login,
          r.name,
          r.roles.join(','),
          r.state === 'active' ? (r.lockedUntil ? '锁定中' : '启用') : '停用',
          r.totpBound ? '已绑定' : '未绑定',
          r.lastSignInAt ? t.time(r.lastSignInAt) : null,
        ]),
      ))
        t.out(line);
      return true;
    }
    case 'disable': {
      const who = login();
      const why = reason();
      const change = await disableStaffAccount(deps, who, by);
      t.audit({
        operation: 'ops staff disable',
        targetType: 'staff',
        targetId: who,
        before: { state: change.before.state },
        after: { state: change.after.state },
        reason: why,
      });
      t.out(`✓ 已停用 ${who}，其登录已全部结束`);
      return true;
    }
    case 'roles': {
      const who = login();
      const roles = parseRoles(args[2], t);
      const why = reason();
      const change = await setRoles(deps, who, roles, by);
      t.audit({
        operation: 'ops staff roles',
        targetType: 'staff',
        targetId: who,
        before: { roles: change.before.roles },
        after: { roles: change.after.roles },
        reason: why,
      });
      t.out(`✓ ${who} 的角色：${change.after.roles.join(',')}`);
      return true;
    }
    case 'reset': {
      const who = login();
      const why = reason();
      const change = await resetStaffAccount(deps, who, by);
      t.audit({
        operation: 'ops staff reset',
        targetType: 'staff',
        targetId: who,
        before: { state: change.before.state },
        after: { state: change.after.state, passwordReset: true },
        reason: why,
      });
      t.out(`✓ 已重置 ${who}`);
      printCredentials(change);
      return true;
    }
    default:
      return t.usage('staff add | list | disable | roles | reset');
  }
}
