import { z } from 'zod';
import {
  BbsRole,
  CreditSource,
  Education,
  Gender,
  IdVerifyState,
  IncomeRange,
  MaritalStatus,
  Occupation,
  SnsPlatform,
} from '../enums';
import {
  Encrypted,
  Email,
  Id,
  Masked,
  MaskedMobile,
  Mobile,
  Page,
  PageQuery,
  Password,
  Points,
  QueryEnum,
  QueryId,
  Timestamp,
  Day,
  Url,
} from './common';

const platformDescription = '第三方平台：1 微信；2 QQ；3 微博；4 支付宝';

/* ---- account ---- */

export const Account = z
  .object({
    id: Id.meta({ description: '会员 id（memberId）' }),
    memberCode: z.string().meta({ description: '会员编号，对外展示' }),
    nickname: z.string().meta({ description: '昵称' }),
    avatar: Url.nullable().meta({ description: '头像地址；未设置时为 null' }),
    mobile: MaskedMobile.nullable().meta({ description: '脱敏手机号；未绑定时为 null' }),
    email: Masked.nullable().meta({ description: '脱敏邮箱；未绑定时为 null' }),
    hasPassword: z.boolean().meta({ description: '是否已设置登录密码' }),
    idVerifyState: IdVerifyState.schema.meta({ description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过' }),
    points: Points.meta({ description: '当前微豆余额' }),
    credit: z.int().nonnegative().meta({ description: '当前权益值' }),
    level: z.int().nonnegative().meta({ description: '权益等级' }),
    basicSurveyDone: z.boolean().meta({ description: '是否已完成个人属性问卷' }),
    newMessage: z.boolean().meta({ description: '是否有未读消息（消息铃铛红点）' }),
    registeredAt: Timestamp.meta({ description: '注册时间' }),
    role: z.int().nonnegative().meta({ description: '站点角色：0 普通会员' }),
    bbsRole: BbsRole.schema.meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
  })
  .meta({ id: 'Account', description: '当前会员的账户信息（也作为“当前用户信息”）' });

/* ---- social bindings ---- */

export const SnsBinding = z
  .object({
    platform: SnsPlatform.schema.meta({ description: platformDescription }),
    bound: z.boolean().meta({ description: '是否已绑定' }),
    available: z.boolean().meta({ description: '该平台是否已配置、可绑定' }),
    nickname: z.string().nullable().meta({ description: '第三方昵称；未绑定时为 null' }),
    avatar: Url.nullable().meta({ description: '第三方头像；未绑定时为 null' }),
    boundAt: Timestamp.nullable().meta({ description: '绑定时间；未绑定时为 null' }),
  })
  .meta({ id: 'SnsBinding', description: '一个第三方平台的绑定情况' });

export const SnsUnbindBody = z
  .object({
    platform: SnsPlatform.schema.meta({ description: platformDescription }),
  })
  .meta({ id: 'SnsUnbindBody', description: '解绑第三方账号（不能解绑唯一的登录方式）' });

export const SnsOAuthBindBody = z
  .object({
    code: z.string().min(1).max(512).meta({ description: '第三方回调带回的授权码（OAuth code，非短信验证码）' }),
    state: z
      .string()
      .min(1)
      .max(256)
      .meta({ description: '发起授权时的 state（/v1/auth/sns/authorize，purpose=bind）' }),
  })
  .meta({ id: 'SnsOAuthBindBody', description: '已登录会员绑定第三方账号' });

/* ---- check-in ---- */

export const CheckinStatus = z
  .object({
    checkedToday: z.boolean().meta({ description: '今天是否已签到' }),
    today: Day.meta({ description: '今天（北京时间）' }),
    streak: z.int().nonnegative().meta({ description: '连续签到天数（含今天，如已签到）' }),
    todayReward: Points.meta({ description: '今天签到可得（或已得）的微豆' }),
    checkedDays: z.array(Day).meta({ description: '本月已签到的日期' }),
    rewards: z
      .array(
        z.object({
          day: z.int().min(1).meta({ description: '连续签到第几天' }),
          points: Points.meta({ description: '该天签到奖励的微豆' }),
        }),
      )
      .meta({ description: '连续签到奖励规则（第 N 天得多少微豆），超出最后一档按最后一档' }),
  })
  .meta({ id: 'CheckinStatus', description: '每日签到状态' });

export const CheckinResult = z
  .object({
    points: Points.meta({ description: '本次签到获得的微豆' }),
    streak: z.int().min(1).meta({ description: '签到后的连续签到天数' }),
    balance: Points.meta({ description: '签到后的微豆余额' }),
  })
  .meta({ id: 'CheckinResult', description: '签到结果；今天已签到时返回结果码 5629' });

/* ---- credit (权益值) ---- */

export const CreditSummary = z
  .object({
    value: z.int().nonnegative().meta({ description: '当前权益值' }),
    level: z.int().nonnegative().meta({ description: '权益等级' }),
    levelName: z.string().meta({ description: '等级名称' }),
    nextLevelValue: z
      .int()
      .nonnegative()
      .nullable()
      .meta({ description: '升到下一级所需的累计权益值；已是最高级时为 null' }),
    totalEarned: z.int().nonnegative().meta({ description: '累计获得的权益值' }),
    expiringValue: z.int().nonnegative().meta({ description: '即将过期的权益值' }),
    expiringAt: Timestamp.nullable().meta({ description: '即将过期权益值的过期时间；没有时为 null' }),
    levels: z
      .array(
        z
          .object({
            level: z.int().nonnegative().meta({ description: '等级' }),
            name: z.string().meta({ description: '等级名称' }),
            minValue: z.int().nonnegative().meta({ description: '达到该等级所需的累计权益值' }),
          })
          .meta({ id: 'CreditLevel', description: '一个权益等级' }),
      )
      .meta({ description: '全部等级及门槛，从低到高' }),
  })
  .meta({ id: 'CreditSummary', description: '我的权益值与等级（等级按累计获得的权益值计算，消耗不降级）' });

export const CreditRecord = z
  .object({
    id: Id.meta({ description: '记录 id' }),
    change: z.int().meta({ description: '权益值变动，正数为获得，负数为消耗' }),
    balance: z.int().nonnegative().meta({ description: '变动后的权益值' }),
    source: CreditSource.schema.meta({
      description: '来源：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
    }),
    reason: z.string().meta({ description: '说明，如任务名称' }),
    createdAt: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'CreditRecord', description: '一条权益值明细' });

export const CreditListQuery = PageQuery.extend({
  source: QueryEnum(
    CreditSource,
    '按来源筛选（可选）：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
  )
    .optional()
    .meta({
      description:
        '按来源筛选（可选）：1 完成任务；2 答题质量；3 邀请好友；4 兑换权益；5 活动奖励；6 人工调整；7 过期清零',
    }),
  direction: z.enum(['in', 'out']).optional().meta({ description: '可选：in 只看获得；out 只看消耗' }),
});

export const CreditPage = Page(CreditRecord).meta({ id: 'CreditPage', description: '权益值明细分页' });

export const InviteCreditRecord = z
  .object({
    id: Id.meta({ description: '记录 id' }),
    invitee: z.string().meta({ description: '被邀请人昵称（脱敏）' }),
    inviteeAvatar: Url.nullable().meta({ description: '被邀请人头像' }),
    change: z.int().meta({ description: '获得的权益值' }),
    reason: z.string().meta({ description: '说明，如“好友完成首个有效问卷”' }),
    createdAt: Timestamp.meta({ description: '发生时间' }),
  })
  .meta({ id: 'InviteCreditRecord', description: '一条邀请得到的权益值记录' });

export const InviteCreditPage = Page(InviteCreditRecord).meta({
  id: 'InviteCreditPage',
  description: '邀请权益值明细分页',
});

/* ---- invite ---- */

export const InviteInfo = z
  .object({
    inviteCode: z.string().meta({ description: '我的邀请码' }),
    inviteUrl: Url.meta({ description: '邀请链接（/app/invite?code=…）' }),
    invitedCount: z.int().nonnegative().meta({ description: '已邀请注册人数' }),
    activeCount: z.int().nonnegative().meta({ description: '其中已成为活跃会员（完成首个有效任务）的人数' }),
    rewardPoints: Points.meta({ description: '通过邀请累计获得的微豆' }),
    rewardCredit: z.int().nonnegative().meta({ description: '通过邀请累计获得的权益值' }),
    registerReward: Points.meta({ description: '好友通过我的邀请注册后，我可得的微豆' }),
    inviterReward: Points.meta({ description: '好友完成首个有效任务（成为活跃会员）后，我再得的微豆' }),
    activeCredit: z.int().nonnegative().meta({ description: '好友成为活跃会员后，我可得的权益值' }),
    inviteeReward: Points.meta({ description: '被邀请人可得的新人微豆（0 为无）' }),
    withheldCount: z.int().nonnegative().meta({ description: '因风控未发放奖励的好友人数' }),
    rules: z.array(z.string()).meta({ description: '活动规则，每条一段' }),
  })
  .meta({ id: 'InviteInfo', description: '我的邀请' });

export const InviteRewardState = z
  .object({
    state: z
      .enum(['waiting', 'granted', 'withheld'])
      .meta({ description: 'waiting 尚未达成（等待好友完成首个有效任务）；granted 已发放；withheld 未发放（风控）' }),
    points: Points.meta({ description: '已发放的微豆；未发放为 0' }),
    reason: z.string().nullable().meta({ description: '未发放的原因（zh-CN）；其他状态为 null' }),
    at: Timestamp.nullable().meta({ description: '发放或判定未发放的时间；等待中为 null' }),
  })
  .meta({ id: 'InviteRewardState', description: '一项邀请奖励的状态' });

export const Invitee = z
  .object({
    id: Id.meta({ description: '邀请记录 id' }),
    nickname: z.string().meta({ description: '被邀请人昵称（脱敏）' }),
    avatar: Url.nullable().meta({ description: '被邀请人头像' }),
    mobile: MaskedMobile.nullable().meta({ description: '被邀请人脱敏手机号' }),
    registeredAt: Timestamp.meta({ description: '注册时间' }),
    active: z.boolean().meta({ description: '是否已成为活跃会员（完成首个有效任务）' }),
    activatedAt: Timestamp.nullable().meta({ description: '成为活跃会员的时间；尚未时为 null' }),
    rewardPoints: Points.meta({ description: '因该好友获得的微豆' }),
    registerReward: InviteRewardState.meta({ description: '好友注册奖励' }),
    firstTaskReward: InviteRewardState.meta({ description: '好友首个有效任务奖励' }),
  })
  .meta({ id: 'Invitee', description: '一位被我邀请的好友' });

export const InviteeListQuery = PageQuery.extend({
  active: z.enum(['0', '1']).optional().meta({ description: '可选：1 只看活跃；0 只看未活跃' }),
});

export const InviteePage = Page(Invitee).meta({ id: 'InviteePage', description: '我邀请的好友分页' });

/* ---- profile ---- */

export const NicknameBody = z
  .object({
    nickname: z
      .string()
      .trim()
      .min(2, '昵称至少 2 个字')
      .max(16, '昵称最多 16 个字')
      .meta({ description: '新昵称，2–16 个字' }),
  })
  .meta({ id: 'NicknameBody' });

export const ChangeMobileBody = z
  .object({
    mobile: Encrypted('新手机号'),
    code: Encrypted('新手机号收到的短信验证码'),
    verifyTicket: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: '原手机号验证票据（/v1/sms/check，scene=change_mobile）；首次绑定手机时省略' }),
  })
  .meta({ id: 'ChangeMobileBody', description: '更换（或首次绑定）手机号' });

