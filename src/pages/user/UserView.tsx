import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Account } from '../../../openapi/schemas/account';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { WhiteCard } from '../../components/WhiteCard';
import { MoreSection, type MoreSectionProps } from './MoreSection';
import { ProfileSection, type NicknameFormProps } from './ProfileSection';
import { SecuritySection, type SecuritySectionProps } from './SecuritySection';
import { SocialSection, type SocialSectionProps } from './SocialSection';

export type AccountData = z.output<typeof Account>;

export interface UserViewProps extends SecuritySectionProps {
  /** GET /v1/users/account: the page waits for it; a reload after a change keeps the shown data. */
  status: 'loading' | 'ready' | 'error';
  account: AccountData | null;
  error?: string | null;
  onRetry?: () => void;
  nickname: NicknameFormProps;
  /**
   * The avatar upload component, placed under the current avatar in 头像与昵称 (the section shows
   * the current avatar without it).
   */
  avatarUploader?: ReactNode;
  social: SocialSectionProps;
  more: Omit<MoreSectionProps, 'surveyDone' | 'idVerifyState'>;
}

/**
 * `/home/user` 个人中心: 头像与昵称, 账号与安全 (mobile, password, e-mail), 第三方账号 and 更多资料
 * (personal questionnaire, real name, delivery address). Each change opens in place.
 */
export function UserView(props: UserViewProps) {
  const { account } = props;
  if (!account) {
    return (
      <WhiteCard>
        {props.status === 'error' ? (
          <ErrorState description={props.error || undefined} onRetry={props.onRetry} />
        ) : (
          <LoadingState />
        )}
      </WhiteCard>
    );
  }
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <ProfileSection
        nickname={account.nickname}
        avatar={account.avatar}
        memberCode={account.memberCode}
        registeredAt={account.registeredAt}
        form={props.nickname}
        avatarUploader={props.avatarUploader}
      />
      <SecuritySection mobile={props.mobile} password={props.password} email={props.email} />
      <SocialSection {...props.social} />
      <MoreSection {...props.more} surveyDone={account.basicSurveyDone} idVerifyState={account.idVerifyState} />
    </Stack>
  );
}
