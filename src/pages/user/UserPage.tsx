import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { quietApi } from '../../api';
import { AvatarUploader } from '../../components/AvatarUploader';
import { DESKTOP_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { useUpdateSessionUser } from '../../flows/session';
import { useAvatarUpload } from '../../flows/useAvatarUpload';
import { useConsigneeForm, useIdentityForm } from '../../flows/useFixForms';
import { useLoad } from '../../flows/useLoad';
import { routedPath, USER_SURVEY_PATH } from '../../routing/paths';
import {
  useEmailPanel,
  useMobilePanel,
  useNicknameForm,
  usePasswordPanel,
  useSocialActions,
  type Refresh,
} from './useAccountPanels';
import { UserView } from './UserView';

const SURVEY_PATH = routedPath(USER_SURVEY_PATH) ?? null;

/**
 * Container of `/home/user` 个人中心: getAccount (the page), listSnsBindings and getConsignee
 * (their sections), getProperty, checkBasicSurvey and getIdVerify (what 更多资料 tells); the avatar upload, the nickname form, the mobile / password / e-mail flows, social bind and
 * unbind, and the real-name and address forms. A change re-reads the account and tells the
 * session the new nickname or mobile, so the header shows it at once.
 */
export default function UserPage() {
  const account = useLoad((signal) => quietApi.call('getAccount', { signal }));
  const bindings = useLoad((signal) => quietApi.call('listSnsBindings', { signal }));
  const address = useLoad((signal) => quietApi.call('getConsignee', { signal }));
  // What the 更多资料 rows tell beside their state: the properties, the questionnaire's progress,
  // the masked verified identity. Each is an extra: a failure only leaves the row's plain words.
  const property = useLoad((signal) => quietApi.call('getProperty', { signal }));
  const survey = useLoad((signal) => quietApi.call('checkBasicSurvey', { query: {}, signal }));
  const idVerify = useLoad((signal) => quietApi.call('getIdVerify', { signal }));
  const updateSession = useUpdateSessionUser();
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  // `?form=address` (a won prize asking for an address) opens the address form at once.
  const [params] = useSearchParams();
  const [openForm, setOpenForm] = useState<'identity' | 'address' | null>(() =>
    params.get('form') === 'address' ? 'address' : null,
  );

  const refresh = useMemo<Refresh>(
    () => ({ account: account.reload, session: updateSession }),
    [account.reload, updateSession],
  );
  const data = account.data;
  const avatarUpload = useAvatarUpload({ onChanged: account.reload });
  const nickname = useNicknameForm(data?.nickname ?? null, refresh);
  const mobile = useMobilePanel(data, refresh);
  const password = usePasswordPanel(data, refresh);
  const email = useEmailPanel(data, refresh);
  const social = useSocialActions(!desktop, bindings.reload);
  const identityForm = useIdentityForm(data?.mobile ?? null, () => {
    setOpenForm(null);
    account.reload();
    idVerify.reload();
  });
  const consigneeForm = useConsigneeForm(openForm === 'address', () => {
    setOpenForm(null);
    address.reload();
  });

  return (
    <UserView
      status={account.status}
      account={data}
      error={account.error}
      onRetry={account.reload}
      avatarUploader={data && <AvatarUploader current={data.avatar} nickname={data.nickname} {...avatarUpload} />}
      nickname={nickname}
      mobile={mobile}
      password={password}
      email={email}
      social={{
        status: bindings.status,
        bindings: bindings.data ?? [],
        error: bindings.error,
        onRetry: bindings.reload,
        ...social,
      }}
      more={{
        surveyPath: SURVEY_PATH,
        property: property.data,
        surveyProgress: survey.data,
        idVerify: idVerify.data,
        address: { status: address.status, data: address.data },
        openForm,
        onOpenForm: setOpenForm,
        identityForm: { ...identityForm, onCancel: () => setOpenForm(null) },
        consigneeForm: { ...consigneeForm, onCancel: () => setOpenForm(null) },
      }}
    />
  );
}
