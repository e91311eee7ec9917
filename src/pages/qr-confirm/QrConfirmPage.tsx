import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { selectQrConfirmView } from '../../../machines/qrConfirm';
import { appQrConfirmMachine } from '../../flows/qrConfirm';
import { QrConfirmView } from './QrConfirmView';
import { shallowEqual } from '../../flows/shallowEqual';

/**
 * Container of `/qrcode/confirm?ticket=…` (phone side of QR login): the qrConfirm machine with
 * the app's actors (src/flows/qrConfirm.ts).
 */
export default function QrConfirmPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket')?.trim() || null;

  // H5 page: it sets its own title.
  useEffect(() => {
    document.title = '确认登录';
  }, []);

  // A new ticket in the URL is a new flow.
  return <QrConfirm key={ticket ?? ''} ticket={ticket} />;
}

function QrConfirm({ ticket }: { ticket: string | null }) {
  const actor = useActorRef(appQrConfirmMachine, { input: { ticket } });
  const view = useSelector(actor, selectQrConfirmView, shallowEqual);
  return (
    <QrConfirmView
      {...view}
      onConfirm={() => actor.send({ type: 'user.confirm' })}
      onRefuse={() => actor.send({ type: 'user.refuse' })}
      onRetry={view.canRetry ? () => actor.send({ type: 'user.retry' }) : undefined}
    />
  );
}
