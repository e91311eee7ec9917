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

export const StaffMe = z
  .object({
    id: Id,
    login: z.string(),
    name: z.string().meta({ description: '显示名（会员在回复里看到的名字）' }),
    roles: z.array(StaffRoleSchema),
    permissions: z.array(PermissionSchema),
    sessionExpiresAt: Timestamp.meta({ description: '本次登录最迟到期时间（12 小时）' }),
  })
  .meta({ id: 'StaffMe' });

export const StaffSignInBody = z.object({
  login: StaffLogin,
  password: z.string().min(1, '请输入密码').max(128),
});

export const StaffSignInStep = z
  .object({
    ticket: z.string().meta({ description: '第二步用的凭据，5 分钟内有效' }),
    totpSetup: z
      .object({
        otpauthUri: z.string().meta({ description: 'otpauth:// 地址，用身份验证器扫码绑定' }),
        secret: z.string().meta({ description: '无法扫码时手动输入的密钥（Base32）' }),
      })
      .nullable()
      .meta({ description: '首次登录：绑定身份验证器；已绑定时为 null' }),
    mustChangePassword: z.boolean().meta({ description: '首次登录或重置后须设置新密码' }),
  })
  .meta({ id: 'StaffSignInStep' });

export const StaffSignInVerifyBody = z.object({
  ticket: z.string().min(1).max(128),
  code: TotpCode,
  newPassword: StaffPassword.optional().meta({ description: '须改密码时必填' }),
});

export const StaffSession = z
  .object({
    token: z.string().meta({ description: '管理后台会话凭据（只用于 /api/admin/ 下的调用）' }),
    staff: StaffMe,
  })
  .meta({ id: 'StaffSession' });

export const StaffRow = z
  .object({
    id: Id,
    login: z.string(),
    name: z.string(),
    roles: z.array(StaffRoleSchema),
    state: z.enum(['active', 'disabled']),
    totpBound: z.boolean(),
    lockedUntil: Timestamp.nullable(),
    lastSignInAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'StaffRow' });

export const StaffList = z.object({ list: z.array(StaffRow) }).meta({ id: 'StaffList' });

export const CreateStaffBody = z.object({
  login: StaffLogin,
  name: StaffDisplayName,
  roles: z.array(StaffRoleSchema).min(1, '至少选择一个角色'),
});

/** A new or reset account's one-time password and authenticator secret, shown once. */
export const StaffCredentials = z
  .object({
    staff: StaffRow,
    oneTimePassword: z.string(),
    totpSecret: z.string().meta({ description: 'Base32 密钥' }),
  })
  .meta({ id: 'StaffCredentials' });

export const StaffLoginParam = z.object({ login: StaffLogin.meta({ description: '员工登录名' }) });

export const StaffRolesBody = z.object({
  roles: z.array(StaffRoleSchema).min(1, '至少选择一个角色'),
  reason: Reason,
  totp: TotpCode,
});

export const StaffStateBody = z.object({ reason: Reason, totp: TotpCode });

export const AuditQuery = PageQuery.extend({
  staff: z.string().trim().max(32).optional().meta({ description: '员工登录名' }),
  operation: z.string().trim().max(64).optional().meta({ description: '操作 id' }),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: z.coerce.number().int().nonnegative().optional().meta({ description: '起始时间（毫秒）' }),
  to: z.coerce.number().int().nonnegative().optional().meta({ description: '截止时间（毫秒，不含）' }),
});

export const AuditRow = z
  .object({
    id: z.int().positive(),
    at: Timestamp,
    staffId: Id.nullable(),
    staffLogin: z.string(),
    staffRoles: z.array(z.string()),
    channel: z.enum(['console', 'cli']),
    operation: z.string(),
    operationName: z.string().meta({ description: '操作的中文名' }),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'AuditRow' });

export const AuditPage = z
  .object({ list: z.array(AuditRow), total: z.int().nonnegative(), page: z.int(), pageSize: z.int() })
  .meta({ id: 'AuditPage' });

export const AuditVerification = z
  .object({
    intact: z.boolean(),
    rows: z.int().nonnegative().meta({ description: '检查过的行数' }),
    firstBrokenId: z.int().positive().nullable().meta({ description: '第一处不一致的行号' }),
    problem: z.string().nullable().meta({ description: '不一致的说明' }),
  })
  .meta({ id: 'AuditVerification' });

export const ConsoleQueue = z.object({
  key: z.string(),
  title: z.string(),
  count: z.int().nonnegative(),
  oldestAt: Timestamp.nullable().meta({ description: '最早一条的时间' }),
});

export const ConsoleHome = z.object({ queues: z.array(ConsoleQueue) }).meta({ id: 'ConsoleHome' });
