import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { InviteView, type InviteViewProps } from './InviteView';

type Loaded = Pick<InviteViewProps, 'status' | 'inviterName' | 'inviterAvatar' | 'rewardPoints'> & { code: string };

/** What an invite code may look like (contract: 4–32 characters); anything else is invalid without asking. */
const plausible = (code: string) => code.length >= 4 && code.length <= 32;

/** Container of `/invite` and `/app/invite`: checks `?code=` with checkInvite. */
export default function InvitePage() {
  const [params] = useSearchParams();
  const h5 = useLocation().pathname.startsWith('/app/');
  const code = (params.get('code') ?? params.get('invite') ?? '').trim();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!plausible(code)) return;
    const abort = new AbortController();
    api
      .call('checkInvite', { body: { inviteCode: code }, signal: abort.signal })
      .then((r) =>
        setLoaded({
          code,
          status: r.valid ? 'valid' : 'invalid',
          inviterName: r.inviter?.nickname ?? null,
          inviterAvatar: r.inviter?.avatar ?? null,
          rewardPoints: r.rewardPoints,
        }),
      )
      .catch(() => {
        if (!abort.signal.aborted) setLoaded({ code, status: 'invalid' });
      });
    return () => abort.abort();
  }, [code]);

  // The H5 route (/app/invite) keeps its own title: set one that reads well when shared.
  useEffect(() => {
    if (h5) document.title = '邀请你加入微豆调研';
  }, [h5]);

  const state: Loaded = !plausible(code)
    ? { code, status: 'invalid' }
    : loaded && loaded.code === code
      ? loaded
      : { code, status: 'loading' };
  const registerPath = state.status === 'valid' ? `/register?invite=${encodeURIComponent(code)}` : '/register';
  return <InviteView {...state} registerPath={registerPath} showBrand={h5} />;
}
