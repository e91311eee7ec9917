import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginMethod } from '../../../machines/login';
import { isMobile } from '../../../openapi/rules/mobile';
import { readTaskHashId } from '../../services/visitor';
import { safeRedirect } from '../../components/auth/rules';
import { useCodeForm, usePasswordVisible } from '../../flows/useCodeForm';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { DESKTOP_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { useSocialLogin } from '../../flows/useSocialLogin';
import { useLoginBanners } from '../../flows/content';
import { LoginView, type LoginFieldErrors, type QrStatus } from './LoginView';

const QR_STATUS: Partial<Record<string, QrStatus>> = {
  qrFetching: 'loading',
  qrWaiting: 'waiting',
  qrScanned: 'scanned',
  qrRefused: 'refused',
  qrExpired: 'expired',
  qrFailed: 'error',
};

/**
 * Container of `/login`: binds the login machine to LoginView (with the login banners for this
 * screen); on success goes to `redirect` or /home.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const redirectParam = params.get('redirect');
  const target = safeRedirect(redirectParam);

  const { view, send } = useLoginFlow({ mode: 'login', method: 'sms', taskHashId: readTaskHashId() });
  const passwordToggle = usePasswordVisible();
  const { input, sms, errors } = useCodeForm<keyof LoginFieldErrors>(view, send);
  const social = useSocialLogin({ redirect: redirectParam ? target : null, phone: !desktop });
  const banners = useLoginBanners();

  // From 去登录 on /register (该手机号已注册): the mobile comes along, once.
  const mobileParam = params.get('mobile');
  useEffect(() => {
    if (mobileParam && isMobile(mobileParam)) send({ type: 'user.input', field: 'mobile', value: mobileParam });
  }, [mobileParam, send]);

  // Phones have no QR tab: leave it if the window shrinks.
  useEffect(() => {
    if (!desktop && view.method === 'qrcode') send({ type: 'user.switchMethod', method: 'sms' });
  }, [desktop, view.method, send]);

  useEffect(() => {
    if (view.step === 'succeeded') navigate(target, { replace: true });
  }, [view.step, navigate, target]);

  const qrStatus: QrStatus =
    view.step === 'succeeded' && view.method === 'qrcode' ? 'confirmed' : (QR_STATUS[view.step] ?? 'loading');

  return (
    <LoginView
      tab={view.method}
      showQrTab={desktop}
      onTabChange={(method: LoginMethod) => send({ type: 'user.switchMethod', method })}
      {...sms}
      password={view.password}
      onPasswordChange={input('password')}
      {...passwordToggle}
      agreed={view.agreed}
      onAgreedChange={(agreed) => send({ type: 'user.agree', agreed })}
      canSubmit={view.canSubmit}
      submitting={view.step === 'submitting' || (view.step === 'succeeded' && view.method !== 'qrcode')}
      onSubmit={() => send({ type: 'user.submit' })}
      errors={errors}
      formError={view.method === 'qrcode' ? null : view.error}
      qr={{ status: qrStatus, url: view.qrUrl, onRefresh: () => send({ type: 'user.refreshQr' }) }}
      lockSeconds={view.lockSeconds}
      onUseSms={() => send({ type: 'user.switchMethod', method: 'sms' })}
      providers={social.providers}
      socialPending={social.pending}
      onSocial={social.select}
      banners={banners.data ?? []}
      bannersLoading={banners.status === 'loading'}
    />
  );
}
