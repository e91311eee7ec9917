import { useState } from 'react';
import type { LoginEvent, LoginField, LoginView } from '../../machines/login';
import { isCode, isMobile, mobileMessage } from '../../openapi/rules/mobile';
import { FIELD_MESSAGE, useEverTrue, useTouched } from '../components/auth/rules';
import type { SmsFormProps } from '../components/auth/fields';

/**
 * What every account form built on the login machine shares (login, register, reset, social
 * bind): `input(field)` feeds a field to the machine; `sms` is the mobile + code fields and the
 * send button ({@link SmsFormProps}) with the blur that starts inline errors; `errors` holds the
 * inline messages of mobile and code, and `error` makes the form's other ones.
 */
export function useCodeForm<F extends string = never>(view: LoginView, send: (event: LoginEvent) => void) {
  const { touch, error } = useTouched<'mobile' | 'code' | F>();
  const codeSent = useEverTrue(view.countdown > 0);
  const input = (field: LoginField) => (value: string) => send({ type: 'user.input', field, value });
  const sms = {
    mobile: view.mobile,
    onMobileChange: input('mobile'),
    code: view.code,
    onCodeChange: input('code'),
    resendIn: view.countdown,
    codeSent,
    sendingCode: view.sendingCode,
    canSendCode: view.canRequestCode,
    onSendCode: () => send({ type: 'user.requestCode' }),
    codeSentTo: view.codeSentTo,
    onFieldBlur: touch,
  } satisfies SmsFormProps & { onFieldBlur: unknown };
  const errors = {
    mobile: error('mobile', view.mobile, isMobile, mobileMessage(view.mobile)),
    code: error('code', view.code, isCode, FIELD_MESSAGE.code),
  };
  return { input, sms, errors, error };
}

/** The eye button of a password field: hidden until the member asks to see it. */
export function usePasswordVisible() {
  const [passwordVisible, setPasswordVisible] = useState(false);
  return { passwordVisible, onTogglePasswordVisible: () => setPasswordVisible((v) => !v) };
}
