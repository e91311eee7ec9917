import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { StaffMe } from '../../../openapi/schemas/admin';
import { consoleApi, consoleToken } from '../api';

/** The signed-in staff member as the server describes them (roles, permissions, session end). */
export type Staff = z.output<typeof StaffMe>;

export type StaffSessionStatus = 'checking' | 'signedOut' | 'signedIn';

export interface StaffSessionValue {
  status: StaffSessionStatus;
  staff: Staff | null;
  /** After the sign-in's second step: keep the token, know the staff member. */
  signedIn: (session: { token: string; staff: Staff }) => void;
  /** 退出登录 (this session) or 退出所有设备 (every session of this account). */
  signOut: (everywhere: boolean) => Promise<void>;
}

const StaffSessionContext = createContext<StaffSessionValue | null>(null);

/**
 * The console's session: with a stored token, who it belongs to (getStaffMe; a 401 clears the token
 * and goes to the sign-in page, in the client); without one, signed out.
 */
export function StaffSessionProvider({ children, initial }: { children: ReactNode; initial?: Staff | null }) {
  const [staff, setStaff] = useState<Staff | null>(initial ?? null);
  const [status, setStatus] = useState<StaffSessionStatus>(
    initial ? 'signedIn' : consoleToken.read() ? 'checking' : 'signedOut',
  );

  useEffect(() => {
    if (status !== 'checking') return;
    const controller = new AbortController();
    consoleApi.call('getStaffMe', { signal: controller.signal }).then(
      (me) => {
        setStaff(me);
        setStatus('signedIn');
      },
      () => {
        if (controller.signal.aborted) return;
        consoleToken.clear();
        setStaff(null);
        setStatus('signedOut');
      },
    );
    return () => controller.abort();
  }, [status]);

  const signedIn = useCallback((session: { token: string; staff: Staff }) => {
    consoleToken.write(session.token);
    setStaff(session.staff);
    setStatus('signedIn');
  }, []);

  const signOut = useCallback(async (everywhere: boolean) => {
    try {
      await consoleApi.call(everywhere ? 'staffSignOutEverywhere' : 'staffSignOut');
    } finally {
      // Signed out here whatever the server answered: the token is gone from this tab.
      consoleToken.clear();
      setStaff(null);
      setStatus('signedOut');
    }
  }, []);

  const value = useMemo(() => ({ status, staff, signedIn, signOut }), [status, staff, signedIn, signOut]);
  return <StaffSessionContext.Provider value={value}>{children}</StaffSessionContext.Provider>;
}

export function useStaffSession(): StaffSessionValue {
  const value = useContext(StaffSessionContext);
  if (!value) throw new Error('useStaffSession outside StaffSessionProvider');
  return value;
}
