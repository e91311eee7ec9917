import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { EmailBindField, EmailBindView } from '../../../machines/emailBind';
import type { MobileChangeField, MobileChangeView } from '../../../machines/mobileChange';
import type {
  PasswordChangeView,
  PasswordField as PasswordInputField,
  PasswordMethod,
} from '../../../machines/passwordChange';
import type { CodeFormView } from '../../../machines/smsCode';
import { CodeField, MobileField, PasswordField, TextField } from '../../components/auth/fields';
import { FormAlert } from '../../components/auth/formParts';
import { InlineForm, InlineFormActions } from '../../components/exchange/InlineForm';
import { LockIcon, MailIcon, PhoneAppIcon } from '../../components/icons';
import { IconBadge } from '../../components/IconBadge';
import { DoneNote, RowButton, SectionCard, SettingRow, Steps } from './parts';

/**
 * 账号与安全: the mobile, the login password and the e-mail, each a row whose change opens a
 * panel under it, driven by its machine (machines/mobileChange.ts, passwordChange.ts,
 * emailBind.ts); the container passes each machine's view plus the handlers.
 */

/** Inline messages of a panel's fields (shown once the member left the field). */
type FieldErrors<F extends string> = Partial<Record<F, string | null>>;

interface PanelHandlers<F extends string> {
  onStart?: () => void;
  onInput?: (field: F, value: string) => void;
  onFieldBlur?: (field: F) => void;
  onRequestCode?: () => void;
  onSubmit?: () => void;
  onCancel?: () => void;
  onClose?: () => void;
}

export interface MobilePanelProps extends MobileChangeView, PanelHandlers<MobileChangeField> {
  /** The bound number, masked; null when there is none. */
  current: string | null;
  fieldErrors?: FieldErrors<MobileChangeField>;
}

export interface PasswordPanelProps extends PasswordChangeView, PanelHandlers<PasswordInputField> {
  hasPassword: boolean;
  /** The bound number the code goes to, masked; null when there is none. */
  mobile: string | null;
  passwordVisible: boolean;
  onTogglePasswordVisible?: () => void;
  onSwitchMethod?: (method: PasswordMethod) => void;
  fieldErrors?: FieldErrors<PasswordInputField>;
}

export interface EmailPanelProps extends EmailBindView, PanelHandlers<EmailBindField> {
  /** The bound address, masked; null when there is none. */
  current: string | null;
  fieldErrors?: FieldErrors<EmailBindField>;
}

export interface SecuritySectionProps {
  mobile: MobilePanelProps;
  password: PasswordPanelProps;
  email: EmailPanelProps;
}

export function SecuritySection({ mobile, password, email }: SecuritySectionProps) {
  return (
    <SectionCard id="security" title="账号与安全" note="修改前需验证身份，保护你的微豆和兑换记录">
      <MobileRow {...mobile} />
      <PasswordRow {...password} />
      <EmailRow {...email} />
    </SectionCard>
  );
}

const input =
  <F extends string>(props: PanelHandlers<F> & { fieldErrors?: FieldErrors<F> }, field: F) =>
  (value: string) =>
    props.onInput?.(field, value);

const feedback = <F extends string>(props: PanelHandlers<F> & { fieldErrors?: FieldErrors<F> }, field: F) => ({
  error: props.fieldErrors?.[field] ?? null,
  onBlur: () => props.onFieldBlur?.(field),
});

/** The code box and its send button of a panel, fed from the panel's machine view. */
function PanelCodeField<F extends string>({
  panel,
  field,
  label,
}: {
  panel: CodeFormView & { code: string } & PanelHandlers<F> & { fieldErrors?: FieldErrors<F> };
  field: F;
  label?: string;
}) {
  return (
    <CodeField
      label={label}
      value={panel.code}
      onChange={input(panel, field)}
      {...feedback(panel, field)}
      disabled={panel.busy}
      resendIn={panel.countdown}
      codeSent={panel.codeSent}
      sending={panel.sendingCode}
      canSend={panel.canRequestCode}
      onSend={() => panel.onRequestCode?.()}
      sentTo={panel.codeSentTo}
    />
  );
}

