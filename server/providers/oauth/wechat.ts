/**
 * WeChat website login (微信开放平台 网站应用): qrconnect authorize page, then
 * `sns/oauth2/access_token` (openid, unionid) and `sns/userinfo` (nickname, avatar).
 */
import { defineProvider, fetchJson, OAuthError, str, withQuery, type ProviderOptions } from './types';

/** `baseUrl` replaces both open.weixin.qq.com and api.weixin.qq.com. */
export function wechatProvider(options: ProviderOptions<'wechat'>) {
  const openBase = options.baseUrl ?? 'https://open.weixin.qq.com';
  const apiBase = options.baseUrl ?? 'https://api.weixin.qq.com';
  const fetchImpl = options.fetch ?? fetch;
  return defineProvider({
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
    async token(code) {
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
      return { profile: { openId, unionId: str(token.unionid) }, accessToken };
    },
    async details({ openId }, accessToken) {
      const user = await fetchJson(
        fetchImpl,
        withQuery(`${apiBase}/sns/userinfo`, { access_token: accessToken, openid: openId, lang: 'zh_CN' }),
      );
      if (user.errcode !== undefined && user.errcode !== 0) return undefined;
      return { nickname: user.nickname, avatars: [user.headimgurl], unionId: user.unionid };
    },
  });
}
