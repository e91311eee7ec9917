/**
 * The result-code catalogue: every `code` a reply can carry, what it means and what the
 * client does with it (spec §8). Server and client both import this table.
 *
 * HTTP status policy: business results (success or refusal) travel as HTTP 200 with their
 * code; protocol-level failures use a real HTTP status with an envelope body
 * (400 validation or a malformed request, 401 token, 404 unknown call, 405 wrong method,
 * 408 request too slow, 413 body too large, 414 path too long, 415 body type, 429 rate limit,
 * 431 headers or query string too large, 500 crash, 503 maintenance).
 */
export type ClientBehaviour =
  /** Resolve with `data`. */
  | 'success'
  /** Not code 200, but an ordinary outcome the page renders (resolve). */
  | 'normal'
  /** Reject; nothing shown, nothing reported: background calls whose answer is "nothing". */
  | 'silent'
  /** Reject without a toast: the calling page handles it (redirect, inline prompt). */
  | 'quiet'
  /** Clear the token and go to /login. */
  | 'logout'
  /** Reject and show the server's `msg` as a 2 s toast. */
  | 'toast';

export interface ResultCode {
  code: number;
  name: string;
  /** Default zh-CN message; a reply may carry a more specific one. */
  msg: string;
  behaviour: ClientBehaviour;
  /** HTTP status the server answers with. */
  http: number;
}

