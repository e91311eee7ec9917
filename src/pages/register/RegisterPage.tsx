import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isInviteCodeOk, isNewPassword } from '../../../machines/login';
import { readTaskHashId } from '../../services/visitor';
import { FIELD_MESSAGE, safeRedirect } from '../../components/auth/rules';
import { useCodeForm, usePasswordVisible } from '../../flows/useCodeForm';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { Code, describeCode } from '../../../openapi/codes';
import { RegisterView, type RegisterFieldErrors } from './RegisterView';
import { loginWith } from '../../routing/paths';

/** The refusal of a mobile that already has an account (sending the code, or registering). */
const REGISTERED_MESSAGE = describeCode(Code.MOBILE_REGISTERED)?.msg;

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
  const passwordToggle = usePasswordVisible();
  const { input, sms, errors, error } = useCodeForm<keyof RegisterFieldErrors>(view, send);

  useEffect(() => {
    if (view.step === 'succeeded') navigate(target, { replace: true });
  }, [view.step, navigate, target]);

  return (
    <RegisterView
      {...sms}
      password={view.password}
      onPasswordChange={input('password')}
      {...passwordToggle}
      inviteCode={view.inviteCode}
      onInviteCodeChange={input('inviteCode')}
      inviteLocked={linkInvite !== ''}
      agreed={view.agreed}
      onAgreedChange={(agreed) => send({ type: 'user.agree', agreed })}
      canSubmit={view.canSubmit}
      submitting={view.busy || view.step === 'succeeded'}
      onSubmit={() => send({ type: 'user.submit' })}
      errors={{
        ...errors,
        password: error('password', view.password, isNewPassword, FIELD_MESSAGE.password),
        inviteCode: error('inviteCode', view.inviteCode, isInviteCodeOk, FIELD_MESSAGE.inviteCode),
      }}
      formError={view.error}
      registeredLoginPath={
        view.error !== null && view.error === REGISTERED_MESSAGE
          ? loginWith(
              new URLSearchParams({ mobile: view.mobile, ...(params.get('redirect') ? { redirect: target } : {}) }),
            )
          : null
      }
    />
  );
}
