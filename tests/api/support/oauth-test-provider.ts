/**
 * A small OAuth2 provider for the API tests (never shipped): one node:http server on 127.0.0.1
 * that speaks the WeChat, QQ, Weibo and Alipay endpoints our provider implementations call, so
 * they run unchanged against it through the `*_OAUTH_BASE_URL` overrides.
 *
 * It checks what a real provider checks: the app's credentials, codes single use and issued to
 * that app and redirect URI, access tokens of that app; Alipay requests must carry a valid RSA2
 * signature of our app key and its answers are signed with "Alipay's" key.
 *
 * A test picks who is signed in at the provider (`signIn`), then `authorize(url)` plays the
 * browser: it follows our authorize URL and returns the code and state the provider sends back.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { OAuthConfig } from '../../../server/config';
import { alipaySignContent } from '../../../server/providers/oauth/alipay';

export type TestPlatform = 'wechat' | 'qq' | 'weibo' | 'alipay';

export interface TestUser {
  /** Stable id of the person at the provider; each platform derives its own openid from it. */
  id: string;
  nickname?: string;
  avatar?: string;
}

interface Grant {
  platform: TestPlatform;
  clientId: string;
  redirectUri: string;
  user: TestUser;
  used: boolean;
}

export interface OAuthTestProvider {
  baseUrl: string;
  /** Our app's settings at this provider, ready for `Config.oauth`. */
  config: Required<OAuthConfig>;
  /** The person signed in at the provider (who consents on the authorize page). */
  signIn(user: TestUser): void;
  /** Follow an authorize URL as the browser would; the code and state it redirects back with. */
  authorize(url: string): Promise<{ code: string; state: string; redirectUri: string; platform: TestPlatform }>;
  /** The openid the provider gives `user` on `platform`. */
  openIdOf(platform: TestPlatform, user: TestUser): string;
  /** Paths the provider was asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

export async function startOAuthTestProvider(): Promise<OAuthTestProvider> {
  const apps = {
    wechat: { appId: 'wx-test-app', secret: 'wx-secret' },
    qq: { appId: '101000001', key: 'qq-key' },
    weibo: { key: '3000000001', secret: 'wb-secret' },
    alipay: { appId: '2021000000000001' },
  };
  const ourKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  let current: TestUser = { id: 'nobody' };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { platform: TestPlatform; clientId: string; user: TestUser }>();
  const requests: string[] = [];

  const openIdOf = (platform: TestPlatform, user: TestUser) =>
    platform === 'weibo'
      ? `${[...user.id].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) >>> 0}`
      : `${platform}-openid-${user.id}`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString('utf8')));
      req.on('end', () => resolve(data));
    });

  function issueCode(platform: TestPlatform, clientId: string, redirectUri: string): string {
    const code = `${platform}-code-${randomBytes(8).toString('hex')}`;
    grants.set(code, { platform, clientId, redirectUri, user: current, used: false });
    return code;
  }

  /** Use a code once, for this platform and app (and redirect URI where the provider checks it). */
  function redeem(platform: TestPlatform, clientId: string, code: string, redirectUri?: string): string | null {
    const g = grants.get(code);
    if (!g || g.used || g.platform !== platform || g.clientId !== clientId) return null;
    if (redirectUri !== undefined && redirectUri !== g.redirectUri) return null;
    g.used = true;
    const token = `${platform}-token-${randomBytes(8).toString('hex')}`;
    tokens.set(token, { platform, clientId, user: g.user });
    return token;
  }

