import { matchPath } from 'react-router-dom';
import type { RouteInfo } from './routeInfo';

/**
 * THE route table as data (spec §2, DESIGN §4): each route's path, layout group, public flag,
 * zh-CN title (document title = 微豆调研 - title), H5 flag (title untouched) and the page folder
 * that renders it. `area: 'home'` routes render inside the /home layout with the sidebar.
 * It imports no page, so anything may ask "is this path routed?"; src/app/routes.tsx adds the
 * lazy page loaders. A new page adds its route here and its folder to `PageId` (src/routing/routeInfo.ts,
 * the table's types; docs/add-a-page.md).
 */

export type { LayoutGroup, PageId, RouteInfo } from './routeInfo';

/** The survey hand-off screens (`?id=<task hash id>`): one screen, one chunk. */
const HANDOFF_PATHS = ['/task/go', '/task/agent/go', '/task/mp/go', '/cloud/gmo/go', '/cloud/agent/go'] as const;
/** Where partners send members back, and the result page `/survey/end`: one screen, one chunk. */
export const RETURN_PATHS = [
  '/task/back',
  '/task/welcome/back',
  '/task/back/failure',
  '/cloud/agent/back',
  '/callback.php',
  '/survey/end',
] as const;

/**
 * The social-login callbacks (spec §2): one screen behind all four. Deliberately NOT in the
 * guard's logged-out-only list: a member binding an account from /home/user comes back here.
 */
const SNS_CALLBACK_PATHS = [
  '/open/alipay/callback',
  '/open/wechat/callback',
  '/open/qq/callback.php',
  '/open/sina/callback.php',
] as const;

