/**
 * Login, registration and tokens: the bodies of every way in and the tokens that come back.
 */
import { z } from 'zod';
import { BbsRole } from '../enums';
import { Encrypted, HashId, Id, MaskedMobile, NonEmpty, Password, Timestamp, Url } from './common';
import { enumSchema } from './enum';

export const RsaPublicKey = z
  .object({
    publicKey: z.string().meta({ description: 'PEM 格式的 RSA 公钥（SPKI），客户端用 jsencrypt 加密手机号与验证码' }),
    keyId: z.string().meta({ description: '公钥指纹（SHA-256 前 16 位十六进制），公钥更换时变化' }),
  })
  .meta({ id: 'RsaPublicKey', description: '加密手机号与验证码用的 RSA 公钥' });

export const EncryptedMobile = Encrypted('手机号');

export const EncryptedCode = Encrypted('短信验证码');

export const InviteCode = z.string().trim().min(4).max(32);

export const Agreement = z.literal(true).meta({ description: '已阅读并同意《用户协议》与《隐私政策》，必须为 true' });

/** Token triple of spec §4. */
export const AuthTokens = z
  .object({
    token: z.string().meta({ description: '访问令牌，请求头 Authorization: Bearer <token>' }),
    refreshToken: z.string().meta({ description: '刷新令牌（不透明字符串），每次刷新都会轮换' }),
    expired: Timestamp.meta({ description: '访问令牌过期时间（毫秒时间戳）；到期前 90 秒起应刷新' }),
  })
  .meta({ id: 'AuthTokens', description: '登录令牌' });

/** What the header and guards need right after login (spec §3 "Login state"). */
export const MemberBrief = z
  .object({
    id: Id.meta({ description: '会员 id（memberId）' }),
    memberCode: z.string().meta({ description: '会员编号，对外展示' }),
    nickname: z.string().meta({ description: '昵称' }),
    avatar: Url.nullable().meta({ description: '头像地址；未设置时为 null' }),
    mobile: MaskedMobile.nullable().meta({ description: '脱敏手机号；未绑定时为 null' }),
    registeredAt: Timestamp.meta({ description: '注册时间' }),
  })
  .meta({ id: 'MemberBrief', description: '当前会员的基本信息' });

/** The forum (focus group) context a login may enter. */
export const FocusContext = z
  .object({
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: HashId.meta({ description: '座谈会任务哈希 id，用于 /bbs/{taskHashId}' }),
    topicName: z.string().meta({ description: '会员在该座谈会中的显示名' }),
    topicAvatar: Url.nullable().meta({ description: '会员在该座谈会中的头像' }),
    bbsRole: enumSchema(BbsRole).meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
  })
  .meta({ id: 'FocusContext', description: '论坛（座谈会）上下文' });

export const LoginResult = AuthTokens.extend({
  member: MemberBrief.meta({ description: '当前会员' }),
  isNew: z.boolean().meta({ description: '是否本次新注册' }),
  focus: FocusContext.nullable().meta({
    description: '登录时带了座谈会任务且会员属于该任务时返回；为 null 时客户端重置论坛上下文',
  }),
}).meta({ id: 'LoginResult', description: '登录/注册成功的结果' });

const LoginTask = HashId.optional().meta({ description: '记住的座谈会任务哈希 id（从论坛页跳来登录时携带）' });

export const SmsLoginBody = z
  .object({
    mobile: EncryptedMobile,
    code: EncryptedCode,
    agreement: z.boolean().optional().meta({
      description:
        '已阅读并同意《用户协议》与《隐私政策》：未注册的手机号登录即注册，须为 true（否则 1122）；已注册的手机号可不传',
    }),
    taskHashId: LoginTask,
  })
  .meta({
    id: 'SmsLoginBody',
    description: '短信验证码登录；未注册的手机号在同意协议后登录即注册（与短信注册同样的规则）',
  });

export const PasswordLoginBody = z
  .object({
    mobile: EncryptedMobile,
    password: NonEmpty(64).meta({ description: '登录密码' }),
    taskHashId: LoginTask,
  })
  .meta({ id: 'PasswordLoginBody', description: '手机号 + 密码登录' });

