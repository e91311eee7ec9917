import { Box, Button, chakra, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PasswordProps } from './passwordProps';
import { AGREEMENT_PATH, PRIVACY_PATH } from '../../routing/paths';

/**
 * Form controls of the account screens. Styled inline with `chakra()` rather than through theme
 * recipes: they live in the lazily loaded account chunks and cost the first route nothing.
 * Every control is controlled (value + onChange) and shows the error it is given.
 */

/** The bordered box an input and its addons sit in; turns red when invalid, orange when focused. */
const InputBox = chakra('div', {
  base: {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    height: '48px',
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'lg',
    bg: 'white',
    transition: 'border-color 0.15s ease, box-shadow 0.15s ease',
    _hover: { borderColor: 'gray.300' },
    _focusWithin: { borderColor: 'brand.500', boxShadow: '0 0 0 3px {colors.brand.100}' },
    '&[data-invalid]': { borderColor: 'red.400', _focusWithin: { boxShadow: '0 0 0 3px {colors.red.100}' } },
    '&[data-readonly]': { bg: 'gray.50' },
  },
});

const BareInput = chakra('input', {
  base: {
    flex: '1',
    minW: '0',
    height: '100%',
    px: '3.5',
    fontSize: '15px',
    color: 'ink',
    bg: 'transparent',
    outline: 'none',
    borderRadius: 'lg',
    _placeholder: { color: 'gray.400' },
    _readOnly: { color: 'gray.600', cursor: 'default' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string | null;
  type?: 'text' | 'tel' | 'password';
  inputMode?: 'text' | 'numeric' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  readOnly?: boolean;
  disabled?: boolean;
  /** Shown before the input, e.g. "+86". */
  prefix?: ReactNode;
  /** Shown after the input, e.g. the send-code button. */
  suffix?: ReactNode;
  /** Small grey text under the input when there is no error. */
  hint?: ReactNode;
  name?: string;
  autoFocus?: boolean;
  /** Left the field: containers show its inline error from then on. */
  onBlur?: () => void;
  /** The input element (to move the focus to it). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input (label visually hidden: the placeholder says it) with its inline error; the other props go to the input. */
export function TextField({
  label,
  onChange,
  placeholder,
  error,
  type = 'text',
  prefix,
  suffix,
  hint,
  ...input
}: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-msg`;
  return (
    <Box>
      <VisuallyHidden asChild>
        <label htmlFor={id}>{label}</label>
      </VisuallyHidden>
      <InputBox data-invalid={error ? '' : undefined} data-readonly={input.readOnly ? '' : undefined}>
        {prefix}
        <BareInput
          id={id}
          type={type}
          {...input}
          placeholder={placeholder ?? label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {suffix}
      </InputBox>
      {error ? (
        <Text id={messageId} role="alert" mt="1.5" fontSize="13px" color="red.600">
          {error}
        </Text>
      ) : hint ? (
        <Text id={messageId} mt="1.5" fontSize="13px" color="gray.500">
          {hint}
        </Text>
      ) : null}
    </Box>
  );
}

/** Mainland mobile number: +86 prefix, digits only, 11 long. */
export function MobileField({
  label = '手机号',
  onChange,
  ...rest
}: Pick<TextFieldProps, 'value' | 'onChange' | 'error' | 'readOnly' | 'disabled' | 'autoFocus' | 'onBlur'> & {
  label?: string;
}) {
  return (
    <TextField
      label={label}
      placeholder="请输入手机号"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={11}
      name="mobile"
      prefix={
        <Box
          as="span"
          pl="3.5"
          pr="3"
          mr="-1"
          fontSize="15px"
          color="gray.600"
          borderRightWidth="1px"
          borderColor="gray.200"
          lineHeight="20px"
          aria-hidden="true"
        >
          +86
        </Box>
      }
      {...rest}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 11))}
    />
  );
}

export interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  /** Seconds until the next code may be requested; 0 = the button is live. */
  resendIn: number;
  /** A code was sent before: the button says 重新获取 instead of 获取验证码. */
  codeSent?: boolean;
  /** The send request is in flight. */
  sending?: boolean;
  /** The machine accepts a send now (`state.can({ type: 'user.sendCode' })`). */
  canSend: boolean;
  onSend: () => void;
  onBlur?: () => void;
  /** Where the last code went, masked (139****1234): said under the box. */
  sentTo?: string | null;
  /** Focus the box when it appears (a step that opens once the code went out). */
  autoFocus?: boolean;
  /** What the box is called (default 短信验证码; an e-mail code says 邮箱验证码). */
  label?: string;
}

/**
 * Six-digit SMS code with the 获取验证码 button and its 60 s countdown (`59s 后重发`). Once a
 * code goes out it says where (验证码已发送至 139****1234) and takes the focus, so the member
 * types it straight away.
 */
export function CodeField({
  value,
  onChange,
  error,
  disabled,
  resendIn,
  codeSent,
  sending,
  canSend,
  onSend,
  onBlur,
  sentTo,
  autoFocus,
  label: boxLabel = '短信验证码',
}: CodeFieldProps) {
  const counting = resendIn > 0;
  const label = sending ? '发送中…' : counting ? `${resendIn}s 后重发` : codeSent ? '重新获取' : '获取验证码';
  const input = useRef<HTMLInputElement>(null);
  const wasCounting = useRef(counting);
  // A send succeeded (the resend countdown starts): the code box takes the focus.
  useEffect(() => {
    if (counting && !wasCounting.current) input.current?.focus();
    wasCounting.current = counting;
  }, [counting]);
  return (
    <TextField
      ref={input}
      autoFocus={autoFocus}
      hint={sentTo ? `验证码已发送至 ${sentTo}` : undefined}
      label={boxLabel}
      placeholder="请输入 6 位验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      name="code"
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, '').slice(0, 6))}
      error={error}
      disabled={disabled}
      onBlur={onBlur}
      suffix={
        <Flex align="center" pr="1.5" flexShrink={0}>
          <Box width="1px" height="20px" bg="gray.200" mr="1" aria-hidden="true" />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            px="3"
            minW="96px"
            fontSize="14px"
            fontWeight="medium"
            color={counting || !canSend ? 'gray.500' : 'brand.600'}
            _hover={{ bg: counting || !canSend ? 'transparent' : 'brand.50' }}
            disabled={!canSend || counting || sending}
            aria-live="polite"
            onClick={onSend}
            data-testid="send-code"
          >
            {label}
          </Button>
        </Flex>
      }
    />
  );
}

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  visible: boolean;
  onToggleVisible: () => void;
  label?: string;
  placeholder?: string;
  /** 'current-password' on login, 'new-password' on register and reset. */
  autoComplete?: 'current-password' | 'new-password';
  hint?: ReactNode;
  disabled?: boolean;
  onBlur?: () => void;
}

/** Password with a show/hide eye. */
export function PasswordField({
  value,
  onChange,
  error,
  visible,
  onToggleVisible,
  label = '密码',
  placeholder,
  autoComplete = 'current-password',
  hint,
  disabled,
  onBlur,
}: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      placeholder={placeholder ?? `请输入${label}`}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      maxLength={autoComplete === 'new-password' ? 20 : 64}
      name={autoComplete === 'new-password' ? 'new-password' : 'password'}
      value={value}
      onChange={onChange}
      error={error}
      hint={hint}
      disabled={disabled}
      onBlur={onBlur}
      suffix={
        <Button
          type="button"
          variant="ghost"
          size="sm"
          mr="1.5"
          px="2"
          color="gray.500"
          _hover={{ color: 'gray.700', bg: 'gray.100' }}
          aria-label={visible ? '隐藏密码' : '显示密码'}
          aria-pressed={visible}
          onClick={onToggleVisible}
        >
          {visible ? <EyeIcon /> : <EyeOffIcon />}
        </Button>
      }
    />
  );
}

/** A native checkbox in the brand colour (a label wraps it). */
export const CheckboxInput = chakra('input', {
  base: {
    width: '16px',
    height: '16px',
    mt: '3px',
    flexShrink: 0,
    accentColor: 'brand.600',
    cursor: 'pointer',
  },
});

export interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  agreementPath?: string;
  privacyPath?: string;
}

/** 我已阅读并同意《用户协议》《隐私政策》: registration needs it checked. */
export function ConsentCheckbox({
  checked,
  onChange,
  error,
  agreementPath = AGREEMENT_PATH,
  privacyPath = PRIVACY_PATH,
}: ConsentCheckboxProps) {
  const id = useId();
  return (
    <Box>
      <Flex as="label" gap="2" align="flex-start" fontSize="13px" color="gray.600" lineHeight="1.7" cursor="pointer">
        <CheckboxInput
          type="checkbox"
          id={id}
          name="agreement"
          checked={checked}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          我已阅读并同意
          <AgreementLink to={agreementPath}>《用户协议》</AgreementLink>
          <AgreementLink to={privacyPath}>《隐私政策》</AgreementLink>
        </span>
      </Flex>
      {error && (
        <Text role="alert" mt="1" pl="6" fontSize="13px" color="red.600">
          {error}
        </Text>
      )}
    </Box>
  );
}

function AgreementLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box as="span" color="brand.600" _hover={{ textDecoration: 'underline' }}>
      <RouterLink to={to} target="_blank" rel="noopener">
        {children}
      </RouterLink>
    </Box>
  );
}

/** The 20 px outline the show/hide password icons are drawn in. */
function EyeSvg({ children }: { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function EyeIcon() {
  return (
    <EyeSvg>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
    </EyeSvg>
  );
}

function EyeOffIcon() {
  return (
    <EyeSvg>
      <path d="M3 3l18 18" strokeLinecap="round" />
      <path d="M10.6 5.6c.5-.1.9-.1 1.4-.1 6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.9 3.7M6.3 6.9C3.9 8.6 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </EyeSvg>
  );
}

/** The view props every "mobile + SMS code" form shares (register, bind, login by SMS, reset). */
export interface SmsFormProps {
  mobile: string;
  onMobileChange: (value: string) => void;
  code: string;
  onCodeChange: (value: string) => void;
  /** Seconds until a new code may be sent (0 = now). */
  resendIn: number;
  codeSent: boolean;
  sendingCode: boolean;
  /** `state.can({ type: 'user.requestCode' })`. */
  canSendCode: boolean;
  onSendCode: () => void;
  /** Where the last code went, masked (139****1234); null before one went out. */
  codeSentTo?: string | null;
}

/** What an account form knows of its fields' feedback: the inline errors and the blur that starts showing them. */
export interface FieldFeedback<F extends string> {
  errors?: { [K in F]?: string | null };
  onFieldBlur?: (field: F) => void;
}

/** The `error` and `onBlur` of an account form's `field`. */
export function feedbackOf<F extends string>(form: FieldFeedback<NoInfer<F>>, field: F) {
  return { error: form.errors?.[field], onBlur: () => form.onFieldBlur?.(field) };
}

/**
 * The mobile number and the SMS code with its send button of a code form: both open the register
 * and bind forms; `only` keeps one (login by password: the mobile; the reset's code step: the code).
 */
export function MobileCodeFields({
  form,
  errors,
  disabled,
  onFieldBlur,
  only,
  focusCode,
}: {
  form: SmsFormProps;
  errors: { mobile?: string | null; code?: string | null };
  disabled?: boolean;
  onFieldBlur?: (field: 'mobile' | 'code') => void;
  only?: 'mobile' | 'code';
  /** Focus the code box on mount (a step that opens once the code went out). */
  focusCode?: boolean;
}) {
  const field = (name: 'mobile' | 'code') => ({ ...feedbackOf({ errors, onFieldBlur }, name), disabled });
  return (
    <>
      {only !== 'code' && <MobileField value={form.mobile} onChange={form.onMobileChange} {...field('mobile')} />}
      {only !== 'mobile' && (
        <CodeField
          value={form.code}
          onChange={form.onCodeChange}
          {...field('code')}
          resendIn={form.resendIn}
          codeSent={form.codeSent}
          sending={form.sendingCode}
          canSend={form.canSendCode}
          onSend={form.onSendCode}
          sentTo={form.codeSentTo}
          autoFocus={focusCode}
        />
      )}
    </>
  );
}

/** What {@link AccountPasswordField} reads from its form: the password and its eye, its inline error and blur, the busy flag. */
export interface PasswordFormProps extends PasswordProps, FieldFeedback<'password'> {
  submitting: boolean;
}

const NEW_PASSWORD_RULE = '8–20 位，需同时包含字母和数字';

/**
 * The `password` field of an account form, disabled while it is sent. A new password (`rule`:
 * register, reset) says the rule under it, after 选填 when it may stay empty.
 */
export function AccountPasswordField({
  form,
  rule,
  ...text
}: Pick<PasswordFieldProps, 'label' | 'placeholder'> & { form: PasswordFormProps; rule?: 'required' | 'optional' }) {
  return (
    <PasswordField
      {...text}
      {...(rule && {
        autoComplete: 'new-password',
        hint: rule === 'optional' ? `选填，${NEW_PASSWORD_RULE}` : NEW_PASSWORD_RULE,
      })}
      value={form.password}
      onChange={form.onPasswordChange}
      {...feedbackOf(form, 'password')}
      visible={form.passwordVisible}
      onToggleVisible={form.onTogglePasswordVisible}
      disabled={form.submitting}
    />
  );
}