export const MobileChanged = z
  .object({ mobile: MaskedMobile.meta({ description: '新的脱敏手机号' }) })
  .meta({ id: 'MobileChanged', description: '手机号已更换' });

export const ChangePasswordBody = z
  .object({
    password: Password.meta({ description: '新密码，8–64 位' }),
    oldPassword: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: '原密码；已设置密码时与 verifyTicket 二选一' }),
    verifyTicket: z
      .string()
      .min(1)
      .max(256)
      .optional()
      .meta({ description: '短信验证票据（/v1/sms/check，scene=change_password）；未设置密码时必填' }),
  })
  .meta({ id: 'ChangePasswordBody', description: '设置或修改登录密码；成功后其他设备的令牌失效' });

export const BindEmailBody = z
  .object({
    email: Email.meta({ description: '邮箱地址' }),
    code: Encrypted('邮箱验证码'),
  })
  .meta({ id: 'BindEmailBody', description: '绑定（或更换）邮箱' });

export const EmailBound = z
  .object({ email: Masked.meta({ description: '脱敏后的邮箱' }) })
  .meta({ id: 'EmailBound', description: '邮箱已绑定' });

export const AvatarBody = z
  .object({
    key: z
      .string()
      .min(1)
      .max(512)
      .meta({ description: '已上传到 OSS 的对象 key（必须位于 /v1/oss/policy?module=avatar 给出的目录下）' }),
  })
  .meta({ id: 'AvatarBody', description: '设置头像' });

