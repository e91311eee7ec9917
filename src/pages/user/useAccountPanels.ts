import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { selectEmailBindView, type EmailBindField } from '../../../machines/emailBind';
import { selectMobileChangeView, type MobileChangeField } from '../../../machines/mobileChange';
import { selectPasswordChangeView, type PasswordField } from '../../../machines/passwordChange';
import { errorMessage, isLoginPassword, isNewPassword } from '../../../machines/shared';
import { isEmail } from '../../../openapi/rules/email';
import { isCode, isMobile, mobileMessage } from '../../../openapi/rules/mobile';
import { nicknameError } from '../../../openapi/rules/nickname';
import { FIELD_MESSAGE, useTouched } from '../../components/auth/rules';
import {
  appEmailBindMachine,
  appMobileChangeMachine,
  appPasswordChangeMachine,
  saveNickname,
  startSnsBind,
  unbindSns,
} from '../../flows/account';
import { shallowEqual } from '../../flows/shallowEqual';
import type { AccountData } from './UserView';
import type { NicknameFormProps } from './ProfileSection';
import type { EmailPanelProps, MobilePanelProps, PasswordPanelProps } from './SecuritySection';
import type { Platform, SocialSectionProps } from './SocialSection';

/**
 * The personal centre's changes, each as the props of its panel: the three flows over their
 * machines (src/flows/account.ts), the nickname form and the social bind / unbind. `changed` is
 * what a change refreshes (the account, the header's user).
 */

export interface Refresh {
  /** Re-read the account (the rows show the new values). */
  account: () => void;
  /** The header's nickname / mobile. */
  session: (user: { nickname?: string; mobile?: string | null }) => void;
}

/** The handlers every panel passes to its machine (and the blur that starts a field's inline error). */
function panelHandlers<F extends string>(
  send: (
    event:
      | { type: 'user.input'; field: F; value: string }
      | { type: `user.${'requestCode' | 'submit' | 'cancel' | 'close'}` },
  ) => void,
  touch: (field: F) => void,
) {
  return {
    onInput: (field: F, value: string) => send({ type: 'user.input', field, value }),
    onFieldBlur: touch,
    onRequestCode: () => send({ type: 'user.requestCode' }),
    onSubmit: () => send({ type: 'user.submit' }),
    onCancel: () => send({ type: 'user.cancel' }),
    onClose: () => send({ type: 'user.close' }),
  };
}

