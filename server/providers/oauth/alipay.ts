/**
 * Alipay login (支付宝 网页/移动应用 用户信息授权): `publicAppAuthorize.htm` (scope auth_user), then the
 * gateway calls `alipay.system.oauth.token` (auth_code → access token and the user's id) and
 * `alipay.user.info.share` (nickname, avatar).
 *
 * Gateway requests are signed RSA2: every parameter except `sign`, empty values left out, sorted
 * by name, joined as `key=value&…` (values not URL-encoded), SHA256withRSA with the app's private
 * key, base64. Answers are verified with Alipay's public key: the signed content is the raw JSON
 * text of the `<method>_response` member, exactly as it appears in the reply.
 */
import { createPrivateKey, createPublicKey, sign as rsaSign, verify as rsaVerify, type KeyObject } from 'node:crypto';
import { beijingWallClock } from '../../kernel/time';
import { defineProvider, fetchText, OAuthError, str, withQuery, type ProviderOptions } from './types';

/**
 * Keys: the app's private key as PEM (PKCS#8 or PKCS#1) or the bare base64 PKCS#8 the console
 * shows; Alipay's public key as PEM or bare base64 SPKI. `baseUrl` replaces
 * https://openauth.alipay.com and https://openapi.alipay.com.
 */
export interface AlipayOptions extends ProviderOptions<'alipay'> {
  /** Clock for the request `timestamp` (tests). */
  now?: () => Date;
}

/** The string that is signed: sorted `key=value` pairs, `sign` and empty values left out. */
export function alipaySignContent(params: Record<string, string | undefined | null>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k] as string}`)
    .join('&');
}

/** RSA2: base64(SHA256withRSA(content)). */
export function alipaySign(content: string, privateKey: KeyObject): string {
  return rsaSign('sha256', Buffer.from(content, 'utf8'), privateKey).toString('base64');
}

function alipayVerify(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return rsaVerify('sha256', Buffer.from(content, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time, as the gateway expects. */
export function alipayTimestamp(date: Date): string {
  const t = beijingWallClock(date.getTime()).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

/** Key text from env: PEM as is (with `\n` escapes undone), bare base64 wrapped in the given label. */
function pem(text: string, label: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const t = text.replace(/\\n/g, '\n').trim();
  if (t.startsWith('-----BEGIN')) return t;
  const body = t.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;
}

export function alipayPrivateKey(text: string): KeyObject {
  return createPrivateKey(pem(text, 'PRIVATE KEY'));
}

function alipayPublicKey(text: string): KeyObject {
  return createPublicKey(pem(text, 'PUBLIC KEY'));
}

/**
 * The raw JSON text of member `name` of the top-level object in `body` (what Alipay signed), or
 * null when it is not there. Scans strings properly, so braces inside values do not confuse it.
 */
export function rawMember(body: string, name: string): string | null {
  const key = `"${name}"`;
  let i = body.indexOf(key);
  if (i < 0) return null;
  i += key.length;
  while (i < body.length && /[\s:]/.test(body[i]!)) i++;
  if (body[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < body.length; j++) {
    const c = body[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return body.slice(i, j + 1);
    }
  }
  return null;
}

export function alipayProvider(options: AlipayOptions) {
  const authorizeBase = options.baseUrl ?? 'https://openauth.alipay.com';
  const gateway = `${options.baseUrl ?? 'https://openapi.alipay.com'}/gateway.do`;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const privateKey = alipayPrivateKey(options.privateKey);
  const publicKey = alipayPublicKey(options.publicKey);

  /** One signed gateway call; returns the verified `<method>_response` object. */
  async function call(method: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const all: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(now()),
      version: '1.0',
      ...params,
    };
    all.sign = alipaySign(alipaySignContent(all), privateKey);
    const text = await fetchText(fetchImpl, gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(all).toString(),
    });
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new OAuthError('alipay answered something that is not JSON', { body: text.slice(0, 300) });
    }
    const responseKey = `${method.replace(/\./g, '_')}_response`;
    const raw = rawMember(text, responseKey);
    if (raw === null) {
      const error = parsed.error_response as Record<string, unknown> | undefined;
      throw new OAuthError('alipay refused the request', {
        code: error?.code,
        subCode: error?.sub_code,
        msg: error?.sub_msg ?? error?.msg,
      });
    }
    const signature = str(parsed.sign);
    if (!signature || !alipayVerify(raw, signature, publicKey)) {
      throw new OAuthError('alipay answer has a bad signature', { method });
    }
    const response = JSON.parse(raw) as Record<string, unknown>;
    // Business errors come inside the response object with code ≠ 10000 (token calls carry no code).
    if (response.code !== undefined && String(response.code) !== '10000') {
      throw new OAuthError('alipay refused the request', {
        code: response.code,
        subCode: response.sub_code,
        msg: response.sub_msg ?? response.msg,
      });
    }
    return response;
  }

  return defineProvider({
    platform: 4,
    key: 'alipay',
    authorizeUrl(state, redirectUri) {
      return withQuery(`${authorizeBase}/oauth2/publicAppAuthorize.htm`, {
        app_id: options.appId,
        scope: 'auth_user',
        redirect_uri: redirectUri,
        state,
      });
    },
    async token(code) {
      const token = await call('alipay.system.oauth.token', { grant_type: 'authorization_code', code });
      const openId = str(token.open_id) ?? str(token.user_id);
      const accessToken = str(token.access_token);
      if (!openId || !accessToken) throw new OAuthError('alipay answered without user id/access_token');
      return { profile: { openId }, accessToken };
    },
    async details(_profile, accessToken) {
      const user = await call('alipay.user.info.share', { auth_token: accessToken });
      return { nickname: user.nick_name, avatars: [user.avatar] };
    },
  });
}
