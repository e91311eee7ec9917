import { AuthCard } from '../../components/auth/AuthCard';
import { AuthStatus } from '../../components/auth/AuthStatus';
import { SnsBindForm, type SnsBindFormProps } from '../../components/auth/SnsBindForm';
import { LOGIN_PATH, MEMBER_HOME_PATH } from '../../routing/paths';

/** The one screen behind /open/{alipay,wechat}/callback and /open/{qq,sina}/callback.php. */
export type ThirdLoginStatus = 'exchanging' | 'loggedIn' | 'needsBind' | 'error';

export interface ThirdLoginViewProps {
  status: ThirdLoginStatus;
  /** 微信, QQ, 微博, 支付宝 (from the callback path). */
  platformName: string;
  /**
   * login: a visitor logging in (default). bind: a logged-in member linking the account from the
   * personal centre (`loggedIn` then means "bound").
   */
  purpose?: 'login' | 'bind';
  /** needsBind: the bind/register form (its own `submitting` covers binding). */
  bind?: Omit<SnsBindFormProps, 'platformName'> | null;
  /** error: why (state invalid or used, provider refused, network). */
  error?: string | null;
  loginHref?: string;
  /** Where a member binding an account goes back to: the personal centre once it is built, else 我的主页. */
  accountLink?: { label: string; to: string };
}

export function ThirdLoginView({
  status,
  platformName,
  purpose = 'login',
  bind,
  error,
  loginHref = LOGIN_PATH,
  accountLink = { label: '返回我的主页', to: MEMBER_HOME_PATH },
}: ThirdLoginViewProps) {
  if (status === 'needsBind' && bind) {
    return (
      <AuthCard title={`${platformName}登录`} subtitle="首次使用第三方账号登录，请先关联手机号">
        <SnsBindForm platformName={platformName} loginHref={loginHref} {...bind} />
      </AuthCard>
    );
  }
  const binding = purpose === 'bind';
  return (
    <AuthCard title={binding ? `绑定${platformName}` : `${platformName}登录`} plain>
      {status === 'exchanging' && (
        <AuthStatus
          tone="busy"
          title={binding ? '正在绑定…' : '正在登录…'}
          text={`正在与${platformName}确认你的授权，请稍候`}
        />
      )}
      {status === 'loggedIn' &&
        (binding ? (
          <AuthStatus
            tone="success"
            title="绑定成功"
            text={`以后可以直接使用${platformName}登录微豆调研。`}
            action={accountLink}
          />
        ) : (
          <AuthStatus tone="success" title="登录成功" text="正在进入微豆调研…" />
        ))}
      {(status === 'error' || (status === 'needsBind' && !bind)) && (
        <AuthStatus
          tone="error"
          title={binding ? '绑定没有完成' : '登录没有完成'}
          text={error ?? '授权信息无效或已被使用，请重新发起。'}
          action={binding ? accountLink : { label: '返回登录', to: loginHref }}
        />
      )}
    </AuthCard>
  );
}