export const SmsRegisterBody = z
  .object({
    mobile: EncryptedMobile,
    code: EncryptedCode,
    password: Password.optional().meta({ description: '可选：同时设置登录密码，8–64 位' }),
    inviteCode: InviteCode.optional().meta({ description: '可选：邀请码' }),
    agreement: Agreement,
    taskHashId: LoginTask,
  })
  .meta({ id: 'SmsRegisterBody', description: '短信验证码注册' });

export const TokenRefreshBody = z
  .object({
    token: z.string().meta({ description: '当前（可能已过期的）访问令牌' }),
    refreshToken: z.string().min(1).meta({ description: '当前刷新令牌；用过即作废，重复使用会吊销整个令牌族' }),
  })
  .meta({ id: 'TokenRefreshBody' });

export const LogoutBody = z
  .object({
    refreshToken: NonEmpty(256)
      .optional()
      .meta({ description: '可选：当前刷新令牌；与访问令牌同属的登录会话一并吊销' }),
  })
  .meta({ id: 'LogoutBody', description: '退出登录：吊销本次登录会话（令牌族）' });

export const PasswordResetBody = z
  .object({
    mobile: EncryptedMobile,
    code: EncryptedCode,
    password: Password.meta({ description: '新密码，8–64 位' }),
  })
  .meta({ id: 'PasswordResetBody', description: '忘记密码：用短信验证码重设密码；成功后该会员所有令牌失效' });

export const InviteCheckBody = z
  .object({
    inviteCode: InviteCode.meta({ description: '邀请码' }),
    mobile: Encrypted('手机号')
      .optional()
      .meta({ description: '可选：被邀请人手机号（RSA 公钥加密后的 base64 密文），用于判断是否已注册' }),
  })
  .meta({ id: 'InviteCheckBody' });

export const InviteCheck = z
  .object({
    valid: z.boolean().meta({ description: '邀请码是否有效' }),
    inviter: z
      .object({
        nickname: z.string().meta({ description: '邀请人昵称（脱敏）' }),
        avatar: Url.nullable().meta({ description: '邀请人头像' }),
      })
      .nullable()
      .meta({ description: '邀请人；邀请码无效时为 null' }),
    registered: z
      .boolean()
      .nullable()
      .meta({ description: '所给手机号是否已注册；未给手机号，或本 IP / 设备的查询次数已用完时为 null' }),
    rewardPoints: z.int().nonnegative().meta({ description: '被邀请人注册并完成首个任务可得的微豆' }),
  })
  .meta({ id: 'InviteCheck', description: '邀请码校验结果' });

export const InviteCodeBody = z
  .object({
    inviteCode: InviteCode.meta({ description: '邀请码' }),
    mobile: EncryptedMobile,
  })
  .meta({ id: 'InviteCodeBody', description: '向被邀请人手机号发送注册验证码' });

export const InviteRegisterBody = z
  .object({
    inviteCode: InviteCode.meta({ description: '邀请码' }),
    mobile: EncryptedMobile,
    code: EncryptedCode,
    password: Password.optional().meta({ description: '可选：同时设置登录密码' }),
    agreement: Agreement,
  })
  .meta({ id: 'InviteRegisterBody', description: '通过邀请链接注册' });

/** `data` of LOGIN_LOCKED (1107). */
export const LoginLockWait = z
  .object({
    retryAfter: z.int().positive().meta({ description: '多少秒后可以再次尝试登录' }),
  })
  .meta({ id: 'LoginLockWait', description: '登录已锁定：还需等待的秒数' });

/** `data` of WRONG_CREDENTIALS (1106) when few tries are left before LOGIN_LOCKED. */
export const LoginTriesLeft = z
  .object({
    remainingTries: z.int().min(1).max(2).meta({ description: '锁定前还可尝试的次数（只在剩 2 次及以下时给出）' }),
  })
  .meta({ id: 'LoginTriesLeft', description: '手机号或密码错误：锁定前还可尝试的次数' });
