/** The operations console: staff sign-in, staff accounts, the audit log and the home queues. */
import { z } from 'zod';
import {
  PermissionSchema,
  Reason,
  StaffDisplayName,
  StaffLogin,
  StaffPassword,
  StaffRoleSchema,
  TotpCode,
} from '../rules/staff';
import { Id, PageQuery, Timestamp } from './common';

const d = (description: string) => ({ description });
/** 2100-01-01: a time filter beyond it is a typo, not a date the database can hold. */
const LATEST = 4_102_444_800_000;
const LoginField = StaffLogin.meta(d('员工登录名'));
const Roles = z.array(StaffRoleSchema).meta(d('角色（可多个）'));
const ReasonField = Reason.meta(d('原因（写入审计日志）'));
const FreshCode = TotpCode.meta(d('身份验证器上的新动态验证码（敏感操作须再次验证）'));

export const StaffMe = z
  .object({
    id: Id,
    login: z.string().meta(d('登录名')),
    name: z.string().meta(d('显示名（会员在回复里看到的名字）')),
    roles: Roles,
    permissions: z.array(PermissionSchema).meta(d('这些角色合起来拥有的权限')),
    sessionExpiresAt: Timestamp.meta(d('本次登录最迟到期时间（12 小时）')),
  })
  .meta({ id: 'StaffMe', description: '当前员工' });

export const StaffSignInBody = z.object({
  login: LoginField,
  password: z.string().min(1, '请输入密码').max(128).meta(d('密码')),
});

export const StaffSignInStep = z
  .object({
    ticket: z.string().meta(d('第二步用的凭据，5 分钟内有效')),
    totpSetup: z
      .object({
        otpauthUri: z.string().meta(d('otpauth:// 地址，用身份验证器扫码绑定')),
        secret: z.string().meta(d('无法扫码时手动输入的密钥（Base32）')),
      })
      .nullable()
      .meta(d('首次登录：绑定身份验证器；已绑定时为 null')),
    mustChangePassword: z.boolean().meta(d('首次登录或重置后须设置新密码')),
  })
  .meta({ id: 'StaffSignInStep', description: '密码正确：接下来输入动态验证码' });

export const StaffSignInVerifyBody = z.object({
  ticket: z.string().min(1).max(128).meta(d('第一步返回的凭据')),
  code: TotpCode.meta(d('身份验证器上的 6 位动态验证码')),
  newPassword: StaffPassword.optional().meta(d('新密码：须改密码时必填（10–64 位，含字母和数字）')),
});

export const StaffSession = z
  .object({
    token: z.string().meta(d('管理后台会话凭据（只用于 /api/admin/ 下的调用）')),
    staff: StaffMe,
  })
  .meta({ id: 'StaffSession', description: '登录成功' });

export const StaffRow = z
  .object({
    id: Id,
    login: z.string().meta(d('登录名')),
    name: z.string().meta(d('显示名')),
    roles: Roles,
    state: z.enum(['active', 'disabled']).meta(d('状态：active 启用，disabled 停用')),
    totpBound: z.boolean().meta(d('是否已绑定身份验证器')),
    lockedUntil: Timestamp.nullable().meta(d('因错误次数过多锁定到何时；未锁定为 null')),
    lastSignInAt: Timestamp.nullable().meta(d('最近一次登录时间')),
    createdAt: Timestamp.meta(d('创建时间')),
  })
  .meta({ id: 'StaffRow', description: '员工账号' });

export const StaffList = z
  .object({ list: z.array(StaffRow).meta(d('全部员工')) })
  .meta({ id: 'StaffList', description: '员工列表' });

export const CreateStaffBody = z.object({
  login: LoginField,
  name: StaffDisplayName.meta(d('显示名（会员在回复里看到的名字）')),
  roles: z.array(StaffRoleSchema).min(1, '至少选择一个角色').meta(d('角色（至少一个）')),
});

