import Cookies from 'js-cookie';
import { LOGIN_COOKIE_DAYS } from '../config';

/**
 * Browser persistence of the session (spec §3, §4, §9).
 *
 * Local storage keys are the spec's, spelling included (`EXPRIED` is intentional).
 * Login cookies carry the token, refresh token, expiry, user and role for 14 days.
 */
export const StorageKey = {
  /** The browser's generated device id (a random hash), sent as `X-Device-Id`. */
  DEVICE: 'device',
  /** The current access token. */
  TOKEN: 'TOKEN',
  /** Expiry of the access token, epoch ms (spelling kept from the spec). */
  EXPIRED: 'EXPRIED',
  /** A survey-earning status flag that outlives logout. */
  MAKE_MONEY_STATUS: 'MAKEMONEYSTATUS',
} as const;

/** Names of the login cookies. */
export const CookieName = {
  TOKEN: 'token',
  REFRESH_TOKEN: 'refreshToken',
  EXPIRED: 'expired',
  USER: 'user',
  ROLE: 'role',
} as const;

/** The cached user info of the login state (spec §3); every field optional. */
export interface StoredUser {
  nickname?: string;
  avatar?: string;
  mobile?: string;
  memberCode?: string;
  memberId?: number;
  /** When the member registered (ms). */
  registeredAt?: number;
  topicName?: string;
  topicAvatar?: string;
  taskId?: number;
  taskHashId?: string;
  bbsRole?: number;
  [key: string]: unknown;
}

export interface LoginRecord {
  token: string;
  refreshToken: string;
  /** Access-token expiry, epoch ms. */
  expired: number;
  user?: StoredUser;
  role?: number | string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

function cookieAttributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { expires: LOGIN_COOKIE_DAYS, path: '/', sameSite: 'lax', secure };
}

/** Store a fresh login (after login, registration or token refresh). */
export function saveLogin(record: LoginRecord): void {
  const attrs = cookieAttributes();
  Cookies.set(CookieName.TOKEN, record.token, attrs);
  Cookies.set(CookieName.REFRESH_TOKEN, record.refreshToken, attrs);
  Cookies.set(CookieName.EXPIRED, String(record.expired), attrs);
  if (record.user !== undefined) Cookies.set(CookieName.USER, JSON.stringify(record.user), attrs);
  if (record.role !== undefined) Cookies.set(CookieName.ROLE, JSON.stringify(record.role), attrs);
  const ls = storage();
  ls?.setItem(StorageKey.TOKEN, record.token);
  ls?.setItem(StorageKey.EXPIRED, String(record.expired));
}

function parseJson<T>(raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/** The stored login, or null when logged out (no token). */
export function readLogin(): LoginRecord | null {
  const ls = storage();
  const token = Cookies.get(CookieName.TOKEN) ?? ls?.getItem(StorageKey.TOKEN) ?? null;
  if (!token) return null;
  const expiredRaw = Cookies.get(CookieName.EXPIRED) ?? ls?.getItem(StorageKey.EXPIRED) ?? '';
  const expired = Number(expiredRaw);
  const record: LoginRecord = {
    token,
    refreshToken: Cookies.get(CookieName.REFRESH_TOKEN) ?? '',
    expired: Number.isFinite(expired) ? expired : 0,
  };
  const user = parseJson<StoredUser>(Cookies.get(CookieName.USER));
  if (user !== undefined) record.user = user;
  const role = parseJson<number | string>(Cookies.get(CookieName.ROLE));
  if (role !== undefined) record.role = role;
  return record;
}

/** Update the cached user info without touching the tokens. */
export function saveUser(user: StoredUser): void {
  Cookies.set(CookieName.USER, JSON.stringify(user), cookieAttributes());
}

/**
 * Logout: drop the token and user info, and clear local storage except
 * `MAKEMONEYSTATUS` (spec §4) and `device`. The device id identifies this browser, not the
 * member: it must stay stable across logins, or every logout would look like a new device.
 */
export function clearLogin(): void {
  for (const name of Object.values(CookieName)) Cookies.remove(name, { path: '/' });
  const ls = storage();
  if (!ls) return;
  const keep = [StorageKey.MAKE_MONEY_STATUS, StorageKey.DEVICE] as const;
  const kept = keep.map((key) => [key, ls.getItem(key)] as const);
  ls.clear();
  for (const [key, value] of kept) if (value !== null) ls.setItem(key, value);
}

function randomHash(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let memoryDeviceId: string | null = null;

/** This browser's device id: a random 32-hex hash created once and kept under `device`. */
export function getDeviceId(): string {
  const ls = storage();
  if (!ls) return (memoryDeviceId ??= randomHash()); // no storage: stable for this page only
  const existing = ls.getItem(StorageKey.DEVICE);
  if (existing) return existing;
  const id = randomHash();
  ls.setItem(StorageKey.DEVICE, id);
  return id;
}
