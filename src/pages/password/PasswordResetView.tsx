import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AuthCard } from '../../components/auth/AuthCard';
import { ActionButton, IconBadge, Tick } from '../../components/auth/AuthStatus';
import {
  AccountPasswordField,
  feedbackOf,
  MobileCodeFields,
  MobileField,
  PasswordField,
  type SmsFormProps,
} from '../../components/auth/fields';
import { AccountForm } from '../../components/auth/formParts';
import type { PasswordProps } from '../../components/auth/passwordProps';
import { LOGIN_PATH } from '../../routing/paths';

/** The steps of 找回密码: mobile → code → new password twice → done. */
export type ResetStep = 'mobile' | 'code' | 'password' | 'done';

export interface PasswordResetFieldErrors {
  mobile?: string | null;
  code?: string | null;
  password?: string | null;
  confirm?: string | null;
}

/**
 * The mobile and code fields are {@link SmsFormProps} (shared with the other code forms), the
 * password field {@link PasswordProps}.
 */
export interface PasswordResetViewProps extends SmsFormProps, PasswordProps {
  step: ResetStep;
  confirm: string;
  onConfirmChange: (value: string) => void;

  /** The current step's primary action is allowed. */
  canNext: boolean;
  /** mobile: send the code and go on; code: check the format and go on; password: reset. */
  onNext: () => void;
  onBack: () => void;
  submitting: boolean;

  errors?: PasswordResetFieldErrors;
  onFieldBlur?: (field: keyof PasswordResetFieldErrors) => void;
  formError?: string | null;
  loginHref?: string;
}

const STEPS: { key: Exclude<ResetStep, 'done'>; label: string }[] = [
  { key: 'mobile', label: '验证手机号' },
  { key: 'code', label: '输入验证码' },
  { key: 'password', label: '设置新密码' },
];

/** `/password` 找回密码. */
export function PasswordResetView(props: PasswordResetViewProps) {
  const { step, loginHref = LOGIN_PATH } = props;
  if (step === 'done') {
    return (
      <AuthCard title="密码已重置" plain>
        <Stack align="center" textAlign="center" gap="4" py="4">
          <IconBadge size="64px" icon={34} stroke={2.2} bg="green.50" color="green.500">
            <Tick />
          </IconBadge>
          <Text fontSize="15px" color="gray.600">
            新密码已生效，其他设备上的登录已全部退出。请使用新密码登录。
          </Text>
          <ActionButton label="去登录" to={loginHref} solid />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="找回密码"
      subtitle="通过手机短信验证后设置新的登录密码"
      footer={{ text: '想起密码了？', link: '返回登录', to: loginHref }}
    >
      <Stepper current={step} />
      <StepForm {...props} />
    </AuthCard>
  );
}

function StepForm(props: PasswordResetViewProps) {
  const { step, errors = {}, submitting } = props;
  let fields: ReactNode;
  let action: string;
  if (step === 'mobile') {
    action = '获取验证码';
    fields = (
      <MobileField
        label="注册时使用的手机号"
        value={props.mobile}
        onChange={props.onMobileChange}
        {...feedbackOf(props, 'mobile')}
        disabled={props.sendingCode}
        autoFocus
      />
    );
  } else if (step === 'code') {
    action = '下一步';
    fields = (
      <>
        <Text fontSize="14px" color="gray.600">
          验证码已发送至{' '}
          <Box as="strong" color="ink">
            {props.codeSentTo ?? props.mobile}
          </Box>
          ，5 分钟内有效
        </Text>
        {/* The line above says where the code went; the box takes the focus. */}
        <MobileCodeFields
          form={{ ...props, codeSentTo: null }}
          errors={errors}
          onFieldBlur={props.onFieldBlur}
          only="code"
          focusCode
        />
      </>
    );
  } else {
    action = '确认重置';
    fields = (
      <>
        <AccountPasswordField form={props} label="新密码" placeholder="请输入新密码" rule="required" />
        <PasswordField
          label="确认新密码"
          placeholder="请再次输入新密码"
          autoComplete="new-password"
          value={props.confirm}
          onChange={props.onConfirmChange}
          {...feedbackOf(props, 'confirm')}
          visible={props.passwordVisible}
          onToggleVisible={props.onTogglePasswordVisible}
          disabled={submitting}
        />
      </>
    );
  }
  return (
    <AccountForm
      form={{ canSubmit: props.canNext, submitting, onSubmit: props.onNext, formError: props.formError }}
      label={STEPS.find((s) => s.key === step)?.label}
      action={action}
      loadingText={step === 'mobile' ? '发送中…' : '提交中…'}
      loading={step === 'mobile' ? props.sendingCode : submitting}
      after={
        step !== 'mobile' && (
          <Button
            type="button"
            variant="ghost"
            colorPalette="gray"
            color="gray.600"
            onClick={props.onBack}
            disabled={submitting}
          >
            上一步
          </Button>
        )
      }
    >
      {fields}
    </AccountForm>
  );
}

function Stepper({ current }: { current: Exclude<ResetStep, 'done'> }) {
  const index = STEPS.findIndex((s) => s.key === current);
  return (
    <Flex as="ol" gap="2" mb="6" aria-label="找回密码步骤" listStyleType="none">
      {STEPS.map((s, i) => {
        const state = i < index ? 'done' : i === index ? 'current' : 'todo';
        return (
          <Flex
            as="li"
            key={s.key}
            flex="1"
            direction="column"
            gap="2"
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <Box height="4px" borderRadius="full" bg={state === 'todo' ? 'gray.100' : 'brand.500'} />
            <Text
              fontSize="13px"
              color={state === 'todo' ? 'gray.500' : state === 'current' ? 'ink' : 'brand.700'}
              fontWeight={state === 'current' ? 'semibold' : 'normal'}
            >
              {i + 1}. {s.label}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
