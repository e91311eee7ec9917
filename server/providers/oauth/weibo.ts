/**
 * Weibo login (微博开放平台): `oauth2/authorize` (`display=mobile` for H5), POST
 * `oauth2/access_token` (gives `uid`), `2/users/show.json` for nickname and avatar.
 */
import {
  avatarUrl,
  fetchJson,
  nick,
  OAuthError,
  str,
  withQuery,
  type FetchLike,
  type OAuthProvider,
  type SocialProfile,
} from './types';

export interface WeiboOptions {
  appKey: string;
  appSecret: string;
  /** Replaces https://api.weibo.com (tests). */
  baseUrl?: string;
  fetch?: FetchLike;
}

export function weiboProvider(options: WeiboOptions): OAuthProvider {
  const base = options.baseUrl ?? 'https://api.weibo.com';
  const fetchImpl = options.fetch ?? fetch;
  return {
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
    async exchange(code, redirectUri) {
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
      const profile: SocialProfile = { openId: uid };
      try {
        const user = await fetchJson(
          fetchImpl,
          withQuery(`${base}/2/users/show.json`, { access_token: accessToken, uid }),
        );
        if (user.error_code === undefined) {
          profile.nickname = nick(user.screen_name);
          profile.avatar = avatarUrl(user.avatar_large) ?? avatarUrl(user.profile_image_url);
        }
      } catch {
        // Nickname and avatar are optional.
      }
      return profile;
    },
  };
}
