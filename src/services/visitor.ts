import Cookies from 'js-cookie';
import { clearLogin, readLogin } from './storage';

/** What the shell needs to know about the visitor. */
export interface ShellSession {
  loggedIn: boolean;
  user: { nickname?: string; avatar?: string | null } | null;
  /** The server-side new-message check sets this (spec §4); false until that check exists. */
  hasNewMessage: boolean;
}

/** The remembered forum task hash id: cookie or localStorage `taskHashId`, else the cached user's. */
export function readTaskHashId(): string | null {
  try {
    const direct =
      Cookies.get('taskHashId') ?? (typeof localStorage !== 'undefined' ? localStorage.getItem('taskHashId') : null);
    if (direct) return direct;
  } catch {
    // storage disabled
  }
  const fromUser = readLogin()?.user?.taskHashId;
  return typeof fromUser === 'string' && fromUser ? fromUser : null;
}

/**
 * Logout (spec §4): clear token and user info; the caller then goes to /login.
 * The app logs out through the session machine (SessionProvider `logoutNow`); this stays for callers outside it.
 */
export function logout(): void {
  clearLogin();
}

/** Build-time maintenance flag: `VITE_MAINTENANCE=true npm run build` sends every path to /updating. */
export const MAINTENANCE = import.meta.env.VITE_MAINTENANCE === 'true';
