/**
 * WeChat website login (微信开放平台 网站应用): qrconnect authorize page, then
 * `sns/oauth2/access_token` (openid, unionid) and `sns/userinfo` (nickname, avatar).
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

export interface WechatOptions {
  appId: string;
  appSecret: string;
  /** Replaces both open.weixin.qq.com and api.weixin.qq.com (tests). */
  baseUrl?: string;
  fetch?: FetchLike;
}

export function wechatProvider(options: WechatOptions): OAuthProvider {
  const openBase = options.baseUrl ?? 'https://open.weixin.qq.com';
  const apiBase = options.baseUrl ?? 'https://api.weixin.qq.com';
  const fetchImpl = options.fetch ?? fetch;
  return {
    platform: 1,
    key: 'wechat',
    authorizeUrl(state, redirectUri) {
      return (
        withQuery(`${openBase}/connect/qrconnect`, {
          appid: options.appId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'snsapi_login',
          state,
        }) + '#wechat_redirect'
      );
    },
    async exchange(code) {
      const token = await fetchJson(
        fetchImpl,
        withQuery(`${apiBase}/sns/oauth2/access_token`, {
          appid: options.appId,
          secret: options.appSecret,
          code,
          grant_type: 'authorization_code',
        }),
      );
      const accessToken = str(token.access_token);
      const openId = str(token.openid);
      if (token.errcode !== undefined && token.errcode !== 0) {
        throw new OAuthError('wechat refused the code', { errcode: token.errcode, errmsg: token.errmsg });
      }
      if (!accessToken || !openId) throw new OAuthError('wechat answered without access_token/openid');
      const profile: SocialProfile = { openId, unionId: str(token.unionid) };
      try {
        const user = await fetchJson(
          fetchImpl,
          withQuery(`${apiBase}/sns/userinfo`, { access_token: accessToken, openid: openId, lang: 'zh_CN' }),
        );
        if (user.errcode === undefined || user.errcode === 0) {
          profile.nickname = nick(user.nickname);
          profile.avatar = avatarUrl(user.headimgurl);
          profile.unionId ??= str(user.unionid);
        }
      } catch {
        // The login does not depend on the profile; the member just gets no nickname from WeChat.
      }
      return profile;
    },
  };
}
