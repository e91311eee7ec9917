import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useLoad } from '../../flows/useLoad';
import { InviteView, type InviteViewProps } from './InviteView';
import { REGISTER_PATH, APP_PATHS, registerWithInvite } from '../../routing/paths';

type Loaded = Pick<InviteViewProps, 'status' | 'inviterName' | 'inviterAvatar' | 'rewardPoints'> & { code: string };

/** What an invite code may look like (contract: 4–32 characters); anything else is invalid without asking. */
const plausible = (code: string) => code.length >= 4 && code.length <= 32;

/** Container of `/invite` and `/app/invite`: checks `?code=` with checkInvite. */
export default function InvitePage() {
  const [params] = useSearchParams();
  const h5 = useLocation().pathname.startsWith(`${APP_PATHS.intro}/`);
  const code = (params.get('code') ?? params.get('invite') ?? '').trim();
  const check = useLoad(
    (signal) =>
      plausible(code) ? api.call('checkInvite', { body: { inviteCode: code }, signal }) : Promise.resolve(null),
    [code],
  );

  // The H5 route (/app/invite) keeps its own title: set one that reads well when shared.
  useEffect(() => {
    if (h5) document.title = '邀请你加入微豆调研';
  }, [h5]);

  const result = check.data;
  const state: Loaded =
    !plausible(code) || check.status === 'error'
      ? { code, status: 'invalid' }
      : check.status === 'loading' || !result
        ? { code, status: 'loading' }
        : {
            code,
            status: result.valid ? 'valid' : 'invalid',
            inviterName: result.inviter?.nickname ?? null,
            inviterAvatar: result.inviter?.avatar ?? null,
            rewardPoints: result.rewardPoints,
          };
  const registerPath = state.status === 'valid' ? registerWithInvite(code) : REGISTER_PATH;
  return <InviteView {...state} registerPath={registerPath} showBrand={h5} />;
}
