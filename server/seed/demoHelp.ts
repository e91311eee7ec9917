/**
 * The help centre's articles for a fresh `npm start` (SEED_DEMO): the tree of openapi/rules/help.ts
 * and a set of answers to what members of this site ask, several marked 常见问题. Every figure is
 * read from the code or the config that enforces it (check-in rewards, invite rewards and guards,
 * SMS and login limits, credit and levels…), so an article says what the site does. Seeded once
 * per database: a kv marker claimed in the same transaction as the rows, so a restart adds
 * nothing and what operators change later is kept.
 */
import { ExchangeState, JoinResult, LowQualityReason } from '../../openapi/enums';
import { HELP_TOPICS } from '../../openapi/rules/help';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Tx } from '../kernel/db';
import { claimSeed } from './marker';
import { DAY_MS } from '../kernel/time';
import { CODE_TTL_MS, DAILY_LIMIT_PER_TARGET, MAX_TRIES } from '../modules/auth/codes';
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_MOBILE } from '../modules/auth/password';
import { REFRESH_FAMILY_TTL_MS } from '../modules/auth/tokens';
import { CHECKIN_REWARDS } from '../modules/checkin/service';
import { CREDIT_GOOD_QUALITY, CREDIT_PER_ACTIVE_INVITEE, CREDIT_PER_COMPLETE, LEVELS } from '../modules/credits/ledger';
import { ensureHelpTree, publishHelpQuestion, type HelpQuestionInput } from '../modules/help/admin';
import { FARM_LIMIT, INVITE_FIRST_TASK_POINTS, INVITE_REGISTER_POINTS } from '../modules/invites/service';
import { POINTS_PER_YUAN } from '../modules/points/ledger';
import { QR_TTL_MS } from '../modules/qrcode/service';

const MARKER = 'seed:help-demo';

const topic = (name: string) => {
  const t = HELP_TOPICS.find((x) => x.name === name);
  if (!t) throw new Error(`no help topic ${name}`);
  return t.id;
};

const minutes = (ms: number) => Math.round(ms / 60_000);

/** 第 1–2 天每天 5 微豆，…，第 7 天起每天 20 微豆 */
function checkinScale(): string {
  const parts: string[] = [];
  for (let i = 0; i < CHECKIN_REWARDS.length;) {
    let j = i;
    while (j + 1 < CHECKIN_REWARDS.length && CHECKIN_REWARDS[j + 1]!.points === CHECKIN_REWARDS[i]!.points) j++;
    const from = CHECKIN_REWARDS[i]!.day;
    const to = CHECKIN_REWARDS[j]!.day;
    const last = j === CHECKIN_REWARDS.length - 1;
    const days = last ? `第 ${from} 天起` : from === to ? `第 ${from} 天` : `第 ${from}–${to} 天`;
    parts.push(`<li>${days}：每天 <strong>${CHECKIN_REWARDS[i]!.points} 微豆</strong></li>`);
    i = j + 1;
  }
  return `<ul>${parts.join('')}</ul>`;
}

const levelList = () =>
  `<ul>${LEVELS.map(
    (l) => `<li>${l.level} 级 ${l.name}：${l.minValue === 0 ? '注册即是' : `累计获得 ${l.minValue} 权益值`}</li>`,
  ).join('')}</ul>`;

const S = ExchangeState.labels;
const R = JoinResult.labels;
const Q = LowQualityReason.labels;

type Figures = Pick<Config, 'smsResendSeconds' | 'smsIpHourlyLimit' | 'taskIpLimit'>;

