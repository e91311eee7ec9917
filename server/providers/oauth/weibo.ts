/**
 * Weibo login (微博开放平台): `oauth2/authorize` (`display=mobile` for H5), POST
 * `oauth2/access_token` (gives `uid`), `2/users/show.json` for nickname and avatar.
 */
import { defineProvider, fetchJson, OAuthError, str, withQuery, type ProviderOptions } from './types';

export function weiboProvider(options: ProviderOptions<'weibo'>) {
  const base = options.baseUrl ?? 'https://api.weibo.com';
  const fetchImpl = options.fetch ?? fetch;
  return defineProvider({
    platform: 3,
    key: 'weibo',
    authorizeUrl(state, redirectUri, authorize = {}) {
      return withQuery(`${base}/oauth2/authorize`, {
        client_id: options.appKey,
        redirect_uri: redirectUri,
        scope: 'email',
        state,
        display: authorize.mobile ? 'mobile' : 'default',
      });
    },
    async token(code, redirectUri) {
      const token = await fetchJson(fetchImpl, `${base}/oauth2/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.appKey,
          client_secret: options.appSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }).toString(),
      });
      const accessToken = str(token.access_token);
      const uid = str(token.uid);
      if (!accessToken || !uid) {
        throw new OAuthError('weibo refused the code', { error: token.error, code: token.error_code });
      }
      return { profile: { openId: uid }, accessToken };
    },
    async details({ openId: uid }, accessToken) {
      const user = await fetchJson(
        fetchImpl,
        withQuery(`${base}/2/users/show.json`, { access_token: accessToken, uid }),
      );
      if (user.error_code !== undefined) return undefined;
      return { nickname: user.screen_name, avatars: [user.avatar_large, user.profile_image_url] };
    },
  });
}
