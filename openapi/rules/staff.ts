/**
 * Staff of the operations console: the roles, the permission each console operation needs, and the
 * sign-in rules. One table for the server (`handle()` refuses an operation whose permission the
 * staff's roles lack), the console (which pages and buttons to show) and the CLI.
 */
import { z } from 'zod';

export const STAFF_ROLES = ['support', 'finance', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  support: '客服',
  finance: '财务',
  content: '内容运营',
  admin: '管理员',
};

/** Every permission a console operation can need, with what staff read in the console. */
export const PERMISSIONS = {
  'console.home': '进入管理后台',
  'member.read': '查看会员资料（手机号、证件号脱敏）',
  'member.reveal': '查看完整手机号和证件号',
  'member.freeze': '冻结与解冻会员',
  'member.sessions': '结束会员的全部登录',
  'member.message': '给会员发站内消息',
  'balance.adjust': '发起微豆调整',
  'balance.approve': '复核大额微豆调整',
  'exchange.review': '审核兑换订单',
  'feedback.desk': '处理反馈工单',
  'content.publish': '发布站点内容',
  'staff.manage': '管理员工账号与角色',
  'audit.read': '查看与导出审计日志',
  'site.manage': '修改站点设置（维护、运营主体）',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** What each role may do; a staff member with several roles may do what any of them may. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  support: ['console.home', 'member.read', 'member.freeze', 'member.sessions', 'member.message', 'feedback.desk'],
  finance: ['console.home', 'member.read', 'balance.adjust', 'balance.approve', 'exchange.review'],
  content: ['console.home', 'content.publish'],
  admin: PERMISSION_NAMES,
};

export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  const held = new Set(roles.flatMap((r) => ROLE_PERMISSIONS[r] ?? []));
  return PERMISSION_NAMES.filter((p) => held.has(p));
}

export const mayDo = (roles: readonly StaffRole[], permission: Permission) =>
  roles.some((r) => ROLE_PERMISSIONS[r]?.includes(permission));

/** Console sessions end after 30 idle minutes, and 12 hours after sign-in whatever happens. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 3_600_000;
/** 5 wrong passwords or codes within 15 minutes lock the account for 15 minutes. */
export const STAFF_LOCK_TRIES = 5;
export const STAFF_LOCK_MS = 15 * 60_000;
/** The step between password and code: valid 5 minutes. */
export const SIGN_IN_TICKET_MS = 5 * 60_000;
/** An adjustment above this many 微豆 waits for a second finance or admin account (site setting). */
export const FOUR_EYES_DEFAULT_THRESHOLD = 5_000;
/** The most 微豆 one adjustment may move either way. */
export const ADJUSTMENT_MAX = 10_000_000;

/** What is wrong with a signed adjustment amount (a whole number, not 0, within ADJUSTMENT_MAX), or null. */
export function adjustmentAmountProblem(amount: number): string | null {
  if (!Number.isInteger(amount)) return '调整数量须为整数';
  if (amount === 0) return '调整数量不能为 0';
  if (Math.abs(amount) > ADJUSTMENT_MAX) return '调整数量过大';
  return null;
}

export const StaffRoleSchema = z
  .enum(STAFF_ROLES)
  .meta({ description: '角色：support 客服，finance 财务，content 内容运营，admin 管理员' });
export const PermissionSchema = z.enum(PERMISSION_NAMES as [Permission, ...Permission[]]);

export const StaffLogin = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9._-]{2,31}$/, '登录名为 3–32 位小写字母、数字、点、横线或下划线，以字母开头');

export const StaffDisplayName = z.string().trim().min(2, '显示名至少 2 个字').max(16, '显示名最多 16 个字');

/** A staff password: 10–64 characters with letters and digits (the console guards money). */
export const StaffPassword = z
  .string()
  .min(10, '密码至少 10 位')
  .max(64, '密码最多 64 位')
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), '密码需同时包含字母和数字');

/** A 6-digit authenticator code. */
export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入 6 位动态验证码');

/** Why a staff member made a change: shown in the audit log and, where said, to the member. */
export const Reason = z
  .string()
  .trim()
  .min(2, '请填写原因（至少 2 个字）')
  .max(200, '原因最多 200 个字')
  .meta({ description: '原因（写入审计日志）' });