export const ROUTES: readonly RouteInfo[] = [
  { path: '/', layout: 'full', public: true, prerender: true, page: 'landing' },
  {
    path: '/404',
    prerender: true,
    layout: 'full',
    public: true,
    title: '页面不存在',
    page: 'not-found',
  },
  {
    path: '/updating',
    prerender: true,
    layout: 'bare',
    public: true,
    title: '系统维护中',
    page: 'updating',
  },
  {
    path: '/about',
    layout: 'full',
    public: true,
    prerender: true,
    title: '关于我们',
    page: 'about',
  },
  {
    path: '/agreement',
    prerender: true,
    layout: 'full',
    public: true,
    title: '用户协议',
    page: 'agreement',
  },
  {
    path: '/privacy',
    prerender: true,
    layout: 'full',
    public: true,
    title: '隐私政策',
    page: 'privacy',
  },
  {
    path: '/privacy/sdk',
    prerender: true,
    layout: 'full',
    public: true,
    title: '第三方SDK目录',
    page: 'sdk-list',
  },
  {
    path: '/cooperate',
    prerender: true,
    layout: 'full',
    public: true,
    title: '商务合作',
    page: 'cooperate',
  },
  {
    path: '/product',
    prerender: true,
    layout: 'full',
    public: true,
    title: '产品介绍',
    page: 'product',
  },
  /* ---- accounts ---- */
  { path: '/login', layout: 'header', public: true, title: '登录', page: 'login' },
  {
    path: '/register',
    layout: 'header',
    public: true,
    title: '注册',
    page: 'register',
  },
  {
    path: '/password',
    layout: 'header',
    public: true,
    title: '找回密码',
    page: 'password',
  },
  { path: '/bind', layout: 'header', public: true, title: '绑定手机号', page: 'bind' },
  { path: '/login/third', layout: 'header', public: true, title: '第三方登录', page: 'third-login' },
  ...SNS_CALLBACK_PATHS.map((path): RouteInfo => ({
    path,
    layout: 'header',
    public: true,
    title: '第三方登录',
    h5: false,
    page: 'third-login',
  })),
  {
    // Opened on the phone by scanning the desktop's QR code; a logged-out visitor logs in first.
    path: '/qrcode/confirm',
    layout: 'bare',
    public: false,
    title: '确认登录',
    h5: true,
    page: 'qr-confirm',
  },
  { path: '/invite', layout: 'header', public: true, title: '邀请注册', page: 'invite' },
  // The app's share link: opened inside WeChat/the app webview, so no site header, H5 title.
  { path: '/app/invite', layout: 'bare', public: true, title: '邀请注册', h5: true, page: 'invite' },
  {
    path: '/home',
    layout: 'full',
    public: false,
    title: '我的主页',
    area: 'home',
    page: 'home',
  },
  /* ---- messages: the bell opens them (spec §2 Header); not a sidebar item (spec §2 Home area) ---- */
  {
    path: '/home/message',
    layout: 'full',
    public: false,
    title: '我的消息',
    area: 'home',
    page: 'messages',
  },
  {
    path: '/home/message/:id',
    layout: 'full',
    public: false,
    title: '消息详情',
    area: 'home',
    page: 'message-detail',
  },
  {
    path: '/home/gold',
    layout: 'full',
    public: false,
    title: '微豆明细',
    area: 'home',
    page: 'gold',
  },
  {
    path: '/home/notices/:id',
    layout: 'full',
    public: false,
    title: '公告详情',
    area: 'home',
    page: 'notice',
  },
  {
    path: '/home/user',
    layout: 'full',
    public: false,
    title: '个人中心',
    area: 'home',
    page: 'user',
  },
  /* ---- feedback: the form and one ticket (帮助与反馈 in the sidebar is /home/feedback) ---- */
  {
    path: '/home/feedback/ask',
    layout: 'full',
    public: false,
    title: '提交反馈',
    area: 'home',
    page: 'feedback-ask',
  },
  {
    path: '/home/feedback/:id',
    layout: 'full',
    public: false,
    title: '反馈详情',
    area: 'home',
    page: 'feedback-detail',
  },
  /* ---- benefits, credit and invites ---- */
  {
    path: '/home/card',
    layout: 'full',
    public: false,
    title: '卡券专区',
    area: 'home',
    page: 'card',
  },
  {
    path: '/home/credit',
    layout: 'full',
    public: false,
    title: '我的权益',
    area: 'home',
    page: 'credit',
  },
  {
    path: '/home/creditDetails',
    layout: 'full',
    public: false,
    title: '权益值明细',
    area: 'home',
    page: 'credit-details',
  },
  {
    path: '/home/invite',
    layout: 'full',
    public: false,
    title: '邀请好友',
    area: 'home',
    page: 'home-invite',
  },
  /* ---- answer quality (答题质量, glossary "Efficient"): public (spec §2); a visitor reads the rules, a member their own figures ---- */
  {
    path: '/efficient',
    layout: 'full',
    public: true,
    title: '答题质量',
    page: 'efficient',
  },
  {
    path: '/efficient/detail',
    layout: 'full',
    public: true,
    title: '无效答卷明细',
    page: 'efficient-detail',
  },
  {
    path: '/efficient/level',
    layout: 'full',
    public: true,
    title: '质量等级',
    page: 'efficient-level',
  },
  {
    path: '/efficient/qualityAnalysis',
    layout: 'full',
    public: true,
    title: '质量分析',
    page: 'quality-analysis',
  },
  {
    path: '/efficient/monthly-report',
    layout: 'full',
    public: true,
    title: '答题月报',
    page: 'monthly-report',
  },
  /* ---- help and feedback (the sidebar's 帮助与反馈, current on the help pages too; links to them: src/routing/feedback.ts) ---- */
  {
    path: '/home/feedback',
    layout: 'full',
    public: false,
    title: '帮助与反馈',
    area: 'home',
    page: 'feedback-hub',
  },
  {
    path: '/home/feedback/help/:category',
    layout: 'full',
    public: false,
    title: '帮助中心',
    area: 'home',
    page: 'help-category',
  },
  {
    path: '/home/feedback/help/:category/:id',
    layout: 'full',
    public: false,
    title: '帮助详情',
    area: 'home',
    page: 'help-article',
  },
  /* ---- the ranking and its answering tips: public (spec §2); a member also sees their own rank ---- */
  {
    path: '/ranking',
    layout: 'full',
    public: true,
    title: '排行榜',
    page: 'ranking',
  },
  {
    path: '/ranking/article/:id',
    layout: 'full',
    public: true,
    title: '答题技巧',
    page: 'ranking-article',
  },
  /* ---- 月度答题之星: public (spec §2); a member also sees their own place and this month's progress ---- */
  { path: '/appraise', layout: 'full', public: true, title: '月度答题之星', page: 'appraise' },
  /* ---- the lucky wheel: public per spec §2 (visitors see the wheel and prizes); spins for members ---- */
  { path: '/lottery', layout: 'full', public: true, title: '幸运大转盘', page: 'lottery' },
  /* ---- prize trials: public (visitors see trials and results); applying for members ---- */
  { path: '/prize', layout: 'full', public: true, title: '产品试用', page: 'prize' },
  { path: '/prize/result', layout: 'full', public: true, title: '试用开奖结果', page: 'prize-result' },
  // A winner's report-back questionnaire, once the product was sent (linked from /prize/result).
  { path: '/prize/report', layout: 'header', public: false, title: '试用报告', page: 'prize-report' },
  /* ---- the newcomer course and its quiz: public per spec §2; progress and the quiz for members ---- */
  { path: '/course', layout: 'full', public: true, title: '新手课程', page: 'course' },
  { path: '/course/:id', layout: 'full', public: true, title: '新手课程', page: 'lesson' },
  { path: '/answerSheet', layout: 'full', public: true, title: '新手答题', page: 'answer-sheet' },
  { path: '/answerSheet/result', layout: 'full', public: true, title: '答题结果', page: 'quiz-result' },
  /* ---- exchange: the catalogue and reward pages are open to visitors (spec §2) ---- */
  {
    path: '/exchange',
    layout: 'full',
    public: true,
    title: '兑换中心',
    page: 'exchange',
  },
  {
    path: '/exchange/detail/:id',
    layout: 'full',
    public: true,
    title: '商品详情',
    page: 'reward-detail',
  },
  {
    // Public (spec §2): the member's own new exchange; a visitor reads what follows a redemption and the login prompt.
    path: '/exchange/success',
    layout: 'full',
    public: true,
    title: '兑换结果',
    page: 'exchange-success',
  },
  {
    path: '/home/exchange',
    layout: 'full',
    public: false,
    title: '兑换记录',
    area: 'home',
    page: 'home-exchange',
  },
  /* ---- tasks: logged-out visitors choosing 任务 go to login (the guard) ---- */
  {
    path: '/task',
    layout: 'full',
    public: false,
    title: '任务',
    page: 'task-list',
  },
  {
    path: '/task/summary',
    layout: 'full',
    public: false,
    title: '任务概况',
    page: 'task-summary',
  },
  {
    path: '/task/detail/:id',
    layout: 'full',
    public: false,
    title: '任务详情',
    page: 'task-detail',
  },
  {
    path: '/home/task',
    layout: 'full',
    public: false,
    title: '任务记录',
    area: 'home',
    page: 'task-records',
  },
  /* ---- in-house questionnaires ---- */
  {
    // The entry URL of an in-house poll task (POST /process/tasks/{hashId}/start): ?rid=<answer id>.
    path: '/task/poll/:id',
    layout: 'header',
    public: false,
    title: '问卷作答',
    page: 'task-poll',
  },
  {
    // Public per spec §2; answering needs a login (the page prompts and comes back).
    path: '/user/survey',
    layout: 'full',
    public: true,
    title: '个人属性问卷',
    page: 'user-survey',
  },
  /* ---- survey hand-off and callback (public per spec §2, the page asks for a login) ---- */
  ...HANDOFF_PATHS.map((path): RouteInfo => ({
    path,
    layout: 'header',
    public: true,
    title: '前往任务',
    page: 'task-go',
  })),
  ...RETURN_PATHS.map((path): RouteInfo => ({
    path,
    layout: 'header',
    public: true,
    title: '答题结果',
    page: 'task-back',
  })),
  { path: '/browse/redirect', layout: 'header', public: true, title: '浏览任务', page: 'browse' },
  /* ---- the app, the share poster and campaigns (glossary "Drainage", "Share", "Recruit") ---- */
  { path: '/app', layout: 'full', public: true, title: '微豆调研 App', page: 'app-download' },
  { path: '/app/down', layout: 'full', public: true, title: '下载 App', page: 'app-download' },
  // The landing of ads and shared links, opened in WeChat and other apps: no site header, H5 title.
  { path: '/drainage', layout: 'bare', public: true, title: '下载微豆调研 App', h5: true, page: 'app-download' },
  // Public (spec §2); the poster needs the member's invite code, so a visitor is asked to log in.
  { path: '/share', layout: 'full', public: true, title: '分享海报', page: 'share' },
  { path: '/activities/recruit', layout: 'full', public: true, title: '校园推广官招募', page: 'recruit' },
  /* ---- 福利中心: every live campaign and perk in one list (the tab bar's and the header's 福利) ---- */
  { path: '/welfare', layout: 'full', public: true, title: '福利中心', page: 'welfare' },
  /*
   * ---- seasonal campaigns (glossary "Christmas"): public; chances, draws and records for members. Each
   * campaign at its slug; the Christmas one keeps /christmas (campaignPaths). The page puts the
   * campaign's own title in the document title once it is loaded ----
   */
  { path: '/christmas', layout: 'full', public: true, title: '圣诞狂欢季', page: 'campaign' },
  { path: '/christmas/records', layout: 'full', public: true, title: '我的圣诞抽奖记录', page: 'campaign-records' },
  { path: '/campaigns/:slug', layout: 'full', public: true, title: '季节活动', page: 'campaign' },
  { path: '/campaigns/:slug/records', layout: 'full', public: true, title: '我的抽奖记录', page: 'campaign-records' },
  /*
   * ---- the discussion-group forum (glossary "Forum (bbs)"): the board is open (bbs-id; it shows a
   * visitor the login); a topic (bbs-topic-id) and a participant's posts (bbs-user) need a login, and a
   * visitor who remembers a task is sent to its board (src/routing/guards.ts) ----
   */
  { path: '/bbs/:taskHashId', layout: 'full', public: true, title: '座谈会', page: 'forum-board' },
  { path: '/bbs/:taskHashId/topics/:topicId', layout: 'full', public: false, title: '话题', page: 'forum-topic' },
  { path: '/bbs/:taskHashId/users/:memberId', layout: 'full', public: false, title: '发言记录', page: 'forum-member' },
  {
    path: '/bbs/:taskHashId/respondents',
    layout: 'full',
    public: false,
    title: '受访者进度',
    page: 'forum-respondents',
  },
];