export const AvatarChanged = z
  .object({ avatar: Url.meta({ description: '新的头像地址' }) })
  .meta({ id: 'AvatarChanged', description: '头像已更新' });

/* ---- personal attributes (个人属性) ---- */

const PropertyFields = {
  gender: Gender.schema.nullable().meta({ description: '性别：1 男；2 女；未填为 null' }),
  birthday: Day.nullable().meta({ description: '出生日期；未填为 null' }),
  provinceId: z
    .int()
    .positive()
    .nullable()
    .meta({ description: '常住省份（GB/T 2260 行政区划代码，同 /v1/jd/cities）' }),
  cityId: z.int().positive().nullable().meta({ description: '常住城市（GB/T 2260 代码）' }),
  countyId: z.int().positive().nullable().meta({ description: '常住区县（GB/T 2260 代码），可为 null' }),
  education: Education.schema
    .nullable()
    .meta({ description: '学历：1 初中及以下；2 高中/中专；3 大专；4 本科；5 硕士；6 博士' }),
  occupation: Occupation.schema.nullable().meta({
    description:
      '职业：1 学生；2 企业职员；3 公务员/事业单位；4 个体经营；5 自由职业；6 工人；7 农民；8 退休；9 待业；10 其他',
  }),
  income: IncomeRange.schema.nullable().meta({ description: '个人月收入区间' }),
  marital: MaritalStatus.schema.nullable().meta({ description: '婚姻状况：1 未婚；2 已婚；3 离异；4 丧偶' }),
};