export function useMobilePanel(account: AccountData | null, refresh: Refresh): MobilePanelProps {
  const machine = useMemo(
    () =>
      appMobileChangeMachine.provide({
        actions: {
          changed: (_, changed) => {
            refresh.session({ mobile: changed.mobile });
            refresh.account();
          },
        },
      }),
    // the refreshers are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: {} });
  const view = useSelector(actor, selectMobileChangeView, shallowEqual);
  const { touch, error } = useTouched<MobileChangeField>();
  return {
    ...view,
    current: account?.mobile ?? null,
    fieldErrors: {
      mobile: error('mobile', view.mobile, isMobile, mobileMessage(view.mobile)),
      code: error('code', view.code, isCode, FIELD_MESSAGE.code),
    },
    onStart: () => actor.send({ type: 'user.start', hasMobile: Boolean(account?.mobile) }),
    ...panelHandlers(actor.send, touch),
  };
}

export function usePasswordPanel(account: AccountData | null, refresh: Refresh): PasswordPanelProps {
  const machine = useMemo(
    () => appPasswordChangeMachine.provide({ actions: { changed: () => refresh.account() } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: {} });
  const view = useSelector(actor, selectPasswordChangeView, shallowEqual);
  const { touch, error } = useTouched<PasswordField>();
  const [passwordVisible, setPasswordVisible] = useState(false);
  return {
    ...view,
    hasPassword: account?.hasPassword ?? false,
    mobile: account?.mobile ?? null,
    passwordVisible,
    onTogglePasswordVisible: () => setPasswordVisible((v) => !v),
    fieldErrors: {
      oldPassword: error('oldPassword', view.oldPassword, isLoginPassword, '请输入原密码'),
      code: error('code', view.code, isCode, FIELD_MESSAGE.code),
      password: error('password', view.password, isNewPassword, FIELD_MESSAGE.password),
      confirm: error('confirm', view.confirm, (v) => v === view.password, FIELD_MESSAGE.passwordMismatch),
    },
    onStart: () =>
      actor.send({
        type: 'user.start',
        hasPassword: account?.hasPassword ?? false,
        hasMobile: Boolean(account?.mobile),
      }),
    onSwitchMethod: (method) => actor.send({ type: 'user.switchMethod', method }),
    ...panelHandlers(actor.send, touch),
  };
}

export function useEmailPanel(account: AccountData | null, refresh: Refresh): EmailPanelProps {
  const machine = useMemo(
    () => appEmailBindMachine.provide({ actions: { changed: () => refresh.account() } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: {} });
  const view = useSelector(actor, selectEmailBindView, shallowEqual);
  const { touch, error } = useTouched<EmailBindField>();
  return {
    ...view,
    current: account?.email ?? null,
    fieldErrors: {
      email: error('email', view.email, isEmail, '请输入正确的邮箱地址'),
      code: error('code', view.code, isCode, FIELD_MESSAGE.code),
    },
    onStart: () => actor.send({ type: 'user.start' }),
    ...panelHandlers(actor.send, touch),
  };
}

/** 修改昵称: checked with the shared rule before it is sent; the server's refusal shows on the field. */
export function useNicknameForm(current: string | null, refresh: Refresh): NicknameFormProps {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [typed, setTyped] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem = nicknameError(value);
  const unchanged = value.trim() === current;
  return {
    editing,
    value,
    error: refusal ?? (typed ? problem : null),
    canSave: !saving && problem === null && !unchanged,
    saving,
    onEdit: () => {
      setValue(current ?? '');
      setTyped(false);
      setRefusal(null);
      setEditing(true);
    },
    onChange: (v) => {
      setValue(v);
      setTyped(true);
      setRefusal(null);
    },
    onCancel: () => setEditing(false),
    onSave: () => {
      if (problem !== null || unchanged || saving) return;
      const nickname = value.trim();
      setSaving(true);
      saveNickname(nickname)
        .then(() => {
          setEditing(false);
          refresh.session({ nickname });
          refresh.account();
        })
        .catch((e: unknown) => setRefusal(errorMessage(e)))
        .finally(() => setSaving(false));
    },
  };
}

/** 绑定 leaves for the provider (and comes back through the callback page); 解绑 asks first. */
export function useSocialActions(
  phone: boolean,
  reload: () => void,
): Pick<
  SocialSectionProps,
  'confirming' | 'pending' | 'failure' | 'onBind' | 'onUnbind' | 'onConfirmUnbind' | 'onCancelUnbind'
> {
  const [confirming, setConfirming] = useState<Platform | null>(null);
  const [pending, setPending] = useState<Platform | null>(null);
  const [failure, setFailure] = useState<SocialSectionProps['failure']>(null);
  const fail = (platform: Platform) => (e: unknown) => {
    setFailure({ platform, message: errorMessage(e) });
    setPending(null);
  };
  return {
    confirming,
    pending,
    failure,
    onBind: (platform) => {
      setFailure(null);
      setConfirming(null);
      setPending(platform);
      // On success the page is left for the provider's; the pending mark stays until then.
      startSnsBind(platform, phone).catch(fail(platform));
    },
    onUnbind: (platform) => {
      setFailure(null);
      setConfirming(platform);
    },
    onCancelUnbind: () => setConfirming(null),
    onConfirmUnbind: () => {
      const platform = confirming;
      if (platform === null || pending !== null) return;
      setPending(platform);
      unbindSns(platform)
        .then(() => {
          setConfirming(null);
          setPending(null);
          reload();
        })
        .catch((e: unknown) => {
          setConfirming(null);
          fail(platform)(e);
        });
    },
  };
}