  function alipayReply(res: ServerResponse, method: string, payload: Record<string, unknown>) {
    const key = `${method.replace(/\./g, '_')}_response`;
    const raw = JSON.stringify(payload);
    const signature = sign('sha256', Buffer.from(raw, 'utf8'), alipayKeys.privateKey).toString('base64');
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(`{"${key}":${raw},"sign":"${signature}"}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    requests.push(url.pathname);
    const redirectBack = (platform: TestPlatform, clientId: string | null, expected: string) => {
      const redirectUri = q.get('redirect_uri');
      if (clientId !== expected || !redirectUri) return json(res, 400, { error: 'invalid_client' });
      const back = new URL(redirectUri);
      back.searchParams.set(platform === 'alipay' ? 'auth_code' : 'code', issueCode(platform, clientId, redirectUri));
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
    };

    switch (url.pathname) {
      /* ---- WeChat ---- */
      case '/connect/qrconnect':
        return redirectBack('wechat', q.get('appid'), apps.wechat.appId);
      case '/sns/oauth2/access_token': {
        if (q.get('appid') !== apps.wechat.appId || q.get('secret') !== apps.wechat.secret) {
          return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
        }
        const token = redeem('wechat', apps.wechat.appId, q.get('code') ?? '');
        if (!token) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
        const user = tokens.get(token)!.user;
        return json(res, 200, {
          access_token: token,
          expires_in: 7200,
          refresh_token: 'r',
          openid: openIdOf('wechat', user),
          scope: 'snsapi_login',
          unionid: `union-${user.id}`,
        });
      }
      case '/sns/userinfo': {
        const t = tokens.get(q.get('access_token') ?? '');
        if (!t || t.platform !== 'wechat') return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
        return json(res, 200, {
          openid: openIdOf('wechat', t.user),
          nickname: t.user.nickname ?? '',
          headimgurl: t.user.avatar ?? '',
          unionid: `union-${t.user.id}`,
        });
      }
      /* ---- QQ ---- */
      case '/oauth2.0/authorize':
        return redirectBack('qq', q.get('client_id'), apps.qq.appId);
      case '/oauth2.0/token': {
        if (q.get('client_id') !== apps.qq.appId || q.get('client_secret') !== apps.qq.key) {
          return json(res, 200, { error: 100016, error_description: 'access token check failed' });
        }
        const token = redeem('qq', apps.qq.appId, q.get('code') ?? '', q.get('redirect_uri') ?? '');
        if (!token) return json(res, 200, { error: 100019, error_description: 'code to access token error' });
        return json(res, 200, { access_token: token, expires_in: 7776000, refresh_token: 'r' });
      }
      case '/oauth2.0/me': {
        const t = tokens.get(q.get('access_token') ?? '');
        if (!t || t.platform !== 'qq') return json(res, 200, { error: 100016, error_description: 'bad token' });
        // Answer as JSONP like the real endpoint does without fmt=json, to keep the parser honest.
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(
          `callback( ${JSON.stringify({ client_id: t.clientId, openid: openIdOf('qq', t.user), unionid: `union-${t.user.id}` })} );\n`,
        );
      }
      case '/user/get_user_info': {
        const t = tokens.get(q.get('access_token') ?? '');
        if (!t || t.platform !== 'qq' || q.get('oauth_consumer_key') !== apps.qq.appId) {
          return json(res, 200, { ret: 100016, msg: 'bad token' });
        }
        return json(res, 200, {
          ret: 0,
          msg: '',
          nickname: t.user.nickname ?? '',
          figureurl_qq_2: t.user.avatar ?? '',
        });
      }
      /* ---- Weibo ---- */
      case '/oauth2/authorize':
        return redirectBack('weibo', q.get('client_id'), apps.weibo.key);
      case '/oauth2/access_token': {
        if (req.method !== 'POST') return json(res, 405, { error: 'method' });
        const form = new URLSearchParams(await readBody(req));
        if (form.get('client_id') !== apps.weibo.key || form.get('client_secret') !== apps.weibo.secret) {
          return json(res, 400, { error: 'invalid_client', error_code: 21324 });
        }
        const token = redeem('weibo', apps.weibo.key, form.get('code') ?? '', form.get('redirect_uri') ?? '');
        if (!token) return json(res, 400, { error: 'invalid_grant', error_code: 21325 });
        return json(res, 200, {
          access_token: token,
          expires_in: 157679999,
          uid: openIdOf('weibo', tokens.get(token)!.user),
        });
      }
      case '/2/users/show.json': {
        const t = tokens.get(q.get('access_token') ?? '');
        if (!t || t.platform !== 'weibo') return json(res, 400, { error: 'invalid_access_token', error_code: 21332 });
        return json(res, 200, {
          idstr: openIdOf('weibo', t.user),
          screen_name: t.user.nickname ?? '',
          avatar_large: t.user.avatar ?? '',
        });
      }
      /* ---- Alipay ---- */
      case '/oauth2/publicAppAuthorize.htm':
        return redirectBack('alipay', q.get('app_id'), apps.alipay.appId);
      case '/gateway.do': {
        const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const method = form.method ?? '';
        const signed =
          form.sign_type === 'RSA2' &&
          verify(
            'sha256',
            Buffer.from(alipaySignContent(form), 'utf8'),
            ourKeys.publicKey,
            Buffer.from(form.sign ?? '', 'base64'),
          );
        if (form.app_id !== apps.alipay.appId || !signed) {
          return json(res, 200, {
            error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' },
          });
        }
        if (method === 'alipay.system.oauth.token') {
          const token =
            form.grant_type === 'authorization_code' ? redeem('alipay', apps.alipay.appId, form.code ?? '') : null;
          if (!token) {
            return json(res, 200, {
              error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid' },
            });
          }
          const user = tokens.get(token)!.user;
          return alipayReply(res, method, {
            open_id: openIdOf('alipay', user),
            access_token: token,
            expires_in: 1296000,
            refresh_token: 'r',
            re_expires_in: 2592000,
          });
        }
        if (method === 'alipay.user.info.share') {
          const t = tokens.get(form.auth_token ?? '');
          if (!t) return alipayReply(res, method, { code: '20001', msg: 'Invalid Auth Token' });
          return alipayReply(res, method, {
            code: '10000',
            msg: 'Success',
            open_id: openIdOf('alipay', t.user),
            nick_name: t.user.nickname ?? '',
            avatar: t.user.avatar ?? '',
          });
        }
        return json(res, 200, { error_response: { code: '40004', msg: 'Business Failed' } });
      }
      default:
        return json(res, 404, { error: 'not_found' });
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    config: {
      wechat: { appId: apps.wechat.appId, appSecret: apps.wechat.secret, baseUrl },
      qq: { appId: apps.qq.appId, appKey: apps.qq.key, baseUrl },
      weibo: { appKey: apps.weibo.key, appSecret: apps.weibo.secret, baseUrl },
      alipay: {
        appId: apps.alipay.appId,
        privateKey: pem(ourKeys.privateKey, 'pkcs8'),
        publicKey: pem(alipayKeys.publicKey, 'spki'),
        baseUrl,
      },
    },
    signIn(user) {
      current = user;
    },
    async authorize(url) {
      const res = await fetch(url, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize refused: HTTP ${res.status}`);
      const back = new URL(location);
      const code = back.searchParams.get('code') ?? back.searchParams.get('auth_code') ?? '';
      const platform = code.split('-')[0] as TestPlatform;
      back.search = '';
      return { code, state: new URL(location).searchParams.get('state') ?? '', redirectUri: back.toString(), platform };
    },
    openIdOf,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
