/**
 * Social login providers (authorization-code flows, REFERENCES.md "Social login"). Each provider
 * builds its authorize URL and turns a returned code into the provider's user. `fetch` is
 * injected, so tests can point a provider at a local test server or a stub.
 */
import type { OAuthConfig } from '../../config';

/** Spec §3 "Social platform": 1 WeChat, 2 QQ, 3 Weibo, 4 Alipay. */
export type SnsPlatformValue = 1 | 2 | 3 | 4;
export type ProviderKey = 'wechat' | 'qq' | 'weibo' | 'alipay';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The provider's user, as far as our product needs it. */
export interface SocialProfile {
  /** The user's id for our app (WeChat/QQ openid, Weibo uid, Alipay open_id or user_id). */
  openId: string;
  unionId?: string;
  nickname?: string;
  avatar?: string;
}

export interface AuthorizeOptions {
  /** A phone browser (Weibo `display=mobile`, QQ `display=mobile`). */
  mobile?: boolean;
}

export interface OAuthProvider {
  readonly platform: SnsPlatformValue;
  readonly key: ProviderKey;
  /** The page to send the browser to; `state` comes back unchanged with the code. */
  authorizeUrl(state: string, redirectUri: string, options?: AuthorizeOptions): string;
  /** Exchange the code for the user; throws `OAuthError` when the provider refuses or fails. */
  exchange(code: string, redirectUri: string): Promise<SocialProfile>;
}

/** What a provider takes: its app's settings (config.ts `oauth`, `baseUrl` for tests) and, in tests, a `fetch`. */
export type ProviderOptions<K extends ProviderKey> = NonNullable<OAuthConfig[K]> & { fetch?: FetchLike };

/** The user's details as the provider answered them (outside input: `defineProvider` checks them). */
export interface ProviderDetails {
  nickname?: unknown;
  /** Avatar URLs, best first: the first usable one is taken. */
  avatars?: unknown[];
  unionId?: unknown;
}

/** One provider's steps; `defineProvider` makes the `OAuthProvider` of them. */
export interface ProviderFlow {
  readonly platform: SnsPlatformValue;
  readonly key: ProviderKey;
  authorizeUrl: OAuthProvider['authorizeUrl'];
  /** The code for the user's id and an access token; throws `OAuthError` when the provider refuses. */
  token(code: string, redirectUri: string): Promise<{ profile: SocialProfile; accessToken: string }>;
  /** Nickname and avatar (undefined when the provider answered an error). */
  details(profile: SocialProfile, accessToken: string): Promise<ProviderDetails | undefined>;
}

/** The provider of a flow: the code gives the user, whose nickname and avatar are optional. */
export function defineProvider({ token, details, ...provider }: ProviderFlow): OAuthProvider {
  return {
    ...provider,
    async exchange(code, redirectUri) {
      const { profile, accessToken } = await token(code, redirectUri);
      try {
        const answer = await details(profile, accessToken);
        if (answer) {
          profile.nickname = nick(answer.nickname);
          profile.avatar = answer.avatars?.map(avatarUrl).find((url) => url !== undefined);
          if (answer.unionId !== undefined) profile.unionId ??= str(answer.unionId);
        }
      } catch {
        // The login does not depend on the profile; the member just gets no nickname from the provider.
      }
      return profile;
    },
  };
}

/** The provider refused the code or answered something we cannot use. `detail` is for the log only. */
export class OAuthError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

const TIMEOUT_MS = 10_000;

/** Fetch and read the body as text; network failures and non-2xx answers become `OAuthError`. */
export async function fetchText(fetchImpl: FetchLike, url: string, init: RequestInit = {}): Promise<string> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new OAuthError('provider unreachable', { url: redact(url), err: String(err) });
  }
  const text = await res.text().catch(() => '');
  if (!res.ok)
    throw new OAuthError(`provider answered HTTP ${res.status}`, { url: redact(url), body: text.slice(0, 300) });
  return text;
}

/** JSON, or the JSONP `callback( {...} );` some QQ endpoints answer with. */
export function parseJsonish(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  const jsonp = /^callback\(\s*([\s\S]*?)\s*\);?$/.exec(trimmed);
  const body = jsonp?.[1] ?? trimmed;
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: QQ's older token endpoint answers `access_token=...&expires_in=...`
  }
  if (/^[\w.-]+=/.test(body) && !body.includes('{')) return Object.fromEntries(new URLSearchParams(body));
  throw new OAuthError('provider answered something that is not JSON', { body: body.slice(0, 300) });
}

export async function fetchJson(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  return parseJsonish(await fetchText(fetchImpl, url, init));
}

/** Secrets out of a URL before it goes to a log line. */
export function redact(url: string): string {
  return url.replace(/([?&](?:secret|client_secret|access_token|code|appkey)=)[^&#]*/gi, '$1***');
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Only http(s) avatar URLs (a provider's answer is still outside input). */
export function avatarUrl(value: unknown): string | undefined {
  const s = str(value);
  if (!s || s.length > 1024) return undefined;
  return /^https?:\/\//i.test(s) ? s : undefined;
}

export function nick(value: unknown): string | undefined {
  const s = str(value);
  return s ? s.slice(0, 64) : undefined;
}

export function withQuery(base: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return `${base}?${q.toString()}`;
}
