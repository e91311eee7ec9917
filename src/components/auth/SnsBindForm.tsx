import { Box, Flex, Text } from '@chakra-ui/react';
import type { BindChoice, LoginEvent, LoginView } from '../../../machines/login';
import { Avatar } from '../Avatar';
import { AuthTabs, panelId, tabId } from './AuthTabs';
import { ConsentCheckbox, MobileCodeFields, type SmsFormProps } from './fields';
import { AccountForm, AuthLink, type SubmitProps } from './formParts';
import { LOGIN_PATH } from '../../routing/paths';

/** After a social callback for an account not linked yet: link it to a member, or register one. */
export type SnsBindMode = 'bind' | 'register';

/** The mobile and code fields are {@link SmsFormProps} (shared with the other code forms), the button {@link SubmitProps}. */
export interface SnsBindFormProps extends SmsFormProps, SubmitProps {
  /** 微信, QQ, 微博, 支付宝. */
  platformName: string;
  /** The social account's nickname and avatar, when the provider gave them. */
  nickname?: string | null;
  avatar?: string | null;

  mode: SnsBindMode;
  onModeChange: (mode: SnsBindMode) => void;

  /** Register only. */
  agreed: boolean;
  onAgreedChange: (value: boolean) => void;

  errors?: { mobile?: string | null; code?: string | null; agreement?: string | null };
  onFieldBlur?: (field: 'mobile' | 'code') => void;
  loginHref?: string;
}

const MODES = [
  { value: 'bind', label: '绑定已有账号' },
  { value: 'register', label: '注册新账号' },
] as const;

/** The choice, the consent and the submit of the bind form, from the login machine's view. */
export function snsBindChoice(view: LoginView, send: (event: LoginEvent) => void) {
  return {
    mode: view.bindChoice,
    onModeChange: (choice: BindChoice) => send({ type: 'user.chooseBind', choice }),
    agreed: view.agreed,
    onAgreedChange: (agreed: boolean) => send({ type: 'user.agree', agreed }),
    canSubmit: view.canSubmit,
    onSubmit: () => send({ type: 'user.submit' }),
    formError: view.error,
  } satisfies Partial<SnsBindFormProps>;
}

/** The bind step of `/login/third` and `/bind`. */
export function SnsBindForm(props: SnsBindFormProps) {
  const { mode, errors = {}, submitting, loginHref = LOGIN_PATH } = props;
  const who = props.nickname?.trim();
  return (
    <Box>
      <Flex align="center" gap="3" p="3.5" mb="5" borderRadius="xl" bg="gray.50">
        <Avatar src={props.avatar} name={who || props.platformName} size={44} />
        <Box minW="0">
          <Text
            fontSize="15px"
            fontWeight="semibold"
            color="ink"
            overflow="hidden"
            textOverflow="ellipsis"
            whiteSpace="nowrap"
          >
            {who || `${props.platformName}用户`}
          </Text>
          <Text fontSize="13px" color="gray.500">
            {props.platformName}账号授权成功，还差一步：关联微豆调研账号
          </Text>
        </Box>
      </Flex>
      <AuthTabs idPrefix="sns-bind" label="关联方式" tabs={MODES} value={mode} onChange={props.onModeChange} />
      <Box role="tabpanel" id={panelId('sns-bind', mode)} aria-labelledby={tabId('sns-bind', mode)}>
        <AccountForm
          form={props}
          label={mode === 'bind' ? '绑定已有账号' : '注册新账号'}
          action={mode === 'bind' ? '绑定并登录' : '注册并登录'}
          loadingText={mode === 'bind' ? '绑定中…' : '注册中…'}
        >
          <Text fontSize="14px" color="gray.600">
            {mode === 'bind'
              ? `验证已注册的手机号，之后可直接用${props.platformName}登录。`
              : `用手机号注册新账号，并与${props.platformName}账号关联。`}
          </Text>
          <MobileCodeFields form={props} errors={errors} disabled={submitting} onFieldBlur={props.onFieldBlur} />
          {mode === 'register' && (
            <ConsentCheckbox checked={props.agreed} onChange={props.onAgreedChange} error={errors.agreement} />
          )}
        </AccountForm>
      </Box>
      <Text mt="5" fontSize="14px" color="gray.600" textAlign="center">
        不想关联？<AuthLink to={loginHref}>返回登录</AuthLink>
      </Text>
    </Box>
  );
}
