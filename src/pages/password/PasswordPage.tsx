import { useEffect, useState } from 'react';
import { isNewPassword } from '../../../machines/login';
import { isCode, isMobile } from '../../../openapi/rules/mobile';
import { FIELD_MESSAGE } from '../../components/auth/rules';
import { useCodeForm, usePasswordVisible } from '../../flows/useCodeForm';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { PasswordResetView, type PasswordResetFieldErrors, type ResetStep } from './PasswordResetView';

/**
 * Container of `/password` 找回密码: the login machine in reset mode (one form: mobile, code, new
 * password twice), shown as steps. Step 1 sends the code; step 2 takes it; step 3 submits all.
 */
export default function PasswordPage() {
  const { view, send } = useLoginFlow({ mode: 'reset' });
  const [page, setPage] = useState<Exclude<ResetStep, 'done'>>('mobile');
  const passwordToggle = usePasswordVisible();
  const { input, sms, errors, error } = useCodeForm<keyof PasswordResetFieldErrors>(view, send);

  // The code went out: on to typing it.
  useEffect(() => {
    if (page === 'mobile' && view.countdown > 0) setPage('code');
  }, [page, view.countdown]);

  const step: ResetStep = view.step === 'resetDone' ? 'done' : page;

  const canNext =
    page === 'mobile'
      ? // an earlier code still counts down: go straight on
        view.canRequestCode || (view.countdown > 0 && isMobile(view.mobile))
      : page === 'code'
        ? isCode(view.code)
        : view.canSubmit;
  const onNext = () => {
    if (page === 'mobile') {
      if (view.countdown > 0) setPage('code');
      else send({ type: 'user.requestCode' });
    } else if (page === 'code') setPage('password');
    else send({ type: 'user.submit' });
  };
  const onBack = () => setPage(page === 'password' ? 'code' : 'mobile');

  return (
    <PasswordResetView
      step={step}
      {...sms}
      password={view.password}
      onPasswordChange={input('password')}
      confirm={view.passwordConfirm}
      onConfirmChange={input('passwordConfirm')}
      {...passwordToggle}
      canNext={canNext}
      onNext={onNext}
      onBack={onBack}
      submitting={view.busy}
      errors={{
        ...errors,
        password: error('password', view.password, isNewPassword, FIELD_MESSAGE.password),
        confirm: error('confirm', view.passwordConfirm, (v) => v === view.password, FIELD_MESSAGE.passwordMismatch),
      }}
      formError={view.error}
    />
  );
}