const table = [
  // spec §8 codes
  { code: 200, name: 'OK', msg: '成功', behaviour: 'success', http: 200 },
  { code: 401, name: 'UNAUTHORIZED', msg: '登录已失效，请重新登录', behaviour: 'logout', http: 401 },
  { code: 5629, name: 'ALREADY_CHECKED_IN', msg: '今天已经签到过了', behaviour: 'normal', http: 200 },
  { code: 5013, name: 'ALREADY_JOINED', msg: '你已参与过该任务', behaviour: 'normal', http: 200 },
  { code: 1060, name: 'NOTHING_TO_SHOW', msg: '暂无需要展示的内容', behaviour: 'silent', http: 200 },
  { code: 1049, name: 'STALE_REQUEST', msg: '请求已被更新的请求取代', behaviour: 'silent', http: 200 },
  { code: 1105, name: 'PREREQUISITE_REQUIRED', msg: '请先完成前置步骤', behaviour: 'quiet', http: 200 },
  { code: 10014, name: 'MAINTENANCE', msg: '系统维护中，请稍后再来', behaviour: 'quiet', http: 503 },
  // our own: protocol level
  { code: 400, name: 'INVALID_PARAMS', msg: '参数错误', behaviour: 'toast', http: 400 },
  { code: 404, name: 'NOT_FOUND', msg: '请求的内容不存在', behaviour: 'toast', http: 404 },
  { code: 405, name: 'METHOD_NOT_ALLOWED', msg: '不支持该请求方式', behaviour: 'toast', http: 405 },
  { code: 408, name: 'REQUEST_TIMEOUT', msg: '请求超时，请重试', behaviour: 'toast', http: 408 },
  { code: 413, name: 'TOO_LARGE', msg: '提交的内容过大', behaviour: 'toast', http: 413 },
  { code: 414, name: 'URI_TOO_LONG', msg: '请求地址过长', behaviour: 'toast', http: 414 },
  { code: 415, name: 'UNSUPPORTED_MEDIA_TYPE', msg: '不支持的内容类型', behaviour: 'toast', http: 415 },
  { code: 429, name: 'RATE_LIMITED', msg: '操作太频繁，请稍后再试', behaviour: 'toast', http: 429 },
  { code: 431, name: 'HEADERS_TOO_LARGE', msg: '请求头或地址过长', behaviour: 'toast', http: 431 },
  { code: 500, name: 'INTERNAL', msg: '服务器开小差了，请稍后再试', behaviour: 'toast', http: 500 },
  { code: 501, name: 'NOT_AVAILABLE', msg: '该功能暂未开放', behaviour: 'toast', http: 501 },
  // our own: accounts and codes (11xx)
  { code: 1101, name: 'CODE_INVALID', msg: '验证码错误或已失效', behaviour: 'toast', http: 200 },
  { code: 1102, name: 'CODE_TOO_MANY_TRIES', msg: '验证码错误次数过多，请重新获取', behaviour: 'toast', http: 200 },
  { code: 1103, name: 'SEND_TOO_FREQUENT', msg: '发送太频繁，请稍后再试', behaviour: 'toast', http: 200 },
  { code: 1104, name: 'SEND_DAILY_LIMIT', msg: '今日发送次数已达上限', behaviour: 'toast', http: 200 },
  { code: 1106, name: 'WRONG_CREDENTIALS', msg: '手机号或密码错误', behaviour: 'toast', http: 200 },
  { code: 1107, name: 'LOGIN_LOCKED', msg: '登录失败次数过多，请稍后再试', behaviour: 'toast', http: 200 },
  { code: 1108, name: 'MOBILE_REGISTERED', msg: '该手机号已注册', behaviour: 'toast', http: 200 },
  { code: 1109, name: 'MOBILE_NOT_REGISTERED', msg: '该手机号尚未注册', behaviour: 'toast', http: 200 },
  { code: 1110, name: 'INVITE_CODE_INVALID', msg: '邀请码无效', behaviour: 'toast', http: 200 },
  { code: 1111, name: 'QRCODE_EXPIRED', msg: '二维码已过期，请刷新', behaviour: 'toast', http: 200 },
  { code: 1112, name: 'SNS_STATE_INVALID', msg: '授权已失效，请重新发起登录', behaviour: 'toast', http: 200 },
  { code: 1113, name: 'SNS_ALREADY_BOUND', msg: '该第三方账号已绑定其他账号', behaviour: 'toast', http: 200 },
  { code: 1114, name: 'PROVIDER_NOT_CONFIGURED', msg: '暂不支持该登录方式', behaviour: 'toast', http: 200 },
  { code: 1120, name: 'SEND_IP_LIMIT', msg: '当前网络获取验证码过于频繁，请稍后再试', behaviour: 'toast', http: 200 },
  { code: 1121, name: 'SEND_FAILED', msg: '验证码发送失败，请稍后再试', behaviour: 'toast', http: 200 },
  {
    code: 1122,
    name: 'AGREEMENT_REQUIRED',
    msg: '这个手机号还没有账号，登录即注册：请先勾选同意《用户协议》与《隐私政策》，再重新获取验证码',
    behaviour: 'toast',
    http: 200,
  },
  // our own: the personal centre's account settings (1130–1139)
  { code: 1130, name: 'NICKNAME_INVALID', msg: '昵称格式不正确', behaviour: 'toast', http: 200 },
  { code: 1131, name: 'NICKNAME_RESERVED', msg: '昵称包含保留词，请换一个', behaviour: 'toast', http: 200 },
  { code: 1132, name: 'OLD_PASSWORD_WRONG', msg: '原密码错误', behaviour: 'toast', http: 200 },
  { code: 1133, name: 'OLD_PASSWORD_LOCKED', msg: '原密码错误次数过多，请稍后再试', behaviour: 'toast', http: 200 },
  { code: 1134, name: 'VERIFY_TICKET_INVALID', msg: '验证已失效，请重新获取验证码', behaviour: 'toast', http: 200 },
  { code: 1135, name: 'EMAIL_TAKEN', msg: '该邮箱已绑定其他账号', behaviour: 'toast', http: 200 },
  {
    code: 1140,
    name: 'ACCOUNT_FROZEN',
    msg: '你的账号已被冻结，暂时不能登录、兑换或参与任务。如有疑问，请发邮件到客服邮箱申诉',
    behaviour: 'toast',
    http: 200,
  },
  // our own: the operations console (12xx)
  { code: 1201, name: 'STAFF_WRONG_CREDENTIALS', msg: '登录名或密码错误', behaviour: 'toast', http: 200 },
  { code: 1202, name: 'STAFF_LOCKED', msg: '错误次数过多，账号已锁定 15 分钟', behaviour: 'toast', http: 200 },
  { code: 1203, name: 'STAFF_TICKET_INVALID', msg: '登录已超时，请重新输入登录名和密码', behaviour: 'toast', http: 200 },
  { code: 1204, name: 'TOTP_WRONG', msg: '动态验证码错误或已使用过，请等下一个验证码', behaviour: 'toast', http: 200 },
  { code: 1205, name: 'STAFF_NEW_PASSWORD_REQUIRED', msg: '首次登录请设置新密码', behaviour: 'toast', http: 200 },
  { code: 1206, name: 'STAFF_FORBIDDEN', msg: '无权限：你的角色不能进行这项操作', behaviour: 'toast', http: 403 },
  { code: 1207, name: 'STAFF_NOT_FOUND', msg: '员工账号不存在', behaviour: 'toast', http: 200 },
  { code: 1208, name: 'STAFF_LOGIN_TAKEN', msg: '这个登录名已被使用', behaviour: 'toast', http: 200 },
  { code: 1209, name: 'STAFF_LAST_ADMIN', msg: '至少要保留一个启用的管理员', behaviour: 'toast', http: 200 },
  { code: 1210, name: 'STAFF_NOT_SELF', msg: '不能对自己的账号进行这项操作', behaviour: 'toast', http: 200 },
  { code: 1211, name: 'FOUR_EYES_SELF', msg: '不能复核自己发起的调整，请由另一位同事复核', behaviour: 'toast', http: 200 },
  { code: 1212, name: 'ALREADY_DECIDED', msg: '这一项已被其他同事处理，请刷新后查看', behaviour: 'toast', http: 200 },
  // our own: points, exchange, benefits (2xxx)
  { code: 2001, name: 'INSUFFICIENT_POINTS', msg: '微豆余额不足', behaviour: 'toast', http: 200 },
  { code: 2002, name: 'OUT_OF_STOCK', msg: '库存不足', behaviour: 'toast', http: 200 },
  { code: 2003, name: 'LIMIT_REACHED', msg: '已达到兑换上限', behaviour: 'toast', http: 200 },
  { code: 2004, name: 'IDENTITY_REQUIRED', msg: '请先完成实名认证', behaviour: 'toast', http: 200 },
  { code: 2005, name: 'ACCOUNT_BINDING_REQUIRED', msg: '请先绑定收款账号', behaviour: 'toast', http: 200 },
  { code: 2006, name: 'ADDRESS_REQUIRED', msg: '请先填写收货地址', behaviour: 'toast', http: 200 },
  { code: 2007, name: 'BENEFIT_NOT_ALLOWED', msg: '暂不满足领取条件', behaviour: 'toast', http: 200 },
  { code: 2008, name: 'INSUFFICIENT_CREDIT', msg: '权益值不足', behaviour: 'toast', http: 200 },
  { code: 2009, name: 'LEVEL_REQUIRED', msg: '权益等级不足，暂不能兑换该商品', behaviour: 'toast', http: 200 },
  { code: 2010, name: 'REWARD_UNAVAILABLE', msg: '该商品已下架', behaviour: 'toast', http: 200 },
  {
    code: 2011,
    name: 'REQUEST_KEY_REUSED',
    msg: '该兑换请求已提交过其他内容，请刷新页面后重试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 2012, name: 'EXCHANGE_STATE_CONFLICT', msg: '兑换单当前状态不允许该操作', behaviour: 'toast', http: 200 },
  { code: 2013, name: 'NO_CODE_AVAILABLE', msg: '卡密已发完，请先导入卡密', behaviour: 'toast', http: 200 },
  { code: 2014, name: 'ID_NUMBER_INVALID', msg: '身份证号码有误，请核对后重新输入', behaviour: 'toast', http: 200 },
  { code: 2015, name: 'ID_NUMBER_TAKEN', msg: '该身份证号已用于其他账号的实名认证', behaviour: 'toast', http: 200 },
  { code: 2016, name: 'ID_VERIFIED_LOCKED', msg: '你已完成实名认证，认证信息不能修改', behaviour: 'toast', http: 200 },
  { code: 2017, name: 'REGION_INVALID', msg: '所选省市区有误，请重新选择', behaviour: 'toast', http: 200 },
  {
    code: 2018,
    name: 'QUALITY_LEVEL_REQUIRED',
    msg: '答题质量等级不足，暂不能兑换该商品',
    behaviour: 'toast',
    http: 200,
  },
  {
    code: 2019,
    name: 'ID_MISMATCH',
    msg: '姓名与身份证号不一致，请核对后再试',
    behaviour: 'toast',
    http: 200,
  },
  {
    code: 2020,
    name: 'ID_NOT_FOUND',
    msg: '未查到该身份证号的登记信息，请核对后再试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 2021, name: 'ID_TRIES_EXHAUSTED', msg: '今天的实名认证次数已用完，明天再试', behaviour: 'toast', http: 200 },
  {
    code: 2022,
    name: 'ID_CHECK_UNAVAILABLE',
    msg: '实名认证服务暂时不可用，请稍后再试（本次不计入尝试次数）',
    behaviour: 'toast',
    http: 200,
  },
  // our own: benefits, credit and invites (2050–2099)
  { code: 2050, name: 'BENEFIT_UNAVAILABLE', msg: '该权益已下架', behaviour: 'toast', http: 200 },
  { code: 2051, name: 'BENEFIT_OUT_OF_STOCK', msg: '该权益已被领完', behaviour: 'toast', http: 200 },
  { code: 2052, name: 'BENEFIT_LIMIT_REACHED', msg: '该权益已达到每人领取上限', behaviour: 'toast', http: 200 },
  { code: 2053, name: 'BENEFIT_LEVEL_REQUIRED', msg: '权益等级不足，暂不能领取', behaviour: 'toast', http: 200 },
  { code: 2054, name: 'BENEFIT_EXPIRED', msg: '该权益已过期', behaviour: 'toast', http: 200 },
  { code: 2055, name: 'BENEFIT_USED', msg: '该权益已使用', behaviour: 'toast', http: 200 },
  { code: 2056, name: 'BENEFIT_TARGET_INVALID', msg: '该权益不能用在这里', behaviour: 'toast', http: 200 },
  { code: 2057, name: 'COUPON_MIN_SPEND', msg: '未达到折扣券的使用门槛', behaviour: 'toast', http: 200 },
  // our own: the lucky wheel (2100–2119)
  { code: 2101, name: 'LOTTERY_NO_SPINS', msg: '这类抽奖次数已用完', behaviour: 'quiet', http: 200 },
  {
    code: 2102,
    name: 'LOTTERY_REQUEST_KEY_REUSED',
    msg: '这次抽奖已提交过不同的内容，请刷新页面后重试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 2103, name: 'LOTTERY_CLOSED', msg: '转盘暂未开放，请稍后再来', behaviour: 'quiet', http: 200 },
  // our own: seasonal campaigns (4500–4519)
  { code: 4501, name: 'CAMPAIGN_NOT_RUNNING', msg: '活动不在进行中，暂不能抽奖', behaviour: 'quiet', http: 200 },
  {
    code: 4502,
    name: 'CAMPAIGN_NO_CHANCES',
    msg: '抽奖机会已用完，完成任务或签到可再获得',
    behaviour: 'quiet',
    http: 200,
  },
  {
    code: 4503,
    name: 'CAMPAIGN_REQUEST_KEY_REUSED',
    msg: '这次抽奖已提交过不同的内容，请刷新页面后重试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 4504, name: 'CAMPAIGN_CLOSED', msg: '活动奖池暂未开放，请稍后再来', behaviour: 'quiet', http: 200 },
  // our own: tasks (3xxx)
  { code: 3001, name: 'TASK_CLOSED', msg: '任务已结束', behaviour: 'toast', http: 200 },
  { code: 3002, name: 'TASK_NOT_ELIGIBLE', msg: '你暂不符合该任务的参与条件', behaviour: 'toast', http: 200 },
  { code: 3003, name: 'CALLBACK_INVALID', msg: '回跳链接校验失败，本次结果无法确认', behaviour: 'toast', http: 200 },
  { code: 3004, name: 'PARTICIPATION_FOREIGN', msg: '这条答题记录不属于当前账号', behaviour: 'toast', http: 200 },
  { code: 3005, name: 'CALLBACK_EXPIRED', msg: '回跳链接已过期', behaviour: 'toast', http: 200 },
  { code: 3006, name: 'TASK_QUOTA_FULL', msg: '任务名额已满', behaviour: 'toast', http: 200 },
  { code: 3007, name: 'TASK_DEVICE_UNSUPPORTED', msg: '该任务不支持当前设备', behaviour: 'toast', http: 200 },
  { code: 3008, name: 'TASK_NOT_OPEN', msg: '任务尚未开始', behaviour: 'toast', http: 200 },
  { code: 3009, name: 'POLL_ANSWERS_INVALID', msg: '答卷不完整或有误，请检查后再提交', behaviour: 'toast', http: 200 },
  { code: 3010, name: 'WATCH_TOO_SHORT', msg: '停留时间不足，请看完后再领取', behaviour: 'toast', http: 200 },
  {
    code: 3011,
    name: 'TASK_QUALITY_LEVEL_REQUIRED',
    msg: '答题质量等级不足，暂不能参加该任务',
    behaviour: 'toast',
    http: 200,
  },
  // our own: questionnaires and personal attributes (3050–3099)
  { code: 3050, name: 'PROPERTY_INVALID', msg: '个人属性填写有误，请检查后再保存', behaviour: 'toast', http: 200 },
  { code: 3051, name: 'PROPERTY_LOCKED', msg: '性别与出生日期填写后不可修改', behaviour: 'toast', http: 200 },
  // our own: uploads (4xxx)
  { code: 4001, name: 'UPLOAD_REJECTED', msg: '文件类型或大小不符合要求', behaviour: 'toast', http: 200 },
  { code: 4002, name: 'UPLOAD_KEY_INVALID', msg: '图片不存在或已失效，请重新上传', behaviour: 'toast', http: 200 },
  // our own: help and feedback (41xx)
  {
    code: 4101,
    name: 'FEEDBACK_DAILY_LIMIT',
    msg: '今天提交的反馈已达上限，请明天再来',
    behaviour: 'toast',
    http: 200,
  },
  {
    code: 4102,
    name: 'FEEDBACK_STATE_CONFLICT',
    msg: '这条反馈的状态已经变化，请刷新后再试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 4103, name: 'FEEDBACK_RECORD_INVALID', msg: '关联的记录不存在，请重新选择', behaviour: 'toast', http: 200 },
  {
    code: 4104,
    name: 'FEEDBACK_REOPEN_EXPIRED',
    msg: '已超过可重新打开的期限，请提交一条新的反馈',
    behaviour: 'toast',
    http: 200,
  },
  { code: 4105, name: 'FEEDBACK_ALREADY_RATED', msg: '你已经评价过这条反馈了', behaviour: 'toast', http: 200 },
  {
    code: 4106,
    name: 'FEEDBACK_REQUEST_KEY_REUSED',
    msg: '这条反馈已提交过不同的内容，请刷新页面后重试',
    behaviour: 'toast',
    http: 200,
  },
  // our own: newcomer course and answer sheet (4221–4239)
  {
    code: 4221,
    name: 'QUIZ_NO_ATTEMPTS_LEFT',
    msg: '今天的答题次数已用完，明天再来吧',
    behaviour: 'quiet',
    http: 200,
  },
  { code: 4222, name: 'QUIZ_ANSWERS_INVALID', msg: '还有题目没有作答，请答完再提交', behaviour: 'toast', http: 200 },
  { code: 4223, name: 'QUIZ_NOT_SUBMITTED', msg: '这次答题还没有提交', behaviour: 'quiet', http: 200 },
  { code: 4224, name: 'QUIZ_UNAVAILABLE', msg: '答题暂未开放，请稍后再来', behaviour: 'quiet', http: 200 },
  // our own: campus recruitment (4301–4319)
  {
    code: 4301,
    name: 'RECRUIT_ALREADY_APPLIED',
    msg: '你已经提交过推广官申请，每位会员只能申请一次',
    behaviour: 'quiet',
    http: 200,
  },
  { code: 4302, name: 'RECRUIT_FORM_INVALID', msg: '申请表填写有误，请检查后再提交', behaviour: 'quiet', http: 200 },
  // our own: prize trials (4401–4419)
  { code: 4401, name: 'PRIZE_NOT_OPEN', msg: '这个试用现在不在申请时间内', behaviour: 'quiet', http: 200 },
  { code: 4402, name: 'PRIZE_NOT_ELIGIBLE', msg: '你暂不符合这个试用的申请条件', behaviour: 'quiet', http: 200 },
  { code: 4403, name: 'PRIZE_NOT_WON', msg: '只有中签的会员需要填写收货地址', behaviour: 'quiet', http: 200 },
  { code: 4404, name: 'PRIZE_NO_CONSIGNEE', msg: '请先填写收货地址', behaviour: 'quiet', http: 200 },
  { code: 4405, name: 'PRIZE_NOT_CLOSED', msg: '申请还没有截止，不能开奖', behaviour: 'quiet', http: 200 },
  {
    code: 4406,
    name: 'PRIZE_SCREENER_NEEDED',
    msg: '申请这个试用前，请先完成它的甄别问卷',
    behaviour: 'quiet',
    http: 200,
  },
  { code: 4407, name: 'PRIZE_REPORT_NOT_WINNER', msg: '只有中签的会员可以填写试用报告', behaviour: 'quiet', http: 200 },
  { code: 4408, name: 'PRIZE_REPORT_NOT_READY', msg: '试用品寄出后才能填写试用报告', behaviour: 'quiet', http: 200 },
  // our own: the discussion-group forum (4601–4619)
  { code: 4601, name: 'FORUM_NOT_FOUND', msg: '这个座谈会不存在或尚未开放', behaviour: 'quiet', http: 200 },
  {
    code: 4602,
    name: 'FORUM_NO_ACCESS',
    msg: '只有参加了这个座谈会的会员才能查看，请先在任务中开始参加',
    behaviour: 'quiet',
    http: 200,
  },
  { code: 4603, name: 'FORUM_READ_ONLY', msg: '观察员只能查看，不能发言', behaviour: 'toast', http: 200 },
  { code: 4604, name: 'FORUM_MODERATOR_ONLY', msg: '只有主持人可以这样操作', behaviour: 'toast', http: 200 },
  { code: 4605, name: 'FORUM_TOPIC_CLOSED', msg: '这个话题已关闭，不能再回复', behaviour: 'toast', http: 200 },
  { code: 4606, name: 'FORUM_ENDED', msg: '座谈会已结束，不能再回复', behaviour: 'toast', http: 200 },
  { code: 4607, name: 'FORUM_POST_EMPTY', msg: '请填写内容或添加图片', behaviour: 'toast', http: 200 },
  { code: 4608, name: 'FORUM_QUOTE_INVALID', msg: '引用的回复不存在或不在这个话题里', behaviour: 'toast', http: 200 },
  {
    code: 4609,
    name: 'FORUM_REQUEST_KEY_REUSED',
    msg: '这条回复已提交过不同的内容，请刷新页面后重试',
    behaviour: 'toast',
    http: 200,
  },
  { code: 4610, name: 'FORUM_NAME_TAKEN', msg: '这个显示名已有人使用，请换一个', behaviour: 'toast', http: 200 },
  { code: 4611, name: 'FORUM_NOT_RESPONDENT', msg: '只能把受访者标记为完成', behaviour: 'toast', http: 200 },
  { code: 4612, name: 'FORUM_POST_NOT_FOUND', msg: '内容不存在或已被隐藏', behaviour: 'quiet', http: 200 },
  { code: 4613, name: 'FORUM_SECTION_INVALID', msg: '所选版块不存在', behaviour: 'toast', http: 200 },
  { code: 4614, name: 'FORUM_NOT_OPEN', msg: '座谈会尚未开始，开始后才能回复', behaviour: 'toast', http: 200 },
] as const satisfies readonly ResultCode[];

export type CodeName = (typeof table)[number]['name'];
export const resultCodes: readonly ResultCode[] = table;

/** `Code.INSUFFICIENT_POINTS === 2001` */
export const Code = Object.fromEntries(table.map((c) => [c.name, c.code])) as {
  [K in CodeName]: Extract<(typeof table)[number], { name: K }>['code'];
};

const byCode = new Map<number, ResultCode>(table.map((c) => [c.code, c]));

export function describeCode(code: number): ResultCode | undefined {
  return byCode.get(code);
}

/** What the client does for a code; unknown codes show the server message. */
export function behaviourOf(code: number): ClientBehaviour {
  return byCode.get(code)?.behaviour ?? 'toast';
}
