import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { SnsPlatform } from '../../../openapi/enums';
import type { BindChoice, CallbackOutcome, CallbackParams } from '../../../machines/login';
import { isCode, isMobile } from '../../../openapi/rules/mobile';
import { clearBind, readBind, type StoredBind } from '../../components/auth/bindTicket';
import { FIELD_MESSAGE, safeRedirect, useEverTrue, useTouched } from '../../components/auth/rules';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { rememberedRedirect } from '../../flows/useSocialLogin';
import { BindView } from './BindView';

/**
 * Container of `/bind`: the bind step of a social login from the bind ticket stored in this tab
 * (see bindTicket.ts). No ticket → /login; an expired one → say so, with the way back.
 */
export default function BindPage() {
  const [stored] = useState(() => readBind());
  if (!stored) return <Navigate to="/login" replace />;
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
  const { touch, error } = useTouched<'mobile' | 'code'>();
  const codeSent = useEverTrue(view.countdown > 0);

  useEffect(() => {
    if (view.step !== 'succeeded') return;
    clearBind();
    navigate(safeRedirect(rememberedRedirect()), { replace: true });
  }, [view.step, navigate]);

  const ticket = view.bindTicket ?? stored.ticket;
  const input = (field: 'mobile' | 'code') => (value: string) => send({ type: 'user.input', field, value });
  return (
    <BindView
      form={{
        platformName: SnsPlatform.labels[ticket.platform] ?? '第三方',
        nickname: ticket.nickname,
        avatar: ticket.avatar,
        mode: view.bindChoice,
        onModeChange: (choice: BindChoice) => send({ type: 'user.chooseBind', choice }),
        mobile: view.mobile,
        onMobileChange: input('mobile'),
        code: view.code,
        onCodeChange: input('code'),
        agreed: view.agreed,
        onAgreedChange: (agreed) => send({ type: 'user.agree', agreed }),
        resendIn: view.countdown,
        codeSent,
        sendingCode: view.sendingCode,
        canSendCode: view.canRequestCode,
        onSendCode: () => send({ type: 'user.requestCode' }),
        canSubmit: view.canSubmit,
        submitting: view.step === 'binding' || view.step === 'exchanging' || view.step === 'succeeded',
        onSubmit: () => send({ type: 'user.submit' }),
        onFieldBlur: touch,
        errors: {
          mobile: error('mobile', view.mobile, isMobile, FIELD_MESSAGE.mobile),
          code: error('code', view.code, isCode, FIELD_MESSAGE.code),
        },
        formError: view.error,
      }}
    />
  );
}
