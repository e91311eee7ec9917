import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectScreenView, type ScreenLink } from '../../machines/screenMessage';
import { ScreenMessageDialog } from '../components/ScreenMessageDialog';
import { appScreenMessageMachine } from '../flows/messages';
import { shallowEqual } from '../flows/shallowEqual';
import { MEMBER_HOME_PATH } from '../routing/paths';

/** The page whose every visit asks for a screen message (spec: on login and on /home). */
export const SCREEN_MESSAGE_PATH = MEMBER_HOME_PATH;

export interface ScreenMessageProps {
  pathname: string;
  /** The member logged in while this page was open: ask at once, whatever the page. */
  afterLogin: boolean;
  /** False on pages without the site's header (bare pages: H5 screens, maintenance): nothing is asked or shown. */
  enabled: boolean;
}

/**
 * The one-time full-screen message (machines/screenMessage.ts with src/flows/messages.ts's
 * actors), as spec §7 says: on login and on /home. The shell mounts it (its own chunk) while a
 * member is logged in; it asks right after a login made in this page, and on every visit to
 * /home; the server offers a message until it is marked seen.
 */
export default function ScreenMessage({ pathname, afterLogin, enabled }: ScreenMessageProps) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const machine = useMemo(
    () =>
      appScreenMessageMachine.provide({
        actions: {
          openLink: (_, link: ScreenLink) => {
            if (link.external) window.location.assign(link.href);
            else navigateRef.current(link.href);
          },
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  const view = useSelector(actor, selectScreenView, shallowEqual);

  useEffect(() => {
    if (enabled && afterLogin) actor.send({ type: 'check' });
  }, [actor, enabled, afterLogin]);
  useEffect(() => {
    if (enabled && pathname === SCREEN_MESSAGE_PATH) actor.send({ type: 'check' });
  }, [actor, enabled, pathname]);

  return (
    <ScreenMessageDialog
      {...view}
      open={view.open && enabled}
      onClose={() => actor.send({ type: 'user.close' })}
      onFollow={() => actor.send({ type: 'user.follow' })}
    />
  );
}
