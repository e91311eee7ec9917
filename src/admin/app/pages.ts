import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ConsolePage } from '../routing/paths';

/** Each console page's lazy loader: a page's code loads when it is first opened. */
export const CONSOLE_PAGES: Record<ConsolePage, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../pages/home/HomePage')),
  exchangeReview: lazy(() => import('../pages/review/ReviewPage')),
  audit: lazy(() => import('../pages/audit/AuditPage')),
  staff: lazy(() => import('../pages/staff/StaffPage')),
  members: lazy(() => import('../pages/members/MembersPage')),
  member: lazy(() => import('../pages/members/MemberPage')),
  feedbackDesk: lazy(() => import('../pages/feedback-desk/FeedbackDeskPage')),
  adjustments: lazy(() => import('../pages/adjustments/AdjustmentsPage')),
};

export const SignInPage = lazy(() => import('../pages/sign-in/SignInPage'));
