/**
 * QQ login (QQ 互联): `oauth2.0/authorize`, `oauth2.0/token`, the openid from `oauth2.0/me`
 * (whose `client_id` must be our app: a token issued to another app is refused) and
 * `user/get_user_info` for nickname and avatar.
 */
import { defineProvider, fetchJson, OAuthError, str, withQuery, type ProviderOptions } from './types';

export function qqProvider(options: ProviderOptions<'qq'>) {
  const base = options.baseUrl ?? 'https://graph.qq.com';
  const fetchImpl = options.fetch ?? fetch;
  return defineProvider({
    platform: 2,
    key: 'qq',
    authorizeUrl(state, redirectUri, authorize = {}) {
      return withQuery(`${base}/oauth2.0/authorize`, {
        response_type: 'code',
        client_id: options.appId,
        redirect_uri: redirectUri,
        state,
        scope: 'get_user_info',
        display: authorize.mobile ? 'mobile' : undefined,
      });
    },
    async token(code, redirectUri) {
      const token = await fetchJson(
        fetchImpl,
        withQuery(`${base}/oauth2.0/token`, {
          grant_type: 'authorization_code',
          client_id: options.appId,
          client_secret: options.appKey,
          code,
          redirect_uri: redirectUri,
          fmt: 'json',
        }),
      );
      const accessToken = str(token.access_token);
      if (!accessToken) {
        throw new OAuthError('qq refused the code', { error: token.error, description: token.error_description });
      }
      const me = await fetchJson(
        fetchImpl,
        withQuery(`${base}/oauth2.0/me`, { access_token: accessToken, fmt: 'json', unionid: '1' }),
      );
      const openId = str(me.openid);
      if (!openId) throw new OAuthError('qq answered without openid', { error: me.error });
      if (str(me.client_id) !== options.appId) {
        throw new OAuthError('qq token belongs to another app', { clientId: me.client_id });
      }
      return { profile: { openId, unionId: str(me.unionid) }, accessToken };
    },
    async details({ openId }, accessToken) {
      const user = await fetchJson(
        fetchImpl,
        withQuery(`${base}/user/get_user_info`, {
          access_token: accessToken,
          oauth_consumer_key: options.appId,
          openid: openId,
        }),
      );
      if (Number(user.ret) !== 0) return undefined;
      return { nickname: user.nickname, avatars: [user.figureurl_qq_2, user.figureurl_qq_1, user.figureurl_2] };
    },
  });
}
