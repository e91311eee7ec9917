import { createApiClient } from './client';

/**
 * The app's API client: storage-backed session, the one toast service, the real fetch.
 * Pages call `api.call('operationId', { params, query, body })`. Issue 3's session and
 * token-refresh machines replace the session here.
 */
export const api = createApiClient();

export { createApiClient, unwrap } from './client';
export type { ApiClient, ApiClientOptions, CallData, CallInput, OperationId, Outcome } from './client';
export { ApiError, isApiError } from './errors';
export { createDefaultSession } from './session';
export type { ApiSession, LogoutReason } from './session';
export { DeviceType, detectDeviceType } from './device';
