import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ConsolePage } from '../routing/paths';

/** Each console page's lazy loader: a page's code loads when it is first opened. */
export const CONSOLE_PAGES: Record<ConsolePage, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../pages/home/HomePage')),
  audit: lazy(() => import('../pages/audit/AuditPage')),
  staff: lazy(() => import('../pages/staff/StaffPage')),
  adjustments: lazy(() => import('../pages/adjustments/AdjustmentsPage')),
};

export const SignInPage = lazy(() => import('../pages/sign-in/SignInPage'));
