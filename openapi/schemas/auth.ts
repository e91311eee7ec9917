import { z } from 'zod';
import { BbsRole, SnsPlatform } from '../enums';
import { Encrypted, Id, MaskedMobile, Password, QueryEnum, Timestamp, Url } from './common';

export const RsaPublicKey = z
  .object({
    publicKey: z.string().meta({ description: 'PEM 格式的 RSA 公钥（SPKI），客户端用 jsencrypt 加密手机号与验证码' }),
    keyId: z.string().meta({ description: '公钥指纹（SHA-256 前 16 位十六进制），公钥更换时变化' }),
  })
  .meta({ id: 'RsaPublicKey', description: '加密手机号与验证码用的 RSA 公钥' });

/* ---- shared pieces ---- */

export const EncryptedMobile = Encrypted('手机号');
export const EncryptedCode = Encrypted('短信验证码');

const InviteCode = z.string().trim().min(4).max(32);
const TaskHashId = z.string().min(4).max(64);
const Agreement = z.literal(true).meta({ description: '已阅读并同意《用户协议》与《隐私政策》，必须为 true' });

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
  })
  .meta({ id: 'MemberBrief', description: '当前会员的基本信息' });

/** The forum (focus group) context a login may enter. */
export const FocusContext = z
  .object({
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: TaskHashId.meta({ description: '座谈会任务哈希 id，用于 /bbs/{taskHashId}' }),
    topicName: z.string().meta({ description: '会员在该座谈会中的显示名' }),
    topicAvatar: Url.nullable().meta({ description: '会员在该座谈会中的头像' }),
    bbsRole: BbsRole.schema.meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
  })
  .meta({ id: 'FocusContext', description: '论坛（座谈会）上下文' });

export const LoginResult = AuthTokens.extend({
  member: MemberBrief.meta({ description: '当前会员' }),
  isNew: z.boolean().meta({ description: '是否本次新注册' }),
  focus: FocusContext.nullable().meta({
    description: '登录时带了座谈会任务且会员属于该任务时返回；为 null 时客户端重置论坛上下文',
  }),
}).meta({ id: 'LoginResult', description: '登录/注册成功的结果' });

const LoginTask = TaskHashId.optional().meta({ description: '记住的座谈会任务哈希 id（从论坛页跳来登录时携带）' });

/* ---- login and registration ---- */

export const SmsLoginBody = z
  .object({
    mobile: EncryptedMobile,
    code: EncryptedCode,
    taskHashId: LoginTask,
  })
  .meta({ id: 'SmsLoginBody', description: '短信验证码登录；未注册的手机号不会自动注册' });