function MobileRow(p: MobilePanelProps) {
  const open = p.step !== 'idle';
  const verb = p.current ? '更换' : '绑定';
  return (
    <SettingRow
      testId="mobile-row"
      icon={
        <IconBadge size="36px">
          <PhoneAppIcon />
        </IconBadge>
      }
      label="手机号"
      value={
        p.current ?? (
          <Text as="span" color="orange.700">
            未绑定
          </Text>
        )
      }
      hint={p.current ? '用于登录和接收验证码' : '绑定后可用手机号登录，兑换和实名认证也需要它'}
      action={
        !open && (
          <RowButton onClick={p.onStart} label={`${verb}手机号`}>
            {verb}
          </RowButton>
        )
      }
    >
      {open && <MobilePanel {...p} />}
    </SettingRow>
  );
}

function MobilePanel(p: MobilePanelProps) {
  if (p.step === 'done') {
    return (
      <DoneNote onClose={p.onClose}>
        手机号已{p.firstBind ? '绑定' : '更换'}为 {p.newMobile}，下次请用新手机号登录
      </DoneNote>
    );
  }
  const old = p.step === 'verifyOld' || p.step === 'checkingOld';
  const code = <PanelCodeField panel={p} field="code" />;
  return (
    <InlineForm
      label={p.firstBind ? '绑定手机号' : '更换手机号'}
      testId="mobile-form"
      onSubmit={p.canSubmit ? p.onSubmit : undefined}
    >
      {!p.firstBind && <Steps steps={['验证原手机号', '绑定新手机号']} current={old ? 0 : 1} />}
      {old ? (
        <>
          <Text textStyle="body.muted">先验证当前手机号 {p.current}，验证码将发送到这个号码。</Text>
          {code}
        </>
      ) : (
        <>
          <Text textStyle="body.muted">
            {p.firstBind ? '绑定后可用这个手机号登录。' : '原手机号已验证。请输入新手机号，验证码将发送到新号码。'}
          </Text>
          <MobileField
            label="新手机号"
            value={p.mobile}
            onChange={input(p, 'mobile')}
            {...feedback(p, 'mobile')}
            disabled={p.busy}
          />
          {code}
        </>
      )}
      {p.error && <FormAlert>{p.error}</FormAlert>}
      <InlineFormActions
        submitting={p.busy}
        loadingText={old ? '验证中…' : '提交中…'}
        submitDisabled={!p.canSubmit}
        onCancel={p.canCancel ? p.onCancel : undefined}
      >
        {old ? '下一步' : p.firstBind ? '确认绑定' : '确认更换'}
      </InlineFormActions>
    </InlineForm>
  );
}

function PasswordRow(p: PasswordPanelProps) {
  const open = p.step !== 'idle';
  const noWay = !p.hasPassword && !p.mobile;
  const verb = p.hasPassword ? '修改' : '设置';
  return (
    <SettingRow
      testId="password-row"
      icon={
        <IconBadge size="36px">
          <LockIcon />
        </IconBadge>
      }
      label="登录密码"
      value={
        p.hasPassword ? (
          '已设置'
        ) : (
          <Text as="span" color="orange.700">
            未设置
          </Text>
        )
      }
      hint={
        noWay
          ? '设置密码需要短信验证，请先绑定手机号'
          : p.hasPassword
            ? '修改后其他设备需要用新密码重新登录'
            : '设置后可用手机号 + 密码登录'
      }
      action={
        !open && (
          <RowButton onClick={p.onStart} disabled={noWay} label={`${verb}登录密码`}>
            {verb}
          </RowButton>
        )
      }
    >
      {open && <PasswordPanel {...p} />}
    </SettingRow>
  );
}

const METHOD_LABEL: Record<PasswordMethod, string> = { old: '用原密码验证', sms: '用短信验证码验证' };

