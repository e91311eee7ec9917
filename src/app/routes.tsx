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
  'sdk-list': () => import('../pages/sdk-list/SdkListPage'),
  cooperate: () => import('../pages/cooperate/CooperatePage'),
  product: () => import('../pages/product/ProductPage'),
  login: () => import('../pages/login/LoginPage'),
  register: () => import('../pages/register/RegisterPage'),
  'password-reset': () => import('../pages/password-reset/PasswordPage'),
  'bind-mobile': () => import('../pages/bind-mobile/BindPage'),
  'social-login': () => import('../pages/social-login/ThirdLoginPage'),
  'qr-login-confirm': () => import('../pages/qr-login-confirm/QrConfirmPage'),
  'invite-signup': () => import('../pages/invite-signup/InvitePage'),
  home: () => import('../pages/home/HomePage'),
  messages: () => import('../pages/messages/MessagesPage'),
  'message-detail': () => import('../pages/message-detail/MessageDetailPage'),
  'feedback-ask': () => import('../pages/feedback-ask/FeedbackAskPage'),
  'feedback-detail': () => import('../pages/feedback-detail/FeedbackDetailPage'),
  'points-history': () => import('../pages/points-history/GoldPage'),
  efficient: () => import('../pages/efficient/EfficientPage'),
  'efficient-detail': () => import('../pages/efficient-detail/EfficientDetailPage'),
  'efficient-level': () => import('../pages/efficient-level/EfficientLevelPage'),
  'efficient-analysis': () => import('../pages/efficient-analysis/QualityAnalysisPage'),
  'efficient-monthly': () => import('../pages/efficient-monthly/MonthlyReportPage'),
  'notice-detail': () => import('../pages/notice-detail/NoticePage'),
  'personal-centre': () => import('../pages/personal-centre/UserPage'),
  coupons: () => import('../pages/coupons/CardPage'),
  'my-benefits': () => import('../pages/my-benefits/CreditPage'),
  'credit-history': () => import('../pages/credit-history/CreditDetailsPage'),
  'invite-friends': () => import('../pages/invite-friends/HomeInvitePage'),
  'help-category': () => import('../pages/help-category/HelpCategoryPage'),
  'help-article': () => import('../pages/help-article/HelpArticlePage'),
  ranking: () => import('../pages/ranking/RankingPage'),
  'ranking-article': () => import('../pages/ranking-article/RankingArticlePage'),
  appraise: () => import('../pages/appraise/AppraisePage'),
  'help-feedback': () => import('../pages/help-feedback/FeedbackHubPage'),
  'reward-catalogue': () => import('../pages/reward-catalogue/ExchangePage'),
  'reward-detail': () => import('../pages/reward-detail/RewardDetailPage'),
  'exchange-result': () => import('../pages/exchange-result/ExchangeSuccessPage'),
  'exchange-records': () => import('../pages/exchange-records/HomeExchangePage'),
  'task-list': () => import('../pages/task-list/TaskListPage'),
  'task-summary': () => import('../pages/task-summary/TaskSummaryPage'),
  course: () => import('../pages/course/CoursePage'),
  lottery: () => import('../pages/lottery/LotteryPage'),
  prize: () => import('../pages/prize/PrizePage'),
  'prize-result': () => import('../pages/prize/PrizeResultPage'),
  'prize-report': () => import('../pages/prize/PrizeReportPage'),
  'course-lesson': () => import('../pages/course-lesson/LessonPage'),
  'answer-sheet': () => import('../pages/answer-sheet/AnswerSheetPage'),
  'quiz-result': () => import('../pages/quiz-result/QuizResultPage'),
  'task-detail': () => import('../pages/task-detail/TaskDetailPage'),
  'task-records': () => import('../pages/task-records/TaskRecordsPage'),
  poll: () => import('../pages/poll/TaskPollPage'),
  'profile-survey': () => import('../pages/profile-survey/UserSurveyPage'),
  'survey-handoff': () => import('../pages/survey-handoff/TaskGoPage'),
  'survey-return': () => import('../pages/survey-return/TaskBackPage'),
  browse: () => import('../pages/browse/BrowsePage'),
  'app-download': () => import('../pages/app-download/AppDownloadPage'),
  'share-poster': () => import('../pages/share-poster/SharePage'),
  recruit: () => import('../pages/recruit/RecruitPage'),
  christmas: () => import('../pages/christmas/ChristmasPage'),
  'christmas-records': () => import('../pages/christmas/ChristmasRecordsPage'),
  'forum-board': () => import('../pages/forum-board/ForumBoardPage'),
  'forum-topic': () => import('../pages/forum-topic/ForumTopicPage'),
  'forum-member': () => import('../pages/forum-member/ForumMemberPage'),
};

export interface AppRoute extends RouteInfo {
  load: PageLoader;
}

export const routes: readonly AppRoute[] = ROUTES.map((route) => ({ ...route, load: pageLoaders[route.page] }));
