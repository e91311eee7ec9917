import { AuthCard } from '../../components/auth/AuthCard';
import { AuthStatus } from '../../components/auth/AuthStatus';
import { SnsBindForm, type SnsBindFormProps } from '../../components/auth/SnsBindForm';
import { LOGIN_PATH } from '../../routing/paths';

export interface BindViewProps {
  /** The bind form, or null while the stored bind ticket is being read (redirecting to /login when none). */
  form: SnsBindFormProps | null;
  loginHref?: string;
}

/** `/bind`: the bind step of a social login, reached again after leaving `/login/third`. */
export function BindView({ form, loginHref = LOGIN_PATH }: BindViewProps) {
  if (!form) {
    return (
      <AuthCard title="绑定手机号" plain>
        <AuthStatus
          tone="warning"
          title="绑定信息已失效"
          text="第三方授权已过期，请回到登录页重新选择第三方登录。"
          action={{ label: '返回登录', to: loginHref }}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="绑定手机号" subtitle={`关联手机号后即可使用${form.platformName}登录`}>
      <SnsBindForm loginHref={loginHref} {...form} />
    </AuthCard>
  );
}