/** A new or reset account's one-time password and authenticator secret, shown once. */
export const StaffCredentials = z
  .object({
    staff: StaffRow,
    oneTimePassword: z.string().meta(d('一次性密码（只显示这一次；首次登录须改密码）')),
    totpSecret: z.string().meta(d('身份验证器密钥 Base32（只显示这一次）')),
  })
  .meta({ id: 'StaffCredentials', description: '新账号的登录凭据' });

export const StaffLoginParam = z.object({ login: LoginField });

export const StaffRolesBody = z.object({
  roles: z.array(StaffRoleSchema).min(1, '至少选择一个角色').meta(d('新的角色（至少一个）')),
  reason: ReasonField,
  totp: FreshCode,
});

export const StaffStateBody = z.object({ reason: ReasonField, totp: FreshCode });

export const AuditQuery = PageQuery.extend({
  staff: z.string().trim().max(32).optional().meta(d('员工登录名')),
  operation: z.string().trim().max(64).optional().meta(d('操作 id')),
  targetType: z.string().trim().max(32).optional().meta(d('对象类型，如 member、exchange、staff')),
  targetId: z.string().trim().max(64).optional().meta(d('对象 id')),
  from: z.coerce.number().int().nonnegative().max(LATEST).optional().meta(d('起始时间（毫秒）')),
  to: z.coerce.number().int().nonnegative().max(LATEST).optional().meta(d('截止时间（毫秒，不含）')),
});

export const AuditRow = z
  .object({
    id: z.int().positive().meta(d('行号（从 1 起连续）')),
    at: Timestamp.meta(d('时间')),
    staffId: Id.nullable().meta(d('员工 id；初始化第一个管理员时为 null')),
    staffLogin: z.string().meta(d('员工登录名')),
    staffRoles: z.array(z.string()).meta(d('当时的角色')),
    channel: z.enum(['console', 'cli']).meta(d('来源：console 管理后台，cli 命令行')),
    operation: z.string().meta(d('操作 id')),
    operationName: z.string().meta(d('操作的中文名')),
    targetType: z.string().nullable().meta(d('对象类型')),
    targetId: z.string().nullable().meta(d('对象 id')),
    before: z.unknown().meta(d('改动前（JSON，可为 null）')),
    after: z.unknown().meta(d('改动后（JSON，可为 null）')),
    reason: z.string().nullable().meta(d('原因')),
    ip: z.string().nullable().meta(d('IP 地址')),
    userAgent: z.string().nullable().meta(d('浏览器标识')),
    hash: z.string().meta(d('本行哈希（含上一行的哈希）')),
  })
  .meta({ id: 'AuditRow', description: '一条审计记录' });

export const AuditPage = z
  .object({
    list: z.array(AuditRow).meta(d('本页记录，新的在前')),
    total: z.int().nonnegative().meta(d('符合条件的总数')),
    page: z.int().meta(d('页码')),
    pageSize: z.int().meta(d('每页条数')),
  })
  .meta({ id: 'AuditPage', description: '审计日志的一页' });

export const AuditVerification = z
  .object({
    intact: z.boolean().meta(d('哈希链是否完好')),
    rows: z.int().nonnegative().meta(d('检查过的行数')),
    firstBrokenId: z.int().positive().nullable().meta(d('第一处不一致的行号')),
    problem: z.string().nullable().meta(d('不一致的说明')),
  })
  .meta({ id: 'AuditVerification', description: '哈希链校验结果' });

export const ConsoleQueue = z.object({
  key: z.string().meta(d('队列标识')),
  title: z.string().meta(d('队列名称')),
  count: z.int().nonnegative().meta(d('待处理数量')),
  oldestAt: Timestamp.nullable().meta(d('最早一条的时间')),
});

export const ConsoleHome = z
  .object({ queues: z.array(ConsoleQueue).meta(d('我的角色要处理的队列')) })
  .meta({ id: 'ConsoleHome', description: '工作台' });

/** `data` of STAFF_LOCKED (1202). */
export const StaffLockWait = z
  .object({ retryAfter: z.int().positive().meta(d('多少秒后可以再次尝试')) })
  .meta({ id: 'StaffLockWait', description: '账号已锁定：还需等待的秒数' });
