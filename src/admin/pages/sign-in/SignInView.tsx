import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import type { StaffSignInField, StaffSignInViewState } from '../../../../machines/staffSignIn';
import { AuthCard } from '../../../components/auth/AuthCard';
import { TextField } from '../../../components/auth/fields';
import { AccountForm } from '../../../components/auth/formParts';
import { QrCodeImage } from '../../../components/auth/QrCodeImage';

export interface SignInViewProps extends StaffSignInViewState {
  onInput: (field: StaffSignInField, value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * 管理后台登录: login name and password, then the authenticator code. The first sign-in binds the
 * authenticator (QR code, or the secret by hand) and sets a new password on the code step.
 */
export function SignInView(props: SignInViewProps) {
  const { step, busy, error, canSubmit, onInput, onSubmit } = props;
  const form = { canSubmit, submitting: busy, onSubmit, formError: error };
  const errors: Partial<Record<StaffSignInField, string | null>> = {
    newPassword: props.newPasswordProblem,
    confirm: props.confirmMismatch ? '两次输入的密码不一致' : null,
  };
  /** A field's name, value, error and input handler (spread onto a TextField; the label is its placeholder). */
  const field = (name: StaffSignInField) => ({
    name,
    value: props[name],
    error: errors[name],
    onChange: (value: string) => onInput(name, value),
  });
  return (
    <AuthCard plain title="微豆管理后台" subtitle={step === 'password' ? '员工登录' : '输入身份验证器上的动态验证码'}>
      {step === 'password' ? (
        <AccountForm form={form} label="员工登录" action="下一步" loadingText="正在核对…">
          <TextField label="登录名" {...field('login')} autoComplete="username" autoFocus />
          <TextField label="密码" type="password" {...field('password')} autoComplete="current-password" />
        </AccountForm>
      ) : (
        <AccountForm
          form={form}
          label="动态验证码"
          action="登录"
          loadingText="正在登录…"
          after={
            <Button variant="ghost" size="sm" onClick={props.onBack} disabled={busy}>
              返回重新输入密码
            </Button>
          }
        >
          {props.totpSetup && (
            <Stack gap="3" p="4" borderRadius="lg" bg="gray.50" borderWidth="1px" borderColor="gray.200">
              <Heading as="h3" size="sm">
                首次登录：绑定身份验证器
              </Heading>
              <Text fontSize="14px" color="gray.700">
                用手机上的身份验证器（如 Google Authenticator、Microsoft Authenticator）扫描下方二维码，然后输入它显示的
                6 位动态验证码。
              </Text>
              <Box alignSelf="center">
                <QrCodeImage value={props.totpSetup.otpauthUri} size={168} label="身份验证器绑定二维码" />
              </Box>
              <Text fontSize="13px" color="gray.600">
                无法扫码时，在身份验证器里手动输入密钥：
              </Text>
              <Code fontSize="14px" p="2" wordBreak="break-all" data-testid="totp-secret">
                {grouped(props.totpSetup.secret)}
              </Code>
            </Stack>
          )}
          {props.mustChangePassword && (
            <>
              <Text fontSize="14px" color="gray.700">
                请设置新密码（10–64 位，需同时包含字母和数字）。
              </Text>
              <TextField label="新密码" type="password" {...field('newPassword')} autoComplete="new-password" />
              <TextField label="再次输入新密码" type="password" {...field('confirm')} autoComplete="new-password" />
            </>
          )}
          <TextField
            label="动态验证码"
            placeholder="6 位动态验证码"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
            onChange={(v) => onInput('code', v.replace(/\D/g, ''))}
            autoFocus={!props.totpSetup}
          />
        </AccountForm>
      )}
    </AuthCard>
  );
}
