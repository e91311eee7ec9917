import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { type CallbackOutcome, type CallbackParams, type SocialPlatform } from '../../../machines/login';
import { isApiError, quietApi } from '../../api';
import { readLogin } from '../../services/storage';
import { clearBind, readBind, saveBind } from '../../components/auth/bindTicket';
import { safeRedirect } from '../../components/auth/rules';
import { snsBindChoice } from '../../components/auth/SnsBindForm';
import { useCodeForm } from '../../flows/useCodeForm';
import { useLoginFlow } from '../../flows/useLoginFlow';
import { rememberedRedirect } from '../../flows/useSocialLogin';
import { isRouted, USER_CENTRE_PATH, SNS_CALLBACK_PATH } from '../../routing/paths';
import { ThirdLoginView, type ThirdLoginStatus } from './ThirdLoginView';

/** A bind started from the personal centre goes back there, once that page is built. */
const ACCOUNT_LINK = isRouted(USER_CENTRE_PATH) ? { label: '返回个人中心', to: USER_CENTRE_PATH } : undefined;

/** Callback path → platform (spec §2: sina is Weibo). `/login/third?platform=` names it directly. */
const PLATFORM_OF_PATH: Record<string, SocialPlatform> = {
  [SNS_CALLBACK_PATH.alipay]: 'alipay',
  [SNS_CALLBACK_PATH.wechat]: 'wechat',
  [SNS_CALLBACK_PATH.qq]: 'qq',
  [SNS_CALLBACK_PATH.weibo]: 'weibo',
};
const NAME: Record<SocialPlatform, string> = { wechat: '微信', qq: 'QQ', weibo: '微博', alipay: '支付宝' };
const isPlatform = (v: string | null): v is SocialPlatform => v !== null && v in NAME;

const INCOMPLETE = '授权信息不完整，请返回登录页重新发起第三方登录。';

/**
 * Container of `/login/third` and the four `/open/…` callbacks. A visitor: the login machine in
 * callback mode (exchange → logged in, or bind / register). A logged-in member (binding from the
 * personal centre; these paths are not in the guard's logged-out-only list): bind directly.
 */
export default function ThirdLoginPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const fromPath = PLATFORM_OF_PATH[pathname.replace(/\/$/, '')];
  const platformParam = params.get('platform');
  const platform = fromPath ?? (isPlatform(platformParam) ? platformParam : null);
  const code = params.get('code') ?? params.get('auth_code') ?? '';
  const state = params.get('state') ?? '';
  const callback: CallbackParams | null = platform && code && state ? { platform, code, state } : null;
  const [memberBinding] = useState(() => readLogin() !== null && fromPath !== undefined);

  if (memberBinding) return <MemberBind platform={platform ?? 'wechat'} callback={callback} />;
  return <VisitorLogin platform={platform} callback={callback} />;
}

function VisitorLogin({ platform, callback }: { platform: SocialPlatform | null; callback: CallbackParams | null }) {
  const navigate = useNavigate();
  const platformName = platform ? NAME[platform] : '第三方';
  // A reload of the callback replays its single-use state: resume from the stored bind ticket instead.
  const [overrides] = useState(() => {
    if (!callback) return { exchangeCallback: reject(INCOMPLETE) };
    const stored = readBind();
    if (stored && !stored.expired && stored.state === callback.state) {
      return { exchangeCallback: fromPromise<CallbackOutcome, CallbackParams | null>(async () => stored.ticket) };
    }
    return undefined;
  });
  const { view, send } = useLoginFlow({ mode: 'callback', callback }, overrides);
  const { sms, errors } = useCodeForm(view, send);

  useEffect(() => {
    if (view.bindTicket && callback)
      saveBind({ ticket: view.bindTicket, state: callback.state, platform: callback.platform });
  }, [view.bindTicket, callback]);

  useEffect(() => {
    if (view.step !== 'succeeded') return;
    clearBind();
    navigate(safeRedirect(rememberedRedirect()), { replace: true });
  }, [view.step, navigate]);

  const status: ThirdLoginStatus =
    view.step === 'exchanging'
      ? 'exchanging'
      : view.step === 'succeeded'
        ? 'loggedIn'
        : view.step === 'needsBind' || view.step === 'binding'
          ? 'needsBind'
          : 'error';

  return (
    <ThirdLoginView
      accountLink={ACCOUNT_LINK}
      status={status}
      platformName={platformName}
      error={view.error}
      bind={
        status === 'needsBind'
          ? {
              nickname: view.bindTicket?.nickname,
              avatar: view.bindTicket?.avatar,
              ...snsBindChoice(view, send),
              ...sms,
              submitting: view.step === 'binding',
              errors,
            }
          : null
      }
    />
  );
}

const BIND_OP = { wechat: 'bindWechat', qq: 'bindQq', weibo: 'bindWeibo', alipay: 'bindAlipay' } as const;

/** A logged-in member came back from the provider: link the account (`/v1/users/{platform}/bind`). */
function MemberBind({ platform, callback }: { platform: SocialPlatform; callback: CallbackParams | null }) {
  const [result, setResult] = useState<{ status: ThirdLoginStatus; error: string | null } | null>(null);
  const body = useMemo(() => (callback ? { code: callback.code, state: callback.state } : null), [callback]);
  useEffect(() => {
    if (!body) return;
    const abort = new AbortController();
    quietApi
      .call(BIND_OP[platform], { body, signal: abort.signal })
      .then(() => setResult({ status: 'loggedIn', error: null }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) {
          setResult({ status: 'error', error: isApiError(e) && e.msg ? e.msg : '网络错误，请稍后重试' });
        }
      });
    return () => abort.abort();
  }, [platform, body]);
  const shown = body
    ? (result ?? { status: 'exchanging' as const, error: null })
    : { status: 'error' as const, error: INCOMPLETE };
  return (
    <ThirdLoginView
      accountLink={ACCOUNT_LINK}
      purpose="bind"
      platformName={NAME[platform]}
      status={shown.status}
      error={shown.error}
    />
  );
}

function reject(msg: string) {
  return fromPromise<CallbackOutcome, CallbackParams | null>(async () => {
    throw Object.assign(new Error(msg), { msg });
  });
}