export interface RouteMatch<R extends RouteInfo = RouteInfo> {
  route: R;
  params: Record<string, string | undefined>;
}

/** The route of a pathname (trailing slash tolerated), or null for an unknown path. */
export function matchRoute(pathname: string): RouteMatch | null;
/** The same over another table with the same paths (the app's, which adds the page loaders). */
export function matchRoute<R extends RouteInfo>(pathname: string, table: readonly R[]): RouteMatch<R> | null;
export function matchRoute(pathname: string, table: readonly RouteInfo[] = ROUTES): RouteMatch | null {
  for (const route of table) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

/** Whether a page renders `pathname`: a page not built yet is not routed, and nothing links to it. */
export function isRouted(pathname: string): boolean {
  return matchRoute(pathname) !== null;
}

/**
 * An in-site link (`/home/exchange?id=3`, as operators and the server write them) when a page
 * renders its path, else undefined: a link to a page not built yet, or not a path of this site.
 */
export function routedHref(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const pathname = href.split(/[?#]/, 1)[0]!;
  return isRouted(pathname) ? href : undefined;
}

/** The login page, coming back to `path` (with its query) afterwards: `/login?redirect=%2Fefficient`. */
export const loginFor = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

/** 个人中心: the profile, security, bindings, real name and delivery address. */
export const USER_CENTRE_PATH = '/home/user';

export const RANKING_PATH = '/ranking';
/** 福利中心: the campaigns and perks. */
export const WELFARE_PATH = '/welfare';
/** The Christmas campaign's slug: its pages are `/christmas` and `/christmas/records`. */
export const CHRISTMAS_SLUG = 'christmas';

/**
 * A seasonal campaign's pages by its slug: `/campaigns/spring`, `/campaigns/spring/records`; the
 * Christmas one at `/christmas`, `/christmas/records` (its address since the first season).
 */
export const campaignPaths = {
  page: (slug: string) => (slug === CHRISTMAS_SLUG ? '/christmas' : `/campaigns/${encodeURIComponent(slug)}`),
  records: (slug: string) => `${campaignPaths.page(slug)}/records`,
};

/** The campaign a campaign page's route shows: its `:slug`, or Christmas on `/christmas`. */
export const campaignSlugOf = (params: Record<string, string | undefined>) => params.slug ?? CHRISTMAS_SLUG;

/** 月度答题之星 (`/appraise?month=2026-10`). */
export const APPRAISE_PATH = '/appraise';
/** 质量等级: what each answer-quality level unlocks; where a task or reward's quality minimum links to. */
export const QUALITY_LEVEL_PATH = '/efficient/level';
/** One answering-tips article (`/ranking/article/3`). */
export const rankingArticlePath = (id: number) => `/ranking/article/${id}`;

/** The articles of a help category (`/home/feedback/help/2104`). */
export const helpCategoryPath = (categoryId: number) => `/home/feedback/help/${categoryId}`;

/** One help article (`/home/feedback/help/2104/15`). */
export const helpArticlePath = (categoryId: number, id: number) => `${helpCategoryPath(categoryId)}/${id}`;

/** `pathname` when a page renders it, else undefined: a link to a page that may not be built yet. */
export function routedPath(pathname: string): string | undefined {
  return isRouted(pathname) ? pathname : undefined;
}

/** A discussion group's board, one of its topics, and one participant's posts there. */
export const forumPaths = {
  board: (taskHashId: string) => `/bbs/${encodeURIComponent(taskHashId)}`,
  topic: (taskHashId: string, topicId: number) => `/bbs/${encodeURIComponent(taskHashId)}/topics/${topicId}`,
  member: (taskHashId: string, memberId: number) => `/bbs/${encodeURIComponent(taskHashId)}/users/${memberId}`,
  /** The moderator's list of respondents with their progress. */
  respondents: (taskHashId: string) => `/bbs/${encodeURIComponent(taskHashId)}/respondents`,
};

/** The app's pages: introduction, download, and the landing of ads and shared links. */
export const APP_PATHS = { intro: '/app', download: '/app/down', landing: '/drainage' } as const;

/*
 * ---- The other pages' paths, for links and redirects: eslint.config.js allows a path string only
 * in src/routing/, so a page is linked by one name and a path is written once ----
 */

/** The landing (`/`). */
export const LANDING_PATH = '/';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
/** 找回密码. */
export const PASSWORD_PATH = '/password';
/** Registration with a friend's invite code (`/register?invite=AB12CD`). */
export const registerWithInvite = (code: string) => `${REGISTER_PATH}?invite=${encodeURIComponent(code)}`;
/** The login page with `query` (`/login?mobile=…&redirect=…`): after a registration of a known mobile. */
export const loginWith = (query: URLSearchParams) => `${LOGIN_PATH}?${query}`;

/** The maintenance screen (`/updating?from=…`). */
export const UPDATING_PATH = '/updating';
export const ABOUT_PATH = '/about';
export const AGREEMENT_PATH = '/agreement';
export const PRIVACY_PATH = '/privacy';
/** 第三方SDK目录. */
export const SDK_LIST_PATH = '/privacy/sdk';
export const COOPERATE_PATH = '/cooperate';

/** 我的主页: the member area's own page (the /home layout's index). */
export const MEMBER_HOME_PATH = '/home';
/** 我的消息, and one message (`/home/message/3`). */
export const MESSAGES_PATH = '/home/message';
export const messagePath = (id: number) => `${MESSAGES_PATH}/${id}`;
/** One notice (`/home/notices/3`). */
export const noticePath = (id: number) => `/home/notices/${id}`;
/** 微豆明细. */
export const GOLD_PATH = '/home/gold';
/** 卡券专区. */
export const CARD_PATH = '/home/card';
/** 我的权益, and 权益值明细. */
export const CREDIT_PATH = '/home/credit';
export const CREDIT_DETAILS_PATH = '/home/creditDetails';
/** 邀请好友. */
export const HOME_INVITE_PATH = '/home/invite';
/** 分享海报. */
export const SHARE_PATH = '/share';

/** 任务: the list (`/task?module=2` opens one module), 任务概况, a task, its hand-off screen. */
export const TASKS_PATH = '/task';
export const tasksInModule = (module: number) => `${TASKS_PATH}?module=${module}`;
export const TASK_SUMMARY_PATH = '/task/summary';
export const taskDetailPath = (hashId: string) => `/task/detail/${encodeURIComponent(hashId)}`;
/** The hand-off screen (`/task/go?id=…`) that sends the member to the survey. */
export const taskGoPath = (hashId: string) => `/task/go?id=${encodeURIComponent(hashId)}`;
/** 任务记录. */
export const TASK_RECORDS_PATH = '/home/task';
/** 个人属性问卷. */
export const USER_SURVEY_PATH = '/user/survey';
/** The survey result page, and an in-house poll's answer there (`/survey/end?rid=…`). */
export const SURVEY_END_PATH = '/survey/end';
export const surveyEndPath = (rid: string) => `${SURVEY_END_PATH}?rid=${encodeURIComponent(rid)}`;

/** 兑换中心, a reward (`/exchange/detail/3`), a new exchange's result (`/exchange/success?id=3`). */
export const EXCHANGE_PATH = '/exchange';
export const rewardDetailPath = (id: number) => `${EXCHANGE_PATH}/detail/${id}`;
export const exchangeSuccessPath = (id: number) => `${EXCHANGE_PATH}/success?id=${id}`;
/** 兑换记录, and one exchange's detail there (`/home/exchange?id=3`). */
export const EXCHANGE_RECORDS_PATH = '/home/exchange';
export const exchangeRecordPath = (id: number) => `${EXCHANGE_RECORDS_PATH}?id=${id}`;

/** 答题质量 and its pages (质量等级 is QUALITY_LEVEL_PATH). */
export const EFFICIENT_PATH = '/efficient';
export const EFFICIENT_DETAIL_PATH = '/efficient/detail';
export const QUALITY_ANALYSIS_PATH = '/efficient/qualityAnalysis';
export const MONTHLY_REPORT_PATH = '/efficient/monthly-report';

/** 新手课程, a lesson (`/course/3`), 新手答题 and an attempt's result. */
export const COURSE_PATH = '/course';
export const lessonPath = (id: number) => `${COURSE_PATH}/${id}`;
export const ANSWER_SHEET_PATH = '/answerSheet';
export const quizResultPath = (attemptId: number) => `${ANSWER_SHEET_PATH}/result?attempt=${attemptId}`;

/** 幸运大转盘, 产品试用 (a trial: `/prize?id=3`), 校园推广官招募. */
export const LOTTERY_PATH = '/lottery';
export const PRIZE_PATH = '/prize';
export const prizeDetailPath = (id: number) => `${PRIZE_PATH}?id=${id}`;
export const prizeResultPath = (id: number) => `${PRIZE_PATH}/result?id=${id}`;
export const prizeReportPath = (id: number) => `${PRIZE_PATH}/report?id=${id}`;
export const RECRUIT_PATH = '/activities/recruit';

/** The social-login callback path of each provider (the same paths as the routes' SNS_CALLBACK_PATHS). */
export const SNS_CALLBACK_PATH = {
  alipay: '/open/alipay/callback',
  wechat: '/open/wechat/callback',
  qq: '/open/qq/callback.php',
  weibo: '/open/sina/callback.php',
} as const;
/** 页面不存在: where a malformed id in a page's address goes. */
export const NOT_FOUND_PATH = '/404';
/** 帮助与反馈 (the sidebar's; its ask form and tickets: src/routing/feedback.ts). */
export const FEEDBACK_HUB_PATH = '/home/feedback';
