import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  qrConfirmMachine,
  selectQrConfirmView,
  type DecideInput,
  type QrConfirmResult,
  type QrConfirmView as ViewProps,
  type QrScanResult,
  type ScanInput,
} from '../../../machines/qrConfirm';
import { api } from '../../api';
import { QrConfirmView } from './QrConfirmView';

/**
 * Container of `/qrcode/confirm?ticket=…` (phone side of QR login): the qrConfirm machine
 * (machines/qrConfirm.ts) with its actors over the API — scanLoginQrcode registers the scan and
 * returns the desktop's device; the member confirms or refuses (confirmLoginQrcode). The API
 * client rejects with ApiError, whose `code` (QRCODE_EXPIRED) the machine reads.
 */
const appQrConfirmMachine = qrConfirmMachine.provide({
  actors: {
    scan: fromPromise<QrScanResult, ScanInput>(({ input, signal }) =>
      api.call('scanLoginQrcode', { body: { ticket: input.ticket }, signal }),
    ),
    confirm: fromPromise<QrConfirmResult, DecideInput>(({ input, signal }) =>
      api.call('confirmLoginQrcode', { body: { ticket: input.ticket, approve: input.approve }, signal }),
    ),
  },
});

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
  const view = useSelector(actor, selectQrConfirmView, sameView);
  return (
    <QrConfirmView
      status={view.status}
      device={view.device}
      canDecide={view.canDecide}
      error={view.error}
      onConfirm={() => actor.send({ type: 'user.confirm' })}
      onRefuse={() => actor.send({ type: 'user.refuse' })}
      onRetry={view.canRetry ? () => actor.send({ type: 'user.retry' }) : undefined}
    />
  );
}

function sameView(a: ViewProps, b: ViewProps): boolean {
  return (
    a.status === b.status &&
    a.canDecide === b.canDecide &&
    a.canRetry === b.canRetry &&
    a.error === b.error &&
    JSON.stringify(a.device) === JSON.stringify(b.device)
  );
}