function PasswordPanel(p: PasswordPanelProps) {
  if (p.step === 'done') {
    return (
      <DoneNote onClose={p.onClose}>
        {p.firstPassword ? '登录密码已设置' : '登录密码已修改'}，其他设备需要用新密码重新登录
      </DoneNote>
    );
  }
  const methods: PasswordMethod[] = p.canSwitchMethod ? ['old', 'sms'] : [p.method];
  const eye = { visible: p.passwordVisible, onToggleVisible: () => p.onTogglePasswordVisible?.() };
  return (
    <InlineForm
      label={p.firstPassword ? '设置登录密码' : '修改登录密码'}
      testId="password-form"
      onSubmit={p.canSubmit ? p.onSubmit : undefined}
    >
      {methods.length > 1 ? (
        <Flex gap="2" role="radiogroup" aria-label="验证方式">
          {methods.map((m) => (
            <Button
              key={m}
              size="sm"
              borderRadius="full"
              variant={m === p.method ? 'solid' : 'outline'}
              colorPalette={m === p.method ? 'brand' : 'gray'}
              role="radio"
              aria-checked={m === p.method}
              onClick={() => m !== p.method && p.onSwitchMethod?.(m)}
              disabled={p.busy}
            >
              {METHOD_LABEL[m]}
            </Button>
          ))}
        </Flex>
      ) : (
        <Text textStyle="body.muted">{p.method === 'sms' ? `先验证手机号 ${p.mobile ?? ''}` : '先输入原密码'}</Text>
      )}
      {p.method === 'old' ? (
        <PasswordField
          label="原密码"
          value={p.oldPassword}
          onChange={input(p, 'oldPassword')}
          {...feedback(p, 'oldPassword')}
          {...eye}
          disabled={p.busy}
        />
      ) : (
        <Box>
          <PanelCodeField panel={p} field="code" />
          {!p.codeSentTo && p.mobile && (
            <Text textStyle="small.soft" mt="1.5">
              验证码将发送到 {p.mobile}
            </Text>
          )}
        </Box>
      )}
      <PasswordField
        label="新密码"
        autoComplete="new-password"
        hint="8–20 位，需同时包含字母和数字"
        value={p.password}
        onChange={input(p, 'password')}
        {...feedback(p, 'password')}
        {...eye}
        disabled={p.busy}
      />
      <PasswordField
        label="确认新密码"
        placeholder="请再次输入新密码"
        autoComplete="new-password"
        value={p.confirm}
        onChange={input(p, 'confirm')}
        {...feedback(p, 'confirm')}
        {...eye}
        disabled={p.busy}
      />
      {p.error && <FormAlert>{p.error}</FormAlert>}
      <InlineFormActions
        submitting={p.busy}
        loadingText="提交中…"
        submitDisabled={!p.canSubmit}
        onCancel={p.canCancel ? p.onCancel : undefined}
      >
        {p.firstPassword ? '设置密码' : '确认修改'}
      </InlineFormActions>
    </InlineForm>
  );
}

function EmailRow(p: EmailPanelProps) {
  const open = p.step !== 'idle';
  const verb = p.current ? '更换' : '绑定';
  return (
    <SettingRow
      testId="email-row"
      icon={
        <IconBadge size="36px">
          <MailIcon />
        </IconBadge>
      }
      label="邮箱"
      value={
        p.current ?? (
          <Text as="span" color="gray.500">
            未绑定
          </Text>
        )
      }
      hint="用于接收兑换凭证等重要通知"
      action={
        !open && (
          <RowButton onClick={p.onStart} label={`${verb}邮箱`}>
            {verb}
          </RowButton>
        )
      }
    >
      {open && <EmailPanel {...p} />}
    </SettingRow>
  );
}

function EmailPanel(p: EmailPanelProps) {
  if (p.step === 'done') return <DoneNote onClose={p.onClose}>邮箱已绑定为 {p.boundEmail}</DoneNote>;
  return (
    <InlineForm
      label={p.current ? '更换邮箱' : '绑定邮箱'}
      testId="email-form"
      onSubmit={p.canSubmit ? p.onSubmit : undefined}
    >
      <Stack gap="3">
        <TextField
          label="邮箱地址"
          placeholder="请输入邮箱地址"
          inputMode="text"
          autoComplete="email"
          maxLength={254}
          name="email"
          value={p.email}
          onChange={input(p, 'email')}
          {...feedback(p, 'email')}
          disabled={p.busy}
        />
        <PanelCodeField panel={p} field="code" label="邮箱验证码" />
      </Stack>
      {p.error && <FormAlert>{p.error}</FormAlert>}
      <InlineFormActions
        submitting={p.busy}
        loadingText="提交中…"
        submitDisabled={!p.canSubmit}
        onCancel={p.canCancel ? p.onCancel : undefined}
      >
        {p.current ? '确认更换' : '确认绑定'}
      </InlineFormActions>
    </InlineForm>
  );
}
