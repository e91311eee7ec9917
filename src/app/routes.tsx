import { matchPath } from 'react-router-dom';
import type { PageLoader } from './lazyPage';

/**
 * THE route table (spec §2, DESIGN §4). Each route: path, layout group, public flag,
 * zh-CN title (document title = 微豆调研 - title), H5 flag (title untouched), and its lazily
 * loaded page. `area: 'home'` routes render inside the /home layout with the sidebar.
 * Later issues add their routes here.
 */

/** 'full' = header + footer; 'header' = header only; 'bare' = neither. */
export type LayoutGroup = 'full' | 'header' | 'bare';

export interface AppRoute {
  path: string;
  layout: LayoutGroup;
  public: boolean;
  /** Shown after the product name in the document title; none = product name only. */
  title?: string;
  /** H5 pages (app webviews) keep whatever title they set. */
  h5?: boolean;
  /** Renders inside the /home layout (left sidebar). */
  area?: 'home';
  /** Static public page: its HTML is prerendered at build time (scripts/prerender.mjs). */
  prerender?: boolean;
  load: PageLoader;
}

/** `/login/third` and the four provider callback paths render the one callback screen (one chunk). */
const loadThirdLogin: PageLoader = () => import('../pages/login-third/ThirdLoginPage');
const loadInvite: PageLoader = () => import('../pages/invite/InvitePage');

/** The survey hand-off screens (`?id=<task hash id>`): one screen, one chunk. */
export const HANDOFF_PATHS = ['/task/go', '/task/agent/go', '/task/mp/go', '/cloud/gmo/go', '/cloud/agent/go'] as const;
/** Where partners send members back, and the result page `/survey/end`: one screen, one chunk. */
export const RETURN_PATHS = [
  '/task/back',
  '/task/welcome/back',
  '/task/back/failure',
  '/cloud/agent/back',
  '/callback.php',
  '/survey/end',
] as const;
const loadTaskGo: PageLoader = () => import('../pages/task-go/TaskGoPage');
const loadTaskBack: PageLoader = () => import('../pages/task-back/TaskBackPage');
const loadBrowse: PageLoader = () => import('../pages/browse/BrowsePage');

/**
 * The social-login callbacks (spec §2): one screen behind all four. Deliberately NOT in the
 * guard's logged-out-only list: a member binding an account from /home/user comes back here.
 */
export const SNS_CALLBACK_PATHS = [
  '/open/alipay/callback',
  '/open/wechat/callback',
  '/open/qq/callback.php',
  '/open/sina/callback.php',
] as const;

