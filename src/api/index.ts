import { appSession } from './tokenSession';
import { createApiClient } from './client';
import { enterMaintenance } from '../services/maintenance';

/**
 * The app's API client: the token-refresh machine's session (a request awaits a fresh token;
 * one refresh serves concurrent requests; 401 or a failed refresh → the session machine's
 * logout), the one toast service, the real fetch.
 * Pages call `api.call('operationId', { params, query, body })`.
 */
export const api = createApiClient({ session: appSession, onMaintenance: enterMaintenance });

/**
 * The same client without toasts, for calls whose failure the page shows itself: a form's
 * refusal inline (login, register, reset, bind, the code button), a screen's error state (QR
 * login, a questionnaire) — one place per error, never a toast over it too. 401 still logs out.
 */
export const quietApi = createApiClient({
  session: appSession,
  toast: { error: () => null },
  onMaintenance: enterMaintenance,
});

export { createApiClient, unwrap } from './client';
export type { ApiClient, ApiClientOptions, CallData, CallInput, OperationId, Outcome } from './client';
export { ApiError, isApiError, mayPassOnRetry } from './errors';
export { createDefaultSession } from './session';
export type { ApiSession, LogoutReason } from './session';
export { DeviceType, detectDeviceType } from './device';