export const PasswordLoginBody = z
  .object({
    mobile: EncryptedMobile,
    password: z.string().min(1).max(64).meta({ description: '登录密码' }),
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
    refreshToken: z
      .string()
      .min(1)
      .max(256)
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

/* ---- QR login ---- */

export const QrcodeTicket = z
  .object({
    ticket: z.string().meta({ description: '二维码票据，轮询与确认时携带' }),
    url: Url.meta({ description: '二维码内容：手机端打开的确认页地址（已包含票据）' }),
    expiredAt: Timestamp.meta({ description: '二维码过期时间' }),
    pollInterval: z.int().positive().meta({ description: '建议的轮询间隔（毫秒）' }),
  })
  .meta({ id: 'QrcodeTicket', description: '电脑端扫码登录的二维码' });

export const QrcodeCheckQuery = z.object({
  ticket: z.string().min(1).max(128).meta({ description: '二维码票据' }),
});

export const QrcodeStatus = z.enum(['waiting', 'scanned', 'confirmed', 'refused', 'expired']).meta({
  description:
    'waiting 等待扫码；scanned 手机已扫码、等待确认；confirmed 已确认（login 有值，只返回一次）；refused 手机端拒绝；expired 已过期或已使用',
});

export const QrcodeCheck = z
  .object({
    status: QrcodeStatus,
    login: LoginResult.nullable().meta({ description: 'status 为 confirmed 时的登录结果（只返回一次），否则为 null' }),
  })
  .meta({ id: 'QrcodeCheck', description: '扫码登录的轮询结果' });

export const QrcodeConfirmBody = z
  .object({
    ticket: z.string().min(1).max(128).meta({ description: '从二维码中读到的票据' }),
    approve: z.boolean().meta({ description: 'true 允许电脑端登录；false 拒绝' }),
  })
  .meta({ id: 'QrcodeConfirmBody', description: '手机端确认（或拒绝）电脑端扫码登录' });

export const QrcodeScanBody = z
  .object({
    ticket: z.string().min(1).max(128).meta({ description: '从二维码中读到的票据' }),
  })
  .meta({ id: 'QrcodeScanBody', description: '手机端扫码：登记扫码并查看请求登录的设备' });

export const QrcodeDevice = z
  .object({
    browser: z.string().meta({ description: '浏览器，如 Chrome 120；无法识别时为“未知浏览器”' }),
    os: z.string().meta({ description: '操作系统，如 Windows 10/11、macOS；无法识别时为“未知系统”' }),
    description: z.string().meta({ description: '给用户看的设备说明，如“Windows 10/11 上的 Chrome 120”' }),
    ip: z.string().meta({ description: '请求登录的电脑的 IP（脱敏，如 203.0.113.*）' }),
    requestedAt: Timestamp.meta({ description: '电脑端生成二维码的时间' }),
  })
  .meta({ id: 'QrcodeDevice', description: '请求扫码登录的电脑端设备' });

export const QrcodeScanResult = z
  .object({
    status: QrcodeStatus,
    device: QrcodeDevice,
    expiredAt: Timestamp.meta({ description: '二维码过期时间；需在此之前确认' }),
  })
  .meta({ id: 'QrcodeScanResult', description: '扫码结果：请求登录的设备，等待手机端确认或拒绝' });

export const QrcodeConfirmResult = z
  .object({ status: QrcodeStatus })
  .meta({ id: 'QrcodeConfirmResult', description: '确认后二维码的状态' });

/* ---- invite registration ---- */

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
    registered: z.boolean().nullable().meta({ description: '所给手机号是否已注册；未给手机号时为 null' }),
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

/* ---- social login ---- */

export const SnsPurpose = z
  .enum(['login', 'bind'])
  .meta({ description: 'login 第三方登录；bind 已登录会员绑定第三方账号' });

export const SnsProvider = z
  .object({
    platform: SnsPlatform.schema.meta({ description: '第三方平台：1 微信；2 QQ；3 微博；4 支付宝' }),
    name: z.string().meta({ description: '平台名称' }),
  })
  .meta({ id: 'SnsProvider', description: '已配置、可使用的第三方平台' });

export const SnsAuthorizeQuery = z.object({
  platform: QueryEnum(SnsPlatform, '第三方平台：1 微信；2 QQ；3 微博；4 支付宝'),
  purpose: SnsPurpose,
  redirect: z.string().max(512).optional().meta({ description: '授权完成后回到的站内路径，如 /home/user' }),
  mobile: z.enum(['0', '1']).optional().meta({ description: '1 表示手机浏览器（微博使用 display=mobile 等）' }),
});

export const SnsAuthorize = z
  .object({
    url: Url.meta({ description: '第三方授权页地址（含服务端生成的 state）' }),
    state: z.string().meta({ description: '防 CSRF 的 state，回调时原样带回' }),
    expiredAt: Timestamp.meta({ description: 'state 过期时间（10 分钟）' }),
  })
  .meta({ id: 'SnsAuthorize', description: '第三方授权跳转信息' });

export const SnsCallbackQuery = z.object({
  code: z
    .string()
    .min(1)
    .max(512)
    .meta({ description: '第三方返回的授权码（支付宝为 auth_code，客户端统一以 code 传入）' }),
  state: z.string().min(1).max(256).meta({ description: '发起授权时的 state' }),
});

const SnsRedirect = z
  .string()
  .nullable()
  .optional()
  .meta({ description: '发起授权时给的站内回跳路径（authorize 的 redirect）；没有时为 null' });

export const SnsBindTicket = z
  .object({
    status: z.literal('bind').meta({ description: '该第三方账号尚未关联会员：需用手机号绑定或注册' }),
    bindTicket: z.string().meta({ description: '绑定票据，调用 /v1/auth/sns/bind 或 /v1/auth/sns/register 时携带' }),
    platform: SnsPlatform.schema.meta({ description: '第三方平台' }),
    nickname: z.string().nullable().meta({ description: '第三方昵称' }),
    avatar: Url.nullable().meta({ description: '第三方头像' }),
    expiredAt: Timestamp.meta({ description: '绑定票据过期时间' }),
    redirect: SnsRedirect,
  })
  .meta({ id: 'SnsBindTicket', description: '第三方账号待绑定' });

export const SnsLoggedIn = LoginResult.extend({
  status: z.literal('login').meta({ description: '已关联会员，登录成功' }),
  redirect: SnsRedirect,
}).meta({ id: 'SnsLoggedIn', description: '第三方登录成功' });

export const SnsCallbackResult = z
  .discriminatedUnion('status', [SnsLoggedIn, SnsBindTicket])
  .meta({ id: 'SnsCallbackResult', description: '第三方登录回调结果：login 直接登录；bind 需要绑定手机号' });

export const SnsBindBody = z
  .object({
    bindTicket: z.string().min(1).max(256).meta({ description: '回调返回的绑定票据' }),
    mobile: EncryptedMobile,
    code: EncryptedCode,
  })
  .meta({ id: 'SnsBindBody', description: '把第三方账号绑定到已注册的手机号并登录' });

export const SnsRegisterBody = z
  .object({
    bindTicket: z.string().min(1).max(256).meta({ description: '回调返回的绑定票据' }),
    mobile: EncryptedMobile,
    code: EncryptedCode,
    inviteCode: InviteCode.optional().meta({ description: '可选：邀请码' }),
    agreement: Agreement,
  })
  .meta({ id: 'SnsRegisterBody', description: '用第三方账号 + 手机号注册新会员并登录' });
