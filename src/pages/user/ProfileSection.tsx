import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { TextField } from '../../components/auth/fields';
import { Avatar } from '../../components/Avatar';
import { InlineForm, InlineFormActions } from '../../components/exchange/InlineForm';
import { formatDate } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { NICKNAME_MAX, NICKNAME_MIN } from '../../../openapi/rules/nickname';
import { RowButton } from './parts';

/** The nickname form: shown with 修改, saved with 保存 (a simple form, no machine). */
export interface NicknameFormProps {
  editing: boolean;
  value: string;
  /** The typed name's problem (shown once the member typed or tried to save) or the server's refusal. */
  error: string | null;
  /** 保存 may be pressed: the name is acceptable and differs from the current one. */
  canSave: boolean;
  saving: boolean;
  onEdit?: () => void;
  onChange?: (value: string) => void;
  onCancel?: () => void;
  onSave?: () => void;
}

export interface ProfileSectionProps {
  nickname: string;
  avatar: string | null;
  memberCode: string;
  registeredAt: number;
  form: NicknameFormProps;
  /**
   * The avatar upload (AvatarUploader, built separately): rendered under the current avatar.
   * Without it the section shows the current avatar only.
   */
  avatarUploader?: ReactNode;
}

/** 头像与昵称: the avatar uploader (or, without one, the avatar), nickname with its form, member number. */
export function ProfileSection({
  nickname,
  avatar,
  memberCode,
  registeredAt,
  form,
  avatarUploader,
}: ProfileSectionProps) {
  return (
    <WhiteCard as="section" aria-labelledby="profile-heading" p={{ base: '4', md: '6' }}>
      <Heading as="h1" id="profile-heading" fontSize={{ base: '18px', md: '20px' }} color="ink" mb="4">
        个人中心
      </Heading>
      {avatarUploader && (
        <Box layerStyle="hairline.bottom" pb="5" mb="5">
          {avatarUploader}
        </Box>
      )}
      <Flex gap={{ base: '4', md: '6' }} align="flex-start">
        {!avatarUploader && (
          <Stack align="center" gap="2" flexShrink={0} data-testid="avatar-spot">
            <Avatar src={avatar} name={nickname} size={72} />
          </Stack>
        )}
        <Box flex="1" minW="0" w="100%">
          {form.editing ? (
            <Box maxW={{ md: '440px' }}>
              <InlineForm label="修改昵称" testId="nickname-form" onSubmit={form.canSave ? form.onSave : undefined}>
                <TextField
                  label="昵称"
                  placeholder="请输入新昵称"
                  value={form.value}
                  onChange={(v) => form.onChange?.(v)}
                  error={form.error}
                  hint={`${NICKNAME_MIN}–${NICKNAME_MAX} 个字，可用汉字、字母、数字、下划线和短横线`}
                  maxLength={NICKNAME_MAX + 8}
                  autoComplete="nickname"
                  autoFocus
                  disabled={form.saving}
                />
                <InlineFormActions
                  submitting={form.saving}
                  loadingText="保存中…"
                  submitDisabled={!form.canSave}
                  onCancel={form.onCancel}
                >
                  保存昵称
                </InlineFormActions>
              </InlineForm>
            </Box>
          ) : (
            <Stack gap="1.5">
              <Flex align="center" gap="3" wrap="wrap">
                <Text fontSize="20px" fontWeight="semibold" color="ink" overflowWrap="anywhere" data-testid="nickname">
                  {nickname}
                </Text>
                <RowButton onClick={form.onEdit} label="修改昵称">
                  修改
                </RowButton>
              </Flex>
              <Text textStyle="caption.soft">
                会员号 {memberCode} · {formatDate(registeredAt)} 注册
              </Text>
            </Stack>
          )}
        </Box>
      </Flex>
    </WhiteCard>
  );
}
