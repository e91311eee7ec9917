import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isInviteCodeOk, isNewPassword } from '../../../machines/login';
import { isCode, isMobile } from '../../../openapi/rules/mobile';
import { readTaskHashId } from '../../services/visitor';
import { FIELD_MESSAGE, safeRedirect, useEverTrue, useTouched } from '../../components/auth/rules';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { RegisterView, type RegisterFieldErrors } from './RegisterView';

/**
 * Container of `/register`: the login machine in register mode. `?invite=` or `?code=` prefills
 * the invite code and locks it; success (registered and logged in) goes to /home.
 */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linkInvite = (params.get('invite') ?? params.get('code') ?? '').trim();
  const target = safeRedirect(params.get('redirect'));

  const { view, send } = useLoginFlow({
    mode: 'register',
    ...(linkInvite ? { inviteCode: linkInvite } : {}),
    taskHashId: readTaskHashId(),
  });
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { touch, error } = useTouched<keyof RegisterFieldErrors>();
  const codeSent = useEverTrue(view.countdown > 0);

  useEffect(() => {
    if (view.step === 'succeeded') navigate(target, { replace: true });
  }, [view.step, navigate, target]);

  const input = (field: 'mobile' | 'code' | 'password' | 'inviteCode') => (value: string) =>
    send({ type: 'user.input', field, value });

  return (
    <RegisterView
      mobile={view.mobile}
      onMobileChange={input('mobile')}
      code={view.code}
      onCodeChange={input('code')}
      password={view.password}
      onPasswordChange={input('password')}
      passwordVisible={passwordVisible}
      onTogglePasswordVisible={() => setPasswordVisible((v) => !v)}
      inviteCode={view.inviteCode}
      onInviteCodeChange={input('inviteCode')}
      inviteLocked={linkInvite !== ''}
      agreed={view.agreed}
      onAgreedChange={(agreed) => send({ type: 'user.agree', agreed })}
      resendIn={view.countdown}
      codeSent={codeSent}
      sendingCode={view.sendingCode}
      canSendCode={view.canRequestCode}
      onSendCode={() => send({ type: 'user.requestCode' })}
      canSubmit={view.canSubmit}
      submitting={view.busy || view.step === 'succeeded'}
      onSubmit={() => send({ type: 'user.submit' })}
      onFieldBlur={touch}
      errors={{
        mobile: error('mobile', view.mobile, isMobile, FIELD_MESSAGE.mobile),
        code: error('code', view.code, isCode, FIELD_MESSAGE.code),
        password: error('password', view.password, isNewPassword, FIELD_MESSAGE.password),
        inviteCode: error('inviteCode', view.inviteCode, isInviteCodeOk, FIELD_MESSAGE.inviteCode),
      }}
      formError={view.error}
    />
  );
}
