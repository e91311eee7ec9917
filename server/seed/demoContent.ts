/**
 * Demo content of the member centre for a fresh `npm start` (SEED_DEMO): three notices (one
 * pinned), banners for the landing page, /home and /task, a login banner, one campaign and an app
 * release per platform. Images are files of this site (public/promo/), so the demo works offline.
 * Seeded once per database: a kv marker claimed in the same transaction as the rows, so a restart
 * (or two processes starting together) adds nothing, and what operators change later is kept.
 */
import type { AppContext } from '../context';
import type { Tx } from '../kernel/db';
import { claimSeed } from './marker';
import { DAY_MS } from '../kernel/time';
import { publishNotice, type NoticeInput } from '../modules/notices/admin';
import { publishPromotion, type PromotionInput } from '../modules/promotions/admin';
import { setRelease, type ReleaseInput } from '../modules/releases/service';

const MARKER = 'seed:content-demo';

/**
 * In-site paths the demo links to. The server cannot ask the client's route table; each of these
 * is a built page, and tests/api/promotions.test.ts checks them against src/routing/paths.ts.
 */
export const DEMO_LINKS = ['/register', '/exchange', '/home/invite', '/user/survey', '/task', '/product', '/home'];

const image = (name: string) => ({ image: `/promo/${name}.svg`, mobileImage: `/promo/${name}-m.svg` });

export const DEMO_NOTICES: (NoticeInput & { daysAgo: number })[] = [
  {
    title: '微豆调研会员中心上线：消息、公告与活动一站查看',
    pinned: true,
    daysAgo: 1,
    content: `<p>为了让你更方便地了解账户动态，<strong>我的主页</strong>新增了以下内容：</p>
<ul><li>未读公告提醒：重要通知第一时间看到；</li><li>轮播图与活动：新人福利、限时任务一目了然；</li><li>个人属性问卷提醒：完善画像，收到更多任务邀请。</li></ul>
<p>现在就去<a href="/user/survey">完善个人属性</a>，看看有哪些适合你的新任务吧。</p>`,
  },
  {
    title: '节假日期间现金兑换顺延发放的说明',
    daysAgo: 3,
    content: `<p>法定节假日期间，现金兑换的审核与打款顺延至节后第一个工作日，虚拟卡券照常自动发放。</p>
<p>兑换进度可在<a href="/home/exchange">兑换记录</a>中随时查看；被驳回的兑换会原路退还微豆。</p>`,
  },
  {
    title: '关于认真作答与质量检查',
    daysAgo: 6,
    content: `<p>每份问卷都会经过质量检查。随意填写开放题、前后矛盾或未通过注意力题的答卷将被判为无效，不发放微豆。</p>
<h3>如何提高有效率</h3>
<ol><li>读完题目再作答，按真实情况选择；</li><li>开放题写出具体想法，避免复制粘贴；</li><li>中途离开后请在规定时间内回来完成。</li></ol>`,
  },
];

export const DEMO_PROMOTIONS: PromotionInput[] = [
  {
    kind: 'banner',
    placement: 'landing',
    title: '新人注册礼：完成新手任务领 50 微豆',
    ...image('banner-newcomer'),
    link: '/register',
    sortOrder: 1,
  },
  {
    kind: 'banner',
    placement: 'landing',
    title: '微豆兑好礼：现金、卡券、实物随心换',
    ...image('banner-rewards'),
    link: '/exchange',
    sortOrder: 2,
  },
  {
    kind: 'banner',
    placement: 'home',
    title: '邀请好友一起赚微豆',
    ...image('banner-invite'),
    link: '/home/invite',
    sortOrder: 1,
  },
  {
    kind: 'banner',
    placement: 'home',
    title: '完善个人属性，收到更多任务邀请',
    ...image('banner-survey'),
    link: '/user/survey',
    sortOrder: 2,
  },
  {
    kind: 'banner',
    placement: 'task',
    title: '限时抢答：名额有限，先到先得',
    ...image('banner-snap'),
    link: '/task?module=3',
    sortOrder: 1,
  },
  {
    kind: 'banner',
    placement: 'task',
    title: '邀请好友一起赚微豆',
    ...image('banner-invite'),
    link: '/home/invite',
    sortOrder: 2,
  },
  {
    kind: 'login',
    title: '认真答问卷，每一份意见都有回报',
    image: '/promo/login-welcome.svg',
    mobileImage: '/promo/login-welcome-m.svg',
    link: '/product',
  },
  {
    kind: 'event',
    placement: 'all',
    title: '每日签到挑战',
    summary: '连续签到 7 天，每天最高 20 微豆',
    image: '/promo/event-checkin.svg',
    link: '/home',
  },
];

/** Days the demo campaign runs from the first start. */
const EVENT_DAYS = 90;

/**
 * The demo's app releases: only for a platform whose download link is configured
 * (`APP_DOWNLOAD_ANDROID_URL`, `APP_STORE_URL`); without one the download page says 即将上线.
 */
export function demoReleases(links: { android: string | null; ios: string | null } | undefined): ReleaseInput[] {
  const notes = '任务提醒更及时，兑换记录支持筛选。';
  const releases: ReleaseInput[] = [];
  if (links?.android)
    releases.push({ platform: 'android', version: '2.6.0', url: links.android, size: 38_600_000, notes });
  if (links?.ios) releases.push({ platform: 'ios', version: '2.6.0', url: links.ios, notes });
  return releases;
}

/** Seed the demo content once; returns how many rows were added (0 when already seeded). */
export async function seedDemoContent(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx: Tx) => {
    if (!(await claimSeed(tx, MARKER, now))) return 0;
    const w = { db: tx, now: ctx.now };
    for (const { daysAgo, ...notice } of DEMO_NOTICES)
      await publishNotice(w, { ...notice, publishAt: now - daysAgo * DAY_MS });
    const isPage = (pathname: string) => DEMO_LINKS.includes(pathname);
    for (const p of DEMO_PROMOTIONS)
      await publishPromotion(w, p.kind === 'event' ? { ...p, endAt: now + EVENT_DAYS * DAY_MS } : p, { isPage });
    const releases = demoReleases(ctx.config.appDownload);
    for (const r of releases) await setRelease(w, r);
    return DEMO_NOTICES.length + DEMO_PROMOTIONS.length + releases.length;
  });
}