/** The demo articles, in the order they are shown within each category. */
export function helpArticles(c: Figures): (HelpQuestionInput & { hot?: boolean })[] {
  const account = topic('注册与登录');
  const tasks = topic('任务与甄别');
  const points = topic('微豆与到账');
  const exchange = topic('兑换与提现');
  const security = topic('实名与账号安全');
  const invite = topic('邀请好友');
  const benefits = topic('权益与等级');
  return [
    /* ---- 注册与登录 ---- */
    {
      categoryId: account,
      title: '如何注册微豆调研账号？',
      content: `<p>微豆调研用手机号注册，一个手机号只能注册一个账号。</p>
<ol><li>打开<a href="/register">注册页</a>，输入手机号，点击「获取验证码」；</li>
<li>填写收到的 6 位短信验证码（${minutes(CODE_TTL_MS)} 分钟内有效）；</li>
<li>如果是好友邀请你来的，填写好友的邀请码（选填；通过好友分享的邀请链接打开时会自动带上）；</li>
<li>阅读并勾选同意《用户协议》和《隐私政策》，点击注册。</li></ol>
<p>注册成功后会自动登录。建议先填写<a href="/user/survey">个人属性问卷</a>，系统会据此为你匹配更多合适的调研任务。</p>`,
    },
    {
      categoryId: account,
      title: '收不到短信验证码怎么办？',
      hot: true,
      content: `<p>请按下面的顺序检查：</p>
<ol><li>确认手机号填写正确，手机信号正常、没有欠费停机；</li>
<li>查看手机的短信拦截、骚扰拦截记录，验证码短信可能被安全软件拦截；</li>
<li>稍等片刻再看：同一手机号 <strong>${c.smsResendSeconds} 秒</strong>内只能获取一次，请不要连续点击；</li>
<li>每个手机号每天最多获取 <strong>${DAILY_LIMIT_PER_TARGET} 次</strong>验证码，同一网络每小时最多 ${c.smsIpHourlyLimit} 次，超过后请第二天或换个时间再试。</li></ol>
<h3>验证码的规则</h3>
<ul><li>验证码为 6 位数字，${minutes(CODE_TTL_MS)} 分钟内有效，只能使用一次；</li>
<li>重新获取后，之前的验证码立即失效，请以最新收到的一条为准；</li>
<li>同一个验证码输错 ${MAX_TRIES} 次后失效，需要重新获取。</li></ul>
<p>用验证码登录时，未注册的手机号会提示先注册，请前往<a href="/register">注册页</a>。</p>`,
    },
    {
      categoryId: account,
      title: '有哪些登录方式？',
      content: `<ul><li><strong>短信登录</strong>：输入手机号和短信验证码即可登录；</li>
<li><strong>密码登录</strong>：需要先在<a href="/home/user">个人中心</a>的「账号与安全」里设置登录密码，之后可用手机号 + 密码登录；</li>
<li><strong>扫码登录</strong>（电脑上）：打开手机上已登录的微豆调研，用扫一扫扫描电脑登录页的二维码，在手机上确认后电脑即登录。二维码 ${minutes(QR_TTL_MS)} 分钟内有效，过期请刷新；</li>
<li><strong>第三方账号</strong>：登录页显示微信、QQ 等图标时，可用已绑定的第三方账号直接登录，绑定在个人中心的「第三方账号」里操作。</li></ul>
<p>登录后在同一设备上保持登录 ${Math.round(REFRESH_FAMILY_TTL_MS / DAY_MS)} 天，之后需要重新登录一次。</p>`,
    },
    {
      categoryId: account,
      title: '忘记密码、密码登录被暂停怎么办？',
      content: `<p>在登录页点击「忘记密码？」进入<a href="/password">找回密码</a>，用注册手机号接收短信验证码，验证后设置新密码（8–64 位）即可。</p>
<p>同一手机号 ${minutes(LOGIN_WINDOW_MS)} 分钟内密码输错 ${MAX_FAILURES_PER_MOBILE} 次，密码登录会暂停，页面会提示还需等待多久。等待期间可以直接改用<strong>短信验证码登录</strong>，不受影响。</p>`,
    },

    /* ---- 任务与甄别 ---- */
    {
      categoryId: tasks,
      title: '为什么问卷答到一半就结束了（被甄别）？',
      hot: true,
      content: `<p>每份调研都有明确的目标人群，例如某个年龄段、某个城市，或者最近买过某类商品的人。问卷开头的几道题用来确认你是否属于目标人群，不符合时合作方会提前结束问卷，这就是「${R[JoinResult.values.SCREENED_OUT]}」。</p>
<p><strong>被甄别不是你的错</strong>，也不影响你参加其他任务。</p>
<h3>被甄别能拿到微豆吗？</h3>
<p>多数任务对被甄别和名额已满的会员发放安慰微豆，数额在任务卡片和任务详情页上写明，例如「甄别得 10 / 满额得 5」；显示「甄别/满额无奖励」的任务则不发放。安慰微豆随结果一起自动到账，可在<a href="/home/task">任务记录</a>和<a href="/home/gold">微豆明细</a>中查看。</p>
<p>如果合作方因为答题质量或安全原因（如前后矛盾、作弊嫌疑）结束问卷，同样显示为被甄别，但不发放安慰微豆。</p>
<h3>小建议</h3>
<ul><li>请按真实情况作答，为了「通过甄别」而猜测答案，往往会在后面的质量检查中被判无效；</li>
<li>每个任务每人只能参加一次，被甄别后无法重新作答。</li></ul>`,
    },
    {
      categoryId: tasks,
      title: '「配额已满」是什么意思？',
      content: `<p>每份调研对每类人群收集的样本数是固定的。你所在人群的名额收满后，问卷会提前结束，结果记为「${R[JoinResult.values.QUOTA_FULL]}」。</p>
<ul><li>名额按提交先后计算：即使你答完了整份问卷，如果提交时名额刚好收满，也会记为配额已满；</li>
<li>配额已满按任务规则发放安慰微豆（任务卡片上的「满额得 N」）；</li>
<li>任务名额全部收满后，任务不再出现在任务列表中。</li></ul>
<p>想少遇到名额已满：收到新任务后尽早参与，「抢答」类任务名额尤其少，开放后先到先得。</p>`,
    },
    {
      categoryId: tasks,
      title: '为什么我能做的任务很少？',
      hot: true,
      content: `<p>任务只会展示给符合条件的会员，常见原因有：</p>
<ol><li><strong>个人属性没有填写完整</strong>：性别、年龄、地区、职业等决定了你能匹配到哪些调研，请填写<a href="/user/survey">个人属性问卷</a>；部分任务还要求先完成基础问卷，任务详情页会提示；</li>
<li><strong>设备不符</strong>：有的任务只能在手机上或电脑上参与，请换到对应设备打开；</li>
<li><strong>地区不符</strong>：只面向部分省市的任务，其他地区的会员看不到或无法参与；</li>
<li><strong>已经参加过</strong>：每个任务每人只能参加一次，参加过的会移到<a href="/home/task">任务记录</a>；</li>
<li><strong>名额已满或尚未开始</strong>：抢答任务在开放时间前不能参与，名额收满后不再展示。</li></ol>
<p>新任务不定时上线，建议每天来<a href="/task">任务大厅</a>看看，顺便完成每日签到。</p>`,
    },
    {
      categoryId: tasks,
      title: '答题结果显示「答题过快」「网络环境受限」等是什么意思？',
      content: `<p>结束答题后，任务记录中会显示本次的结果：</p>
<ul><li><strong>${R[JoinResult.values.COMPLETE]}</strong>：有效完成，按任务奖励发放微豆；</li>
<li><strong>${R[JoinResult.values.SCREENED_OUT]} / ${R[JoinResult.values.QUOTA_FULL]}</strong>：见「被甄别」「配额已满」两篇说明，按任务规则发放安慰微豆；</li>
<li><strong>${R[JoinResult.values.TOO_SHORT]}</strong>：作答用时明显短于该问卷的最短用时，答卷无法采用，不发放微豆；</li>
<li><strong>${R[JoinResult.values.IP_BLOCKED]}</strong>：24 小时内同一网络（IP）下已有超过 ${c.taskIpLimit} 位其他会员参加过该任务，不发放微豆。请用自己的网络参与，不要多人共用一个网络做同一任务；</li>
<li><strong>${R[JoinResult.values.COOKIE_BLOCKED]}</strong>：这台设备已经用其他账号参加过该任务，每台设备每个任务只能参加一次；</li>
<li><strong>${R[JoinResult.values.CITY_BLOCKED]}</strong>：你所在的地区不在本次调研的范围内；</li>
<li><strong>${R[JoinResult.values.TIMED_OUT]}</strong>：开始后超过任务的答题时限仍未完成，自动结束，不发放微豆。</li></ul>
<p>这些判断由系统和合作方自动完成。如果你确认是正常作答却被判定，可以提交反馈并注明是哪个任务，我们会核实。</p>`,
    },
    {
      categoryId: tasks,
      title: '中途退出了还能继续答吗？',
      content: `<p>可以。开始答题后，只要还在任务的答题时限内，回到该任务的详情页点击「继续答题」，就会回到原来的问卷接着作答，已经答过的部分通常会保留（以合作方问卷为准）。</p>
<p>超过答题时限仍未完成的，会自动记为「${R[JoinResult.values.TIMED_OUT]}」并不再能继续，所以开始答题后请尽量一次完成。</p>`,
    },
    {
      categoryId: tasks,
      title: '站内问卷的质量检查查什么？',
      content: `<p>微豆调研自己的问卷在提交时会自动检查答题质量，出现下面的情况会被标记为低质量：</p>
<ol><li><strong>${Q[LowQualityReason.values.RANDOM_OPEN_ANSWERS]}</strong>：开放题填写无意义的内容，如重复的字、乱敲的键盘字母，或照抄题目；</li>
<li><strong>${Q[LowQualityReason.values.DUPLICATED_DATA]}</strong>：与他人的答卷完全相同，或同一设备被多个账号用来答同一份问卷；</li>
<li><strong>${Q[LowQualityReason.values.LOGIC_ERRORS]}</strong>：前后答案互相矛盾；</li>
<li><strong>${Q[LowQualityReason.values.TRAP_FAILED]}</strong>：没有按题目要求选择指定选项（用来确认你在认真读题）；</li>
<li><strong>${Q[LowQualityReason.values.IMPLAUSIBLE_COGNITION]}</strong>：选择了现实中并不存在的选项，如虚构的品牌。</li></ol>
<p>低质量答卷的奖励按问卷规则减少或不发放，也不会增加权益值。认真读题、按真实情况作答，就不会被误判。</p>`,
    },

    /* ---- 微豆与到账 ---- */
    {
      categoryId: points,
      title: '完成问卷后，微豆多久到账？',
      hot: true,
      content: `<p>问卷结束后，页面会自动跳回微豆调研并显示结果，结果确认时微豆<strong>立即到账</strong>，可在<a href="/home/gold">微豆明细</a>中查看。</p>
<p>如果你答完后直接关掉了页面，没有跳回本站，也不用担心：合作方会把结果通知我们，到账后你会收到一条站内消息。结果确认前，该任务在<a href="/home/task">任务记录</a>中显示为进行中。</p>
<h3>到账后又被扣回了？</h3>
<p>部分合作方会在事后对答卷进行审核（对账）。没有被采用的答卷，此前发放的微豆会被撤回，微豆明细里会多一条扣回记录，同时你会收到站内消息说明是哪一个任务。</p>`,
    },
    {
      categoryId: points,
      title: '每日签到能得多少微豆？',
      hot: true,
      content: `<p>登录后在<a href="/home">我的主页</a>点击签到，每天（按北京时间计算）可签到一次，连续签到奖励递增：</p>
${checkinScale()}
<p>中间断签一天，连续天数从第 1 天重新计算。签到奖励即时到账。</p>`,
    },
    {
      categoryId: points,
      title: '微豆有什么用？100 微豆值多少钱？',
      content: `<p>微豆是你在微豆调研赚到的积分，来自完成任务、每日签到和邀请好友等。</p>
<p>在<a href="/exchange">兑换中心</a>，微豆可以兑换现金、视频会员、购物卡等虚拟卡券，以及实物礼品。按面值计算，<strong>${POINTS_PER_YUAN} 微豆相当于 1 元</strong>；每件商品需要的微豆以商品页为准。</p>
<p>微豆的每一笔收入和支出都记录在<a href="/home/gold">微豆明细</a>中。</p>`,
    },
    {
      categoryId: points,
      title: '为什么我的微豆变少了？',
      content: `<p>每一笔变动都能在<a href="/home/gold">微豆明细</a>里找到原因，常见的有：</p>
<ul><li><strong>兑换商品</strong>：提交兑换时即扣除相应微豆；兑换被驳回、撤销或发放失败时会自动退还；</li>
<li><strong>任务奖励被撤回</strong>：合作方事后审核没有采用你的答卷，撤回了此前发放的微豆，同时会发站内消息告诉你是哪个任务；</li>
<li><strong>加成奖励一并撤回</strong>：被撤回的任务如果用了加成卡，加成部分也会一起撤回。</li></ul>
<p>如果明细中有你看不明白的记录，可以提交反馈，我们会帮你查。</p>`,
    },

    /* ---- 兑换与提现 ---- */
    {
      categoryId: exchange,
      title: '兑换后多久到账？各个兑换状态是什么意思？',
      hot: true,
      content: `<p>每一笔兑换都会先由工作人员审核，进度可在<a href="/home/exchange">兑换记录</a>中随时查看：</p>
<ul><li><strong>${S[ExchangeState.values.PENDING_REVIEW]}</strong>：兑换已提交，微豆已扣除，等待审核；</li>
<li><strong>${S[ExchangeState.values.TO_BE_ISSUED]}</strong>：审核通过，等待发放；</li>
<li><strong>${S[ExchangeState.values.ISSUED]}</strong>：现金已打款、卡密已发放或实物已发货；</li>
<li><strong>${S[ExchangeState.values.REJECTED]}</strong>：审核未通过，原因会显示在兑换记录里；</li>
<li><strong>${S[ExchangeState.values.REVOKED]}</strong>：兑换在审核或发放前被撤销；</li>
<li><strong>${S[ExchangeState.values.ISSUING_FAILED]}</strong>：发放时出了问题，例如收款账号有误。</li></ul>
<p>被驳回、撤销或发放失败的兑换，微豆会<strong>自动全额退还</strong>，使用的兑换券也会退回。</p>
<h3>审核通过后多久到手</h3>
<ul><li>虚拟卡券：审核通过后自动发放，卡号、卡密或兑换码显示在兑换记录和<a href="/home/card">卡券专区</a>里；</li>
<li>现金：审核通过后一般 1–3 个工作日内打款到你选择的支付宝或微信；</li>
<li>实物：审核通过后一般 7 个工作日内发货，快递单号显示在兑换记录里。</li></ul>
<p>具体时效以商品页的说明为准；法定节假日期间，现金的审核与打款顺延至节后第一个工作日。发放成功、被驳回、撤销或发放失败时，都会发站内消息通知你。</p>`,
    },
    {
      categoryId: exchange,
      title: '兑换现金需要满足什么条件？',
      hot: true,
      content: `<p>兑换现金（提现到支付宝或微信）前需要完成三件事：</p>
<ol><li><strong>实名认证</strong>：在<a href="/home/user">个人中心</a>的「更多资料」里完成实名认证；</li>
<li><strong>绑定收款账号</strong>：在个人中心的「第三方账号」里绑定支付宝或微信，现金将打到你兑换时选择的账号，<strong>收款账号的实名须与认证信息一致</strong>；</li>
<li><strong>微豆足够</strong>：余额不少于商品所需的微豆。</li></ol>
<p>此外，每件现金商品有自己的兑换次数限制（例如每人每天限兑 1 次），以商品页为准。不满足条件时，兑换按钮旁会直接告诉你还差哪一步。</p>`,
    },
    {
      categoryId: exchange,
      title: '兑换被驳回了怎么办？',
      content: `<p>驳回的原因会显示在<a href="/home/exchange">兑换记录</a>的详情里，同时会发站内消息给你。兑换扣除的微豆会自动全额退回你的余额，使用的兑换券也会退回（有效期不变）。</p>
<p>常见原因是收款账号的实名与实名认证不一致、收货信息不完整等。按原因修改后，可以重新兑换。如果对驳回有疑问，可以提交反馈。</p>`,
    },
    {
      categoryId: exchange,
      title: '兑换的卡密、兑换码在哪里看？实物寄到哪里？',
      content: `<ul><li><strong>卡密和兑换码</strong>：发放后显示在<a href="/home/exchange">兑换记录</a>的详情中，也会收进<a href="/home/card">卡券专区</a>，可一键复制；发放时还会发一条站内消息。请按商品说明在对应平台使用，卡密请勿泄露给他人；</li>
<li><strong>实物</strong>：寄往你在<a href="/home/user">个人中心</a>「更多资料」里填写的收货地址，兑换实物前请先填写；发货后快递单号显示在兑换记录里。</li></ul>`,
    },

    /* ---- 实名与账号安全 ---- */
    {
      categoryId: security,
      title: '为什么要实名认证？怎么认证？',
      hot: true,
      content: `<p>兑换现金需要先完成实名认证，这是为了确认收款人就是账号本人，保护你的微豆不被他人冒领。</p>
<ol><li>打开<a href="/home/user">个人中心</a>，在「更多资料」里点击「去实名认证」；</li>
<li>先用绑定的手机号接收短信验证码，完成身份验证；</li>
<li>填写真实姓名和 18 位身份证号（末位可以是 X），提交。</li></ol>
<h3>需要注意</h3>
<ul><li>一个身份证号只能认证一个账号；</li>
<li>认证成功后<strong>不能修改</strong>，请仔细核对；</li>
<li>我们只保存脱敏后的身份证号（如 110***********1234），页面上也只显示脱敏信息。</li></ul>`,
    },
    {
      categoryId: security,
      title: '如何修改密码、更换手机号？',
      content: `<p>都在<a href="/home/user">个人中心</a>的「账号与安全」里操作：</p>
<h3>修改登录密码</h3>
<p>可以验证原密码，也可以改用短信验证码验证，然后设置 8–64 位的新密码。修改成功后，<strong>其他设备上的登录会全部退出</strong>，当前设备保持登录。原密码 ${minutes(LOGIN_WINDOW_MS)} 分钟内输错 ${MAX_FAILURES_PER_MOBILE} 次会暂停原密码验证，此时可以改用短信验证。</p>
<h3>更换手机号</h3>
<ol><li>先用原手机号接收验证码，确认是你本人；</li>
<li>再输入新手机号并填写新手机号收到的验证码。</li></ol>
<p>新手机号不能是已注册微豆调研的号码。更换后请用新手机号登录。</p>`,
    },
    {
      categoryId: security,
      title: '怎样保护账号安全？',
      content: `<ul><li><strong>验证码不告诉任何人</strong>：微豆调研的工作人员不会以任何理由向你索要短信验证码或密码；</li>
<li>设置一个只在本站使用的登录密码，不要与其他网站相同；</li>
<li>怀疑密码泄露时立即修改密码，修改后其他设备上的登录会全部退出；</li>
<li>不要出借或出售账号，也不要用多个账号在同一设备上做同一任务，否则会被判为重复参与；</li>
<li>在公共电脑上用完请退出登录。</li></ul>
<p>发现账号有你没做过的操作（如不认识的兑换），请尽快修改密码并提交反馈。</p>`,
    },

    /* ---- 邀请好友 ---- */
    {
      categoryId: invite,
      title: '邀请好友有什么奖励？',
      hot: true,
      content: `<p>在<a href="/home/invite">邀请好友</a>页可以复制你的邀请链接或邀请码发给好友，也可以让好友扫描页面上的二维码。每邀请一位好友，你可以得到两次奖励：</p>
<ol><li>好友通过你的邀请链接或邀请码注册：你得 <strong>${INVITE_REGISTER_POINTS} 微豆</strong>；</li>
<li>好友完成第一个有效任务，成为活跃会员：你再得 <strong>${INVITE_FIRST_TASK_POINTS} 微豆</strong>和 <strong>${CREDIT_PER_ACTIVE_INVITEE} 权益值</strong>。</li></ol>
<p>每位好友的每项奖励只发放一次，发放后会收到站内消息。邀请的好友和每项奖励的状态都列在邀请好友页。</p>`,
    },
    {
      categoryId: invite,
      title: '为什么邀请奖励没有发放？',
      content: `<p>在<a href="/home/invite">邀请好友</a>页的好友列表里可以看到每项奖励的状态：</p>
<ul><li><strong>等待中</strong>：好友还没有完成第一个有效任务（被甄别、配额已满、答题过快等不算有效完成），完成后奖励自动发放；</li>
<li><strong>未发放</strong>：列表中会写明原因，常见的有：
<ul><li>好友与你使用同一台设备注册，视为自己邀请自己；</li>
<li>同一设备或同一网络 24 小时内已经注册了 ${FARM_LIMIT} 位你邀请的好友，之后的注册疑似批量注册，不发放奖励。</li></ul></li></ul>
<p>好友必须在注册时填写你的邀请码或通过你的邀请链接注册，注册后无法补填邀请人。</p>`,
    },

    /* ---- 权益与等级 ---- */
    {
      categoryId: benefits,
      title: '权益值和权益等级是什么？',
      content: `<p>权益值是认真答题的回报，和微豆分开计算，不能兑换现金，用来提升权益等级和领取权益。</p>
<h3>怎么获得</h3>
<ul><li>每有效完成一个任务：+${CREDIT_PER_COMPLETE} 权益值；</li>
<li>站内问卷有效完成且没有任何质量问题：再 +${CREDIT_GOOD_QUALITY}；</li>
<li>邀请的好友成为活跃会员：+${CREDIT_PER_ACTIVE_INVITEE}。</li></ul>
<h3>权益等级</h3>
<p>等级按累计获得的权益值计算，领取权益花掉的权益值不会让等级下降：</p>
${levelList()}
<p>等级越高，能领取的权益和能兑换的商品越多。当前权益值和等级见<a href="/home/credit">我的权益</a>。</p>`,
    },
    {
      categoryId: benefits,
      title: '加成卡、兑换券怎么使用？',
      content: `<p>在<a href="/home/credit">我的权益</a>领取的权益会放进你的账户，在有效期内使用：</p>
<ul><li><strong>微豆加成卡</strong>：在任务详情页选择使用，绑定到这个任务。任务有效完成并入账时，按卡面比例额外发放微豆；如果被甄别、配额已满或超时，加成卡自动退回，可以用在下一个任务上；</li>
<li><strong>兑换券</strong>：兑换商品时选择使用，满足使用门槛才可以用，每次兑换限用一张。兑换被驳回、撤销或发放失败时，券会退回；</li>
<li><strong>抢答优先</strong>：在尚未开放的抢答任务详情页使用，可比其他会员提前参与。</li></ul>
<p>每种权益的具体规则（比例、门槛、有效期、需要的等级）以权益详情页为准。</p>`,
    },
  ];
}

/** Seed the help tree and the demo articles once; returns how many articles were added (0 when already seeded). */
export async function seedDemoHelp(ctx: AppContext): Promise<number> {
  const articles = helpArticles(ctx.config);
  return ctx.db.transaction(async (tx: Tx) => {
    const now = ctx.now();
    if (!(await claimSeed(tx, MARKER, now))) return 0;
    const w = { db: tx, now: ctx.now };
    await ensureHelpTree(tx);
    for (const article of articles) await publishHelpQuestion(w, article);
    return articles.length;
  });
}
