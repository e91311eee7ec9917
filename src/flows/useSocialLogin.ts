import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import type { SocialProvider } from '../components/auth/SocialLogin';

/**
 * The social logins the server has configured (`listSnsProviders`; none → no icons), and a
 * click handler that asks `getSnsAuthorize` for the provider's URL and leaves for it.
 */
export function useSocialLogin(options: { redirect?: string | null; phone: boolean }) {
  const [providers, setProviders] = useState<readonly SocialProvider[]>([]);
  const [pending, setPending] = useState<number | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    api
      .call('listSnsProviders', { signal: abort.signal })
      .then((list) => setProviders(list))
      .catch(() => setProviders([]));
    return () => abort.abort();
  }, []);

  const { redirect, phone } = options;
  const select = useCallback(
    (platform: number) => {
      setPending(platform);
      api
        .call('getSnsAuthorize', {
          query: {
            platform,
            purpose: 'login',
            mobile: phone ? '1' : '0',
            ...(redirect ? { redirect } : {}),
          },
        })
        .then(({ url }) => {
          rememberRedirect(redirect ?? null);
          window.location.assign(url);
        })
        .catch(() => setPending(null)); // the client has shown the server's message
    },
    [redirect, phone],
  );

  return { providers, pending, select };
}

const REDIRECT_KEY = 'snsRedirect';

/** Where to land after the provider comes back (the callback URL carries only code and state). */
function rememberRedirect(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(REDIRECT_KEY, path);
    else sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // storage disabled: land on /home
  }
}

/** The page the social login started from asked to return to (still to be checked with safeRedirect). */
export function rememberedRedirect(): string | null {
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}
