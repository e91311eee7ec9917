import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { quietApi } from '../../api';
import { appPlatformOf, isWeChatBrowser } from '../../api/device';
import { useLoad } from '../../flows/useLoad';
import { APP_PATHS, routedPath } from '../../routing/paths';
import { AppDownloadView, type AppPageVariant } from './AppDownloadView';

const VARIANTS: Record<string, AppPageVariant> = {
  [APP_PATHS.intro]: 'intro',
  [APP_PATHS.download]: 'download',
  [APP_PATHS.landing]: 'landing',
};

/**
 * Container of `/app` (introduction), `/app/down` (download) and `/drainage` (the landing of ads
 * and shared links): GET /v1/app/down, the visitor's platform from the user agent, and inside
 * WeChat the guide to open the page in the system browser (shown at once; a download button
 * shows it again).
 */
export default function AppDownloadPage() {
  const { pathname } = useLocation();
  const variant = VARIANTS[pathname.replace(/\/$/, '')] ?? 'intro';
  const download = useLoad((signal) => quietApi.call('getAppDownload', { signal }));
  const [inWeChat] = useState(() => isWeChatBrowser());
  const [guideOpen, setGuideOpen] = useState(inWeChat);
  return (
    <AppDownloadView
      variant={variant}
      platform={appPlatformOf()}
      inWeChat={inWeChat}
      guideOpen={guideOpen}
      status={download.status}
      download={download.data}
      error={download.error}
      onRetry={download.reload}
      onOpenGuide={() => setGuideOpen(true)}
      onCloseGuide={() => setGuideOpen(false)}
      introPath={variant === 'intro' ? null : (routedPath(APP_PATHS.intro) ?? null)}
      webPath="/"
    />
  );
}