export const Property = z
  .object({
    ...PropertyFields,
    regionName: z.string().nullable().meta({ description: '常住地区名称，如“广东 深圳 南山区”' }),
    complete: z.boolean().meta({ description: '必填属性是否都已填写' }),
    updatedAt: Timestamp.nullable().meta({ description: '最近修改时间；从未填写为 null' }),
  })
  .meta({ id: 'Property', description: '个人属性（用于匹配任务）' });

export const PropertyBody = z
  .object(PropertyFields)
  .partial()
  .meta({ id: 'PropertyBody', description: '修改个人属性：只提交要改的字段；性别与出生日期填写后不可修改' });

/* ---- exchange prerequisites ---- */

export const ExchangeInfo = z
  .object({
    balance: Points.meta({ description: '当前微豆余额' }),
    pointsPerYuan: z.int().positive().meta({ description: '兑换比例：多少微豆抵 1 元面值（100）' }),
    mobile: MaskedMobile.nullable().meta({ description: '脱敏手机号（虚拟商品充值默认号码）；未绑定时为 null' }),
    idVerifyState: IdVerifyState.schema.meta({ description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过' }),
    realName: Masked.nullable().meta({ description: '脱敏真实姓名；未实名时为 null' }),
    alipayBound: z.boolean().meta({ description: '是否已绑定支付宝（现金提现到账账号）' }),
    wechatBound: z.boolean().meta({ description: '是否已绑定微信' }),
    payoutAccounts: z
      .array(
        z.object({
          platform: z.union([z.literal(1), z.literal(4)]).meta({ description: '收款账号平台：1 微信；4 支付宝' }),
          nickname: z.string().nullable().meta({ description: '第三方昵称' }),
        }),
      )
      .meta({ description: '可用于现金兑换的已绑定账号（支付宝在前）' }),
    hasConsignee: z.boolean().meta({ description: '是否已填写收货地址（实物兑换需要）' }),
    level: z.int().nonnegative().meta({ description: '当前权益等级（部分商品有最低等级要求）' }),
    missing: z
      .object({
        cash: z
          .array(z.enum(['identity', 'payout_account']))
          .meta({ description: '现金兑换还缺：identity 实名认证；payout_account 绑定支付宝或微信' }),
        physical: z.array(z.enum(['address'])).meta({ description: '实物兑换还缺：address 收货地址' }),
      })
      .meta({
        description:
          '现金、实物兑换还需要先完成的事项（虚拟商品一般无需准备）；空数组表示已齐备。个别商品另要求实名或等级，以商品详情的 eligibility 为准',
      }),
  })
  .meta({ id: 'ExchangeInfo', description: '兑换前需要的会员信息：还缺什么（实名、收款账号、收货地址）' });

/* ---- real-name verification ---- */

export const IdVerify = z
  .object({
    state: IdVerifyState.schema.meta({ description: '实名认证状态：0 未认证；1 审核中；2 已认证；3 未通过' }),
    realName: Masked.nullable().meta({ description: '脱敏姓名，如 张*；未提交时为 null' }),
    idNumber: Masked.nullable().meta({ description: '脱敏身份证号，如 110***********1234；未提交时为 null' }),
    submittedAt: Timestamp.nullable().meta({ description: '提交时间' }),
    reason: z.string().nullable().meta({ description: '未通过的原因' }),
  })
  .meta({ id: 'IdVerify', description: '实名认证信息' });

export const IdVerifyBody = z
  .object({
    realName: z
      .string()
      .trim()
      .min(2, '请输入真实姓名')
      .max(32, '姓名太长了')
      .regex(/^[\u3400-\u9fff\u00b7\u30fb·A-Za-z ]+$/, '姓名只能包含汉字、字母和间隔号')
      .meta({ description: '真实姓名，与身份证一致（汉字，少数民族姓名可含间隔号 ·）' }),
    idNumber: z
      .string()
      .regex(/^\d{17}[\dXx]$/, '请输入 18 位身份证号')
      .meta({ description: '18 位居民身份证号（末位可为 X）；服务端校验出生日期与 GB 11643 校验码，只保存脱敏值' }),
    verifyTicket: z.string().min(1).max(256).meta({ description: '短信验证票据（/v1/sms/check，scene=id_verify）' }),
  })
  .meta({ id: 'IdVerifyBody', description: '提交实名认证（一个身份证号只能认证一个账号）' });

/* ---- consignee (收货地址) ---- */

const ConsigneeFields = {
  name: z.string().trim().min(1, '请填写收货人').max(20, '收货人姓名最多 20 个字').meta({ description: '收货人姓名' }),
  mobile: Mobile.meta({ description: '收货人手机号' }),
  provinceId: z.int().positive().meta({ description: '省级行政区（GB/T 2260 行政区划代码，如 440000）' }),
  cityId: z.int().positive().meta({ description: '地级市（GB/T 2260 代码，如 440300；直辖市为 110100 等）' }),
  countyId: z.int().positive().meta({ description: '区县（GB/T 2260 代码，如 440305）；须属于所选城市' }),
  address: z
    .string()
    .trim()
    .min(4, '详细地址至少 4 个字')
    .max(120, '详细地址最多 120 个字')
    .meta({ description: '详细地址（街道、门牌号）' }),
};

export const Consignee = z
  .object({
    ...ConsigneeFields,
    regionName: z.string().meta({ description: '省市区名称，如“广东省 深圳市 南山区”' }),
    updatedAt: Timestamp.meta({ description: '最近修改时间' }),
  })
  .meta({ id: 'Consignee', description: '收货地址' });

export const ConsigneeBody = z.object(ConsigneeFields).meta({ id: 'ConsigneeBody', description: '保存收货地址' });

/* ---- personal attribute questionnaire (/user/survey) ---- */

export const SurveyCheckQuery = z.object({
  taskId: QueryId.optional().meta({ description: '可选：要参加的任务 id；给出时返回该任务是否要求先完成个人问卷' }),
});

export const SurveyCheck = z
  .object({
    completed: z.boolean().meta({ description: '个人属性问卷是否已完成' }),
    answered: z.int().nonnegative().meta({ description: '已回答题数' }),
    total: z.int().nonnegative().meta({ description: '总题数' }),
    required: z.boolean().meta({ description: '参加所给任务前是否必须先完成问卷（未给 taskId 时表示一般情况）' }),
    rewardPoints: Points.meta({ description: '完成问卷可得的微豆（已领取则为 0）' }),
  })
  .meta({ id: 'SurveyCheck', description: '个人属性问卷完成情况' });

export const SurveyQuestion = z
  .object({
    id: Id.meta({ description: '题目 id' }),
    title: z.string().meta({ description: '题干' }),
    kind: z.enum(['single', 'multiple', 'text']).meta({ description: 'single 单选；multiple 多选；text 填空' }),
    input: z.enum(['choice', 'select', 'date', 'region']).meta({
      description:
        '作答控件：choice 平铺的单选/多选项；select 下拉选择（选项较多的单选，如出生年份）；date 日期（填空，YYYY-MM-DD）；region 地区（填空，填 /v1/jd/cities 的市或区县代码，如 440305）',
    }),
    placeholder: z.string().nullable().meta({ description: '填空题的输入提示；其他为 null' }),
    required: z.boolean().meta({ description: '是否必答' }),
    maxChoices: z.int().positive().nullable().meta({ description: '多选最多可选几项；不限或非多选为 null' }),
    options: z
      .array(
        z.object({
          id: Id.meta({ description: '选项 id' }),
          text: z.string().meta({ description: '选项文字' }),
          exclusive: z.boolean().meta({ description: '互斥选项（如“以上都没有”）' }),
        }),
      )
      .meta({ description: '选项；填空题为空数组' }),
    answer: z
      .object({
        optionIds: z.array(Id).meta({ description: '已选的选项 id' }),
        text: z.string().nullable().meta({ description: '填空内容' }),
      })
      .nullable()
      .meta({ description: '会员已有的回答；未答为 null' }),
  })
  .meta({ id: 'SurveyQuestion', description: '个人属性问卷的一道题' });

export const BasicSurvey = z
  .object({
    completed: z.boolean().meta({ description: '是否已完成' }),
    rewardPoints: Points.meta({ description: '完成可得的微豆（已领取则为 0）' }),
    questions: z.array(SurveyQuestion).meta({ description: '题目，按顺序' }),
  })
  .meta({ id: 'BasicSurvey', description: '个人属性问卷' });

export const BasicSurveyBody = z
  .object({
    answers: z
      .array(
        z.object({
          questionId: Id.meta({ description: '题目 id' }),
          optionIds: z.array(Id).max(50).meta({ description: '选中的选项 id；填空题为空数组' }),
          text: z.string().max(500).optional().meta({ description: '填空内容' }),
        }),
      )
      .min(1)
      .max(200)
      .meta({ description: '回答（可只提交部分题目，已有回答被覆盖）' }),
  })
  .meta({ id: 'BasicSurveyBody', description: '提交个人属性问卷' });

export const BasicSurveyResult = z
  .object({
    completed: z.boolean().meta({ description: '提交后问卷是否已全部完成' }),
    pointsAwarded: Points.meta({ description: '本次获得的微豆（首次完成时发放一次，否则为 0）' }),
  })
  .meta({ id: 'BasicSurveyResult', description: '个人属性问卷提交结果' });

/* ---- forum (focus group) ---- */

export const FocusTaskQuery = z.object({
  taskHashId: z.string().min(4).max(64).meta({ description: '座谈会任务哈希 id（/bbs/{taskHashId}）' }),
});

export const FocusMember = z
  .object({
    memberId: Id.meta({ description: '会员 id' }),
    name: z.string().meta({ description: '在该座谈会中的显示名' }),
    avatar: Url.nullable().meta({ description: '在该座谈会中的头像' }),
    role: BbsRole.schema.meta({ description: '论坛角色：0 受访者；1 主持人；2 客户观察员（1、2 不显示微豆）' }),
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
  })
  .meta({ id: 'FocusMember', description: '当前会员在某座谈会中的论坛身份' });

export const FocusSection = z
  .object({
    id: Id.meta({ description: '版块 id' }),
    name: z.string().meta({ description: '版块名称' }),
    topicCount: z.int().nonnegative().meta({ description: '话题数' }),
  })
  .meta({ id: 'FocusSection', description: '座谈会版块' });

export const FocusTask = z
  .object({
    taskId: Id.meta({ description: '座谈会任务 id' }),
    taskHashId: z.string().meta({ description: '座谈会任务哈希 id' }),
    title: z.string().meta({ description: '座谈会标题' }),
    intro: z.string().nullable().meta({ description: '简介' }),
    startAt: Timestamp.meta({ description: '开始时间' }),
    endAt: Timestamp.meta({ description: '结束时间' }),
    sections: z.array(FocusSection).meta({ description: '版块' }),
  })
  .meta({ id: 'FocusTask', description: '由任务哈希 id 解析得到的座谈会' });
