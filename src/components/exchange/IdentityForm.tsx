import { Text } from '@chakra-ui/react';
import { CodeField, TextField } from '../auth/fields';
import { FormAlert } from '../auth/formParts';
import { bindTextField, InlineForm, InlineFormActions } from './InlineForm';

/**
 * 实名认证 inline on the reward page and the personal centre (props-only): real name, 18-digit ID number, and the SMS
 * code sent to the member's own mobile (the server wants a fresh `id_verify` ticket). Errors
 * arrive per field; the container validates like the server before sending anything.
 */
export interface IdentityFormValues {
  realName: string;
  idNumber: string;
  code: string;
}

export type IdentityField = keyof IdentityFormValues;

export interface IdentityFormProps {
  values: IdentityFormValues;
  errors: Partial<Record<IdentityField, string | null>>;
  /** Masked mobile the code goes to; null when the account has none. */
  mobile: string | null;
  resendIn: number;
  codeSent: boolean;
  sendingCode: boolean;
  submitting: boolean;
  /** The server's refusal, shown above the button. */
  formError?: string | null;
  onChange?: (field: IdentityField, value: string) => void;
  onBlur?: (field: IdentityField) => void;
  onSendCode?: () => void;
  onSubmit?: () => void;
  onCancel?: () => void;
}

export function IdentityForm(props: IdentityFormProps) {
  const { mobile, submitting } = props;
  return (
    <InlineForm label="实名认证" testId="identity-form" onSubmit={props.onSubmit}>
      <Text textStyle="caption.muted">
        请填写与身份证一致的信息。姓名与身份证号核验不一致时每天可再试 3
        次；认证通过后不能自行修改；身份证号只保存脱敏后的号码。
      </Text>
      <TextField
        label="真实姓名"
        placeholder="真实姓名"
        autoComplete="name"
        maxLength={32}
        {...bindTextField(props, 'realName')}
      />
      <TextField
        label="身份证号"
        placeholder="18 位身份证号"
        autoComplete="off"
        maxLength={18}
        {...bindTextField(props, 'idNumber')}
        onChange={(v) =>
          props.onChange?.(
            'idNumber',
            v
              .replace(/[^\dxX]/g, '')
              .toUpperCase()
              .slice(0, 18),
          )
        }
      />
      {mobile ? (
        <>
          <CodeField
            {...bindTextField(props, 'code')}
            resendIn={props.resendIn}
            codeSent={props.codeSent}
            sending={props.sendingCode}
            canSend={!submitting}
            onSend={() => props.onSendCode?.()}
          />
          <Text textStyle="small.soft" mt="-1">
            验证码将发送到 {mobile}
          </Text>
        </>
      ) : (
        <FormAlert tone="info">实名认证需要短信验证，请先在个人中心绑定手机号。</FormAlert>
      )}
      {props.formError && <FormAlert>{props.formError}</FormAlert>}
      <InlineFormActions
        submitting={submitting}
        loadingText="提交中…"
        submitDisabled={!mobile}
        onCancel={props.onCancel}
      >
        提交认证
      </InlineFormActions>
    </InlineForm>
  );
}
