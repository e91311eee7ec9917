import { ROUTES, type PageId, type RouteInfo } from '../routing/paths';
import type { PageLoader } from './lazyPage';

/**
 * The route table of src/routing/paths.ts with each page's lazy loader: one chunk per page
 * folder, so paths that share a page (the social-login callbacks, the hand-off and return
 * screens, both invite paths) share its chunk.
 */
const pageLoaders: Record<PageId, PageLoader> = {
  landing: () => import('../pages/landing/LandingPage'),
  'not-found': () => import('../pages/not-found/NotFoundPage'),
  updating: () => import('../pages/updating/UpdatingPage'),
  about: () => import('../pages/about/AboutPage'),
  agreement: () => import('../pages/agreement/AgreementPage'),
  privacy: () => import('../pages/privacy/PrivacyPage'),
  'privacy-sdk': () => import('../pages/privacy-sdk/SdkListPage'),
  cooperate: () => import('../pages/cooperate/CooperatePage'),
  product: () => import('../pages/product/ProductPage'),
  login: () => import('../pages/login/LoginPage'),
  register: () => import('../pages/register/RegisterPage'),
  password: () => import('../pages/password/PasswordPage'),
  bind: () => import('../pages/bind/BindPage'),
  'login-third': () => import('../pages/login-third/ThirdLoginPage'),
  'qrcode-confirm': () => import('../pages/qrcode-confirm/QrConfirmPage'),
  invite: () => import('../pages/invite/InvitePage'),
  home: () => import('../pages/home/HomePage'),
  gold: () => import('../pages/gold/GoldPage'),
  card: () => import('../pages/card/CardPage'),
  credit: () => import('../pages/credit/CreditPage'),
  'credit-details': () => import('../pages/credit-details/CreditDetailsPage'),
  'home-invite': () => import('../pages/home-invite/HomeInvitePage'),
  exchange: () => import('../pages/exchange/ExchangePage'),
  'exchange-detail': () => import('../pages/exchange-detail/RewardDetailPage'),
  'exchange-success': () => import('../pages/exchange-success/ExchangeSuccessPage'),
  'home-exchange': () => import('../pages/home-exchange/HomeExchangePage'),
  'task-list': () => import('../pages/task-list/TaskListPage'),
  'task-summary': () => import('../pages/task-summary/TaskSummaryPage'),
  'task-detail': () => import('../pages/task-detail/TaskDetailPage'),
  'task-records': () => import('../pages/task-records/TaskRecordsPage'),
  'task-poll': () => import('../pages/task-poll/TaskPollPage'),
  'user-survey': () => import('../pages/user-survey/UserSurveyPage'),
  'task-go': () => import('../pages/task-go/TaskGoPage'),
  'task-back': () => import('../pages/task-back/TaskBackPage'),
  browse: () => import('../pages/browse/BrowsePage'),
};

export interface AppRoute extends RouteInfo {
  load: PageLoader;
}

export const routes: readonly AppRoute[] = ROUTES.map((route) => ({ ...route, load: pageLoaders[route.page] }));
