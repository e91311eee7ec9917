import type { Middleware } from 'openapi-fetch';
import { CLIENT_ID, CLIENT_VERSION } from '../../config';
import type { DeviceType } from '../device';
import { ApiError } from '../errors';
import type { ApiSession } from '../session';

export const Header = {
  CLIENT_ID: 'X-Client-Id',
  CLIENT_VERSION: 'X-Client-Version',
  DEVICE_TYPE: 'X-Device-Type',
  DEVICE_ID: 'X-Device-Id',
  AUTHORIZATION: 'Authorization',
} as const;

export interface HeadersMiddlewareOptions {
  session: Pick<ApiSession, 'getToken' | 'logout'>;
  deviceType: () => DeviceType;
  deviceId: () => string;
}

/**
 * Client id 11, version 1.0.0, device type and id on every request; `Authorization: Bearer`
 * when the session has a token. The request waits for `getToken()`, so a refresh in flight
 * delays it; a failed refresh (getToken throws) logs out and rejects (spec §8).
 */
export function headersMiddleware({ session, deviceType, deviceId }: HeadersMiddlewareOptions): Middleware {
  return {
    async onRequest({ request }) {
      request.headers.set(Header.CLIENT_ID, String(CLIENT_ID));
      request.headers.set(Header.CLIENT_VERSION, CLIENT_VERSION);
      request.headers.set(Header.DEVICE_TYPE, String(deviceType()));
      request.headers.set(Header.DEVICE_ID, deviceId());
      let token: string | null;
      try {
        token = await session.getToken();
      } catch (cause) {
        await session.logout('refresh-failed');
        throw new ApiError({ code: 401, msg: '', httpStatus: 0, behaviour: 'logout', silent: true, cause });
      }
      if (token) request.headers.set(Header.AUTHORIZATION, `Bearer ${token}`);
      return undefined;
    },
  };
}
