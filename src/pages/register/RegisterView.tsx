import { Box, Text } from '@chakra-ui/react';
import { AuthCard } from '../../components/auth/AuthCard';
import {
  AccountPasswordField,
  ConsentCheckbox,
  MobileCodeFields,
  type SmsFormProps,
  TextField,
} from '../../components/auth/fields';
import { AccountForm, AuthLink, type SubmitProps } from '../../components/auth/formParts';
import type { PasswordProps } from '../../components/auth/passwordProps';
import { LOGIN_PATH } from '../../routing/paths';

export interface RegisterFieldErrors {
  mobile?: string | null;
  code?: string | null;
  password?: string | null;
  inviteCode?: string | null;
  agreement?: string | null;
}

/**
 * The mobile and code fields are {@link SmsFormProps} (shared with the other code forms), the
 * password field {@link PasswordProps}, the button {@link SubmitProps}.
 */
export interface RegisterViewProps extends SmsFormProps, PasswordProps, SubmitProps {
  inviteCode: string;
  onInviteCodeChange: (value: string) => void;
  /** The invite code came with the link (`?invite=` / `?code=`): shown, not editable. */
  inviteLocked: boolean;
  agreed: boolean;
  onAgreedChange: (value: boolean) => void;

  errors?: RegisterFieldErrors;
  onFieldBlur?: (field: keyof RegisterFieldErrors) => void;
  loginHref?: string;
  /** The mobile already has an account: 去登录 with it filled in (null otherwise). */
  registeredLoginPath?: string | null;
}

/** `/register`: mobile + SMS code + password, optional invite code, consent to the agreement. */
export function RegisterView(props: RegisterViewProps) {
  const { errors = {}, submitting, loginHref = LOGIN_PATH } = props;
  return (
    <AuthCard
      title="注册微豆调研"
      subtitle="注册即可领取新人任务，完成调研赚微豆"
      footer={{ text: '已有账号？', link: '立即登录', to: loginHref }}
    >
      <AccountForm
        form={props}
        label="注册"
        action="注册"
        loadingText="注册中…"
        after={
          props.registeredLoginPath ? (
            <Text fontSize="14px" color="gray.600" textAlign="center" mt="-1">
              这个手机号已有账号，<AuthLink to={props.registeredLoginPath}>去登录</AuthLink>
            </Text>
          ) : (
            !props.agreed &&
            !errors.agreement && (
              <Text fontSize="12px" color="gray.500" textAlign="center" mt="-1">
                请先阅读并同意用户协议和隐私政策
              </Text>
            )
          )
        }
      >
        <MobileCodeFields form={props} errors={errors} disabled={submitting} onFieldBlur={props.onFieldBlur} />
        <AccountPasswordField form={props} label="登录密码" placeholder="设置登录密码（选填）" rule="optional" />
        <TextField
          label="邀请码"
          placeholder="邀请码（选填）"
          name="inviteCode"
          maxLength={32}
          autoComplete="off"
          value={props.inviteCode}
          onChange={props.onInviteCodeChange}
          onBlur={() => props.onFieldBlur?.('inviteCode')}
          readOnly={props.inviteLocked}
          disabled={submitting && !props.inviteLocked}
          error={errors.inviteCode}
          prefix={
            props.inviteLocked ? (
              <Box as="span" pl="3.5" fontSize="14px" color="gray.500" whiteSpace="nowrap">
                邀请码
              </Box>
            ) : undefined
          }
          hint={props.inviteLocked ? '来自好友的邀请链接' : undefined}
        />
        <ConsentCheckbox checked={props.agreed} onChange={props.onAgreedChange} error={errors.agreement} />
      </AccountForm>
    </AuthCard>
  );
}
