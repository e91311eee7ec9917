import { Box, Button, Flex, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef } from 'react';
import type { AvatarUploadStep, AvatarUploadView } from '../../machines/avatarUpload';
import { IMAGE_TYPE_LIST, acceptWords } from '../../openapi/rules/uploads';
import { Avatar } from './Avatar';

/**
 * 头像 on the personal centre (props-only; `useAvatarUpload` in src/flows gives every prop but the
 * current avatar): the avatar as it is or will be, 选择图片, what is happening, and what went wrong.
 * `<AvatarUploader current={account.avatar} nickname={account.nickname} {...useAvatarUpload({ onChanged })} />`
 */
export interface AvatarUploaderProps extends AvatarUploadView {
  /** The member's avatar now (null: none yet). */
  current: string | null;
  nickname?: string | null;
  /** A local preview of the picked picture. */
  preview: string | null;
  onPick: (file: File) => void;
  onRetry: () => void;
  onDismiss: () => void;
}

const WORKING: Partial<Record<AvatarUploadStep, string>> = {
  checking: '正在检查图片…',
  gettingPolicy: '正在上传…',
  uploading: '正在上传…',
  saving: '正在保存头像…',
};

const FAILED_TITLE: Partial<Record<AvatarUploadStep, string>> = {
  wrongType: '这个文件不能用作头像',
  tooLarge: '图片太大了',
  policyRefused: '暂时不能上传',
  uploadRefused: '上传没有成功',
  saveRefused: '头像没有保存',
  network: '网络不太稳定',
};

export function AvatarUploader(props: AvatarUploaderProps) {
  const { current, nickname, preview, step, avatar, error, busy, canPick, canRetry, canDismiss } = props;
  const input = useRef<HTMLInputElement>(null);
  const shown = preview ?? avatar ?? current;
  const working = WORKING[step];
  const failed = FAILED_TITLE[step];
  return (
    <Flex
      as="section"
      aria-label="头像"
      data-testid="avatar-uploader"
      data-step={step}
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'flex-start', sm: 'center' }}
      gap={{ base: '4', sm: '6' }}
    >
      <Box position="relative" flexShrink={0} opacity={busy ? 0.6 : 1}>
        <Avatar src={shown} name={nickname} size={88} />
        {busy && (
          <Flex position="absolute" inset="0" align="center" justify="center">
            <Spinner size="md" color="brand.500" borderWidth="3px" />
          </Flex>
        )}
      </Box>

      <Stack gap="2" flex="1" minW="0">
        <Text textStyle="title.card" fontWeight="semibold">
          头像
        </Text>
        <Text textStyle="caption.soft">支持 {acceptWords('avatar')}</Text>

        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            accept={IMAGE_TYPE_LIST.join(',')}
            aria-label="选择头像图片"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) props.onPick(file);
            }}
          />
        </VisuallyHidden>

        <HStack gap="3" flexWrap="wrap">
          <Button
            colorPalette="brand"
            variant={step === 'done' || current ? 'outline' : 'solid'}
            borderRadius="full"
            size="sm"
            px="5"
            minH="40px"
            disabled={!canPick || busy}
            onClick={() => input.current?.click()}
          >
            {current || avatar ? '更换头像' : '选择图片'}
          </Button>
          {canRetry && (
            <Button colorPalette="brand" borderRadius="full" size="sm" px="5" minH="40px" onClick={props.onRetry}>
              重试
            </Button>
          )}
        </HStack>

        <Box role="status" aria-live="polite" minH="20px">
          {working && (
            <Text textStyle="caption.muted" data-testid="avatar-progress">
              {working}
            </Text>
          )}
          {step === 'done' && (
            <Text textStyle="caption.muted" color="green.700" fontWeight="medium">
              头像已更新
            </Text>
          )}
        </Box>

        {failed && error && (
          <Box role="alert" borderRadius="md" bg="red.50" color="red.700" px="3" py="2">
            <Text fontSize="14px" fontWeight="semibold">
              {failed}
            </Text>
            <Text fontSize="13px">{error}</Text>
            {canDismiss && (
              <Button
                variant="plain"
                size="xs"
                color="red.700"
                textDecoration="underline"
                px="0"
                mt="1"
                onClick={props.onDismiss}
              >
                知道了
              </Button>
            )}
          </Box>
        )}
      </Stack>
    </Flex>
  );
}
