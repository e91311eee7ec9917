import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../../machines/shared';
import { quietApi } from '../../api';
import { detectDeviceType, DeviceType } from '../../api/device';
import { useSessionView } from '../../flows/session';
import { useLoad } from '../../flows/useLoad';
import { loginFor, routedPath, HOME_INVITE_PATH, LOGIN_PATH } from '../../routing/paths';
import { toast } from '../../services/toast';
import { drawPoster, posterBlob } from './poster';
import { ShareView, type ShareStatus } from './ShareView';

/**
 * Container of `/share` 分享海报 (public; the poster needs the member's invite code, so a visitor
 * is asked to log in and comes back): getInviteInfo (code and `/app/invite?code=…` link), then the
 * poster drawn on a canvas (./poster.ts) and kept as a PNG object URL for the image and its
 * download link.
 */
export default function SharePage() {
  const { loggedIn } = useSessionView();
  const location = useLocation();
  if (!loggedIn)
    return (
      <ShareView
        status="loggedOut"
        imageUrl={null}
        fileName=""
        invite={null}
        phone={false}
        loginHref={loginFor(location.pathname)}
        invitePath={null}
      />
    );
  return <MemberPoster />;
}

type Drawn = { status: 'drawing' } | { status: 'ready'; url: string } | { status: 'error'; error: string };

function MemberPoster() {
  const { user } = useSessionView();
  const info = useLoad((signal) => quietApi.call('getInviteInfo', { signal }));
  const [drawn, setDrawn] = useState<Drawn>({ status: 'drawing' });
  const [round, setRound] = useState(0);
  const d = info.data;
  const nickname = user?.nickname ?? null;

  useEffect(() => {
    if (!d) return;
    let url: string | null = null;
    let live = true;
    setDrawn({ status: 'drawing' });
    const canvas = document.createElement('canvas');
    drawPoster(canvas, { inviteCode: d.inviteCode, inviteUrl: d.inviteUrl, nickname, inviteeReward: d.inviteeReward })
      .then(() => posterBlob(canvas))
      .then(
        (blob) => {
          url = URL.createObjectURL(blob);
          if (live) setDrawn({ status: 'ready', url });
          else URL.revokeObjectURL(url);
        },
        (e: unknown) => live && setDrawn({ status: 'error', error: errorMessage(e) }),
      );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [d, nickname, round]);

  const status: ShareStatus = info.status !== 'ready' ? info.status : drawn.status;
  return (
    <ShareView
      status={status}
      imageUrl={drawn.status === 'ready' ? drawn.url : null}
      fileName={d ? `微豆调研邀请海报-${d.inviteCode}.png` : ''}
      invite={d ? { code: d.inviteCode, url: d.inviteUrl } : null}
      phone={detectDeviceType() !== DeviceType.DESKTOP}
      error={info.status === 'error' ? info.error : drawn.status === 'error' ? drawn.error : null}
      onRetry={info.status === 'error' ? info.reload : () => setRound((r) => r + 1)}
      onCopied={(ok) => (ok ? toast.success('已复制，快去分享给好友吧') : toast.error('复制失败，请长按手动复制'))}
      loginHref={LOGIN_PATH}
      invitePath={routedPath(HOME_INVITE_PATH) ?? null}
    />
  );
}