export const routes: readonly AppRoute[] = [
  { path: '/', layout: 'full', public: true, prerender: true, load: () => import('../pages/landing/LandingPage') },
  {
    path: '/404',
    prerender: true,
    layout: 'full',
    public: true,
    title: '页面不存在',
    load: () => import('../pages/not-found/NotFoundPage'),
  },
  {
    path: '/updating',
    prerender: true,
    layout: 'bare',
    public: true,
    title: '系统维护中',
    load: () => import('../pages/updating/UpdatingPage'),
  },
  {
    path: '/about',
    layout: 'full',
    public: true,
    prerender: true,
    title: '关于我们',
    load: () => import('../pages/about/AboutPage'),
  },
  {
    path: '/agreement',
    prerender: true,
    layout: 'full',
    public: true,
    title: '用户协议',
    load: () => import('../pages/agreement/AgreementPage'),
  },
  {
    path: '/privacy',
    prerender: true,
    layout: 'full',
    public: true,
    title: '隐私政策',
    load: () => import('../pages/privacy/PrivacyPage'),
  },
  {
    path: '/privacy/sdk',
    prerender: true,
    layout: 'full',
    public: true,
    title: '第三方SDK目录',
    load: () => import('../pages/privacy-sdk/SdkListPage'),
  },
  {
    path: '/cooperate',
    prerender: true,
    layout: 'full',
    public: true,
    title: '商务合作',
    load: () => import('../pages/cooperate/CooperatePage'),
  },
  {
    path: '/product',
    prerender: true,
    layout: 'full',
    public: true,
    title: '产品介绍',
    load: () => import('../pages/product/ProductPage'),
  },
  /* ---- accounts (issue 3) ---- */
  { path: '/login', layout: 'header', public: true, title: '登录', load: () => import('../pages/login/LoginPage') },
  {
    path: '/register',
    layout: 'header',
    public: true,
    title: '注册',
    load: () => import('../pages/register/RegisterPage'),
  },
  {
    path: '/password',
    layout: 'header',
    public: true,
    title: '找回密码',
    load: () => import('../pages/password/PasswordPage'),
  },
  { path: '/bind', layout: 'header', public: true, title: '绑定手机号', load: () => import('../pages/bind/BindPage') },
  { path: '/login/third', layout: 'header', public: true, title: '第三方登录', load: loadThirdLogin },
  ...SNS_CALLBACK_PATHS.map((path): AppRoute => ({
    path,
    layout: 'header',
    public: true,
    title: '第三方登录',
    h5: false,
    load: loadThirdLogin,
  })),
  {
    // Opened on the phone by scanning the desktop's QR code; a logged-out visitor logs in first.
    path: '/qrcode/confirm',
    layout: 'bare',
    public: false,
    title: '确认登录',
    h5: true,
    load: () => import('../pages/qrcode-confirm/QrConfirmPage'),
  },
  { path: '/invite', layout: 'header', public: true, title: '邀请注册', load: loadInvite },
  // The app's share link: opened inside WeChat/the app webview, so no site header, H5 title.
  { path: '/app/invite', layout: 'bare', public: true, title: '邀请注册', h5: true, load: loadInvite },
  {
    path: '/home',
    layout: 'full',
    public: false,
    title: '我的主页',
    area: 'home',
    load: () => import('../pages/home/HomePage'),
  },
  {
    path: '/home/gold',
    layout: 'full',
    public: false,
    title: '微豆明细',
    area: 'home',
    load: () => import('../pages/gold/GoldPage'),
  },
  /* ---- benefits, credit and invites (issue 5) ---- */
  {
    path: '/home/card',
    layout: 'full',
    public: false,
    title: '卡券专区',
    area: 'home',
    load: () => import('../pages/card/CardPage'),
  },
  {
    path: '/home/credit',
    layout: 'full',
    public: false,
    title: '我的权益',
    area: 'home',
    load: () => import('../pages/credit/CreditPage'),
  },
  {
    path: '/home/creditDetails',
    layout: 'full',
    public: false,
    title: '权益值明细',
    area: 'home',
    load: () => import('../pages/credit-details/CreditDetailsPage'),
  },
  {
    path: '/home/invite',
    layout: 'full',
    public: false,
    title: '邀请好友',
    area: 'home',
    load: () => import('../pages/home-invite/HomeInvitePage'),
  },
  /* ---- exchange (issue 5): the catalogue and reward pages are open to visitors (spec §2) ---- */
  {
    path: '/exchange',
    layout: 'full',
    public: true,
    title: '兑换中心',
    load: () => import('../pages/exchange/ExchangePage'),
  },
  {
    path: '/exchange/detail/:id',
    layout: 'full',
    public: true,
    title: '商品详情',
    load: () => import('../pages/exchange-detail/RewardDetailPage'),
  },
  {
    // Shows the member's own new exchange: a visitor logs in first and comes back.
    path: '/exchange/success',
    layout: 'full',
    public: false,
    title: '兑换结果',
    load: () => import('../pages/exchange-success/ExchangeSuccessPage'),
  },
  {
    path: '/home/exchange',
    layout: 'full',
    public: false,
    title: '兑换记录',
    area: 'home',
    load: () => import('../pages/home-exchange/HomeExchangePage'),
  },
  /* ---- tasks (issue 4): logged-out visitors choosing 任务 go to login (the guard) ---- */
  {
    path: '/task',
    layout: 'full',
    public: false,
    title: '任务',
    load: () => import('../pages/task-list/TaskListPage'),
  },
  {
    path: '/task/summary',
    layout: 'full',
    public: false,
    title: '任务概况',
    load: () => import('../pages/task-summary/TaskSummaryPage'),
  },
  {
    path: '/task/detail/:id',
    layout: 'full',
    public: false,
    title: '任务详情',
    load: () => import('../pages/task-detail/TaskDetailPage'),
  },
  {
    path: '/home/task',
    layout: 'full',
    public: false,
    title: '任务记录',
    area: 'home',
    load: () => import('../pages/task-records/TaskRecordsPage'),
  },
  /* ---- in-house questionnaires (issue 4) ---- */
  {
    // The entry URL of an in-house poll task (POST /process/tasks/{hashId}/start): ?rid=<answer id>.
    path: '/task/poll/:id',
    layout: 'header',
    public: false,
    title: '问卷作答',
    load: () => import('../pages/task-poll/TaskPollPage'),
  },
  {
    // Public per spec §2; answering needs a login (the page prompts and comes back).
    path: '/user/survey',
    layout: 'full',
    public: true,
    title: '个人属性问卷',
    load: () => import('../pages/user-survey/UserSurveyPage'),
  },
  /* ---- survey hand-off and callback (issue 4; public per spec §2, the page asks for a login) ---- */
  ...HANDOFF_PATHS.map((path): AppRoute => ({
    path,
    layout: 'header',
    public: true,
    title: '前往任务',
    load: loadTaskGo,
  })),
  ...RETURN_PATHS.map((path): AppRoute => ({
    path,
    layout: 'header',
    public: true,
    title: '答题结果',
    load: loadTaskBack,
  })),
  { path: '/browse/redirect', layout: 'header', public: true, title: '浏览任务', load: loadBrowse },
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string | undefined>;
}

/** The route of a pathname (trailing slash tolerated), or null for an unknown path. */
export function matchRoute(pathname: string, table: readonly AppRoute[] = routes): RouteMatch | null {
  for (const route of table) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}
