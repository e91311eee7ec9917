import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { SnsPlatform } from '../../../openapi/enums';
import type { CallbackOutcome, CallbackParams } from '../../../machines/login';
import { clearBind, readBind, type StoredBind } from '../../components/auth/bindTicket';
import { safeRedirect } from '../../components/auth/rules';
import { snsBindChoice } from '../../components/auth/SnsBindForm';
import { useCodeForm } from '../../flows/useCodeForm';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { rememberedRedirect } from '../../flows/useSocialLogin';
import { BindView } from './BindView';
import { LOGIN_PATH } from '../../routing/paths';

/**
 * Container of `/bind`: the bind step of a social login from the bind ticket stored in this tab
 * (see bindTicket.ts). No ticket → /login; an expired one → say so, with the way back.
 */
export default function BindPage() {
  const [stored] = useState(() => readBind());
  if (!stored) return <Navigate to={LOGIN_PATH} replace />;
  if (stored.expired) return <BindView form={null} />;
  return <BindForm stored={stored} />;
}

function BindForm({ stored }: { stored: StoredBind }) {
  const navigate = useNavigate();
  const [overrides] = useState(() => ({
    exchangeCallback: fromPromise<CallbackOutcome, CallbackParams | null>(async () => stored.ticket),
  }));
  const { view, send } = useLoginFlow(
    { mode: 'callback', callback: { platform: stored.platform, code: 'stored', state: stored.state } },
    overrides,
  );
  const { sms, errors } = useCodeForm(view, send);

  useEffect(() => {
    if (view.step !== 'succeeded') return;
    clearBind();
    navigate(safeRedirect(rememberedRedirect()), { replace: true });
  }, [view.step, navigate]);

  const ticket = view.bindTicket ?? stored.ticket;
  return (
    <BindView
      form={{
        platformName: SnsPlatform.labels[ticket.platform] ?? '第三方',
        nickname: ticket.nickname,
        avatar: ticket.avatar,
        ...snsBindChoice(view, send),
        ...sms,
        submitting: view.step === 'binding' || view.step === 'exchanging' || view.step === 'succeeded',
        errors,
      }}
    />
  );
}
