import type { BindTicket, CallbackParams } from '../../../machines/login';

/**
 * The bind ticket of an unfinished social login, kept in sessionStorage (this tab only) so the
 * bind step survives a reload of the callback page (whose OAuth `state` is single use) and can be
 * reopened at `/bind`. Cleared once bound or registered.
 */
const KEY = 'snsBindTicket';

export interface StoredBind {
  ticket: BindTicket;
  /** The OAuth `state` of the callback that produced it. */
  state: string;
  platform: CallbackParams['platform'];
}

function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveBind(value: StoredBind): void {
  try {
    store()?.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage full or disabled: the bind step just won't survive a reload
  }
}

/** The stored bind, or null when there is none or it is unreadable. `expired` says if its ticket has run out. */
export function readBind(now = Date.now()): (StoredBind & { expired: boolean }) | null {
  const raw = store()?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredBind;
    if (!value?.ticket?.bindTicket) return null;
    return { ...value, expired: value.ticket.expiredAt <= now };
  } catch {
    return null;
  }
}

export function clearBind(): void {
  store()?.removeItem(KEY);
}
