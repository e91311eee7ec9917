import { Box, Button, chakra, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CopyButton } from '../../components/benefits/CopyButton';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { WhiteCard } from '../../components/WhiteCard';

export type ShareStatus = 'loggedOut' | 'loading' | 'drawing' | 'ready' | 'error';

export interface ShareViewProps {
  status: ShareStatus;
  /** The poster as a PNG (an object URL) once drawn. */
  imageUrl: string | null;
  /** The PNG's file name when saved. */
  fileName: string;
  /** The member's invite code and link (shown beside the poster, copyable). */
  invite: { code: string; url: string } | null;
  /** A phone: the image is saved by a long press; a computer: by the download link. */
  phone: boolean;
  error?: string | null;
  onRetry?: () => void;
  onCopied?: (ok: boolean) => void;
  loginHref: string;
  /** My invitees and rewards (null: not routed). */
  invitePath: string | null;
}

/** `/share` 分享海报: the member's invite poster, drawn in the browser, saved as a PNG. */
export function ShareView(props: ShareViewProps) {
  return (
    <Box bg="gray.50" py={{ base: '5', md: '10' }}>
      <Container maxW="960px" px={{ base: '4', md: '6' }}>
        <Heading as="h1" fontSize={{ base: '22px', md: '28px' }}>
          分享海报
        </Heading>
        <Text mt="2" color="fg.muted" fontSize="15px" lineHeight="1.7">
          把专属海报发给好友或朋友圈，好友扫码注册后你就能获得邀请奖励。
        </Text>
        <Box mt={{ base: '4', md: '6' }}>
          <Body {...props} />
        </Box>
      </Container>
    </Box>
  );
}

function Body(props: ShareViewProps) {
  if (props.status === 'loggedOut')
    return (
      <WhiteCard p={{ base: '6', md: '10' }} textAlign="center">
        <Heading as="h2" fontSize="18px">
          登录后生成你的专属海报
        </Heading>
        <Text mt="2" color="fg.muted" fontSize="14px">
          海报上有你的邀请码和邀请二维码，好友扫码注册即可计入你的邀请。
        </Text>
        <Button asChild mt="5" colorPalette="brand" borderRadius="full" px="8">
          <RouterLink to={props.loginHref}>登录/注册</RouterLink>
        </Button>
      </WhiteCard>
    );
  if (props.status === 'loading' || props.status === 'drawing')
    return (
      <WhiteCard>
        <LoadingState label={props.status === 'loading' ? '正在获取邀请信息…' : '正在生成海报…'} paddingTop={60} />
      </WhiteCard>
    );
  if (props.status === 'error' || !props.imageUrl)
    return (
      <WhiteCard>
        <ErrorState
          paddingTop={40}
          title="海报生成失败"
          description={props.error || '网络似乎不太稳定，请稍后重试。'}
          onRetry={props.onRetry}
          retryLabel="重新生成"
        />
      </WhiteCard>
    );
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '5', md: '8' }} align={{ md: 'flex-start' }}>
      <Box flexShrink={0} width={{ base: 'full', md: '375px' }} mx={{ base: 'auto', md: '0' }} maxW="375px">
        <chakra.img
          src={props.imageUrl}
          alt="我的邀请海报"
          width="100%"
          height="auto"
          aspectRatio="750 / 1200"
          borderRadius="xl"
          boxShadow="md"
          bg="white"
          // Long press on phones saves the image itself.
          css={{ WebkitTouchCallout: 'default', userSelect: 'auto' }}
        />
      </Box>
      <WhiteCard flex="1" p={{ base: '5', md: '6' }}>
        <Stack gap="4">
          <Heading as="h2" fontSize="17px">
            {props.phone ? '长按海报保存到相册' : '保存海报'}
          </Heading>
          <Text fontSize="14px" color="fg.muted" lineHeight="1.7">
            {props.phone
              ? '长按上方海报，选择「保存图片」或直接发送给好友；也可以点下面的按钮下载。'
              : '下载海报图片（PNG），发到微信、QQ 或朋友圈。'}
          </Text>
          <Button asChild colorPalette="brand" borderRadius="full" alignSelf="flex-start" px="8">
            <chakra.a href={props.imageUrl} download={props.fileName}>
              {props.phone ? '下载图片' : '下载海报'}
            </chakra.a>
          </Button>
          {props.invite && (
            <Stack gap="3" pt="4" borderTopWidth="1px" borderColor="border.muted" fontSize="14px">
              <Flex gap="3" align="center" justify="space-between">
                <Text>
                  我的邀请码：
                  <chakra.span fontWeight="semibold" color="brand.700">
                    {props.invite.code}
                  </chakra.span>
                </Text>
                <CopyButton text={props.invite.code} label="复制邀请码" onCopied={props.onCopied} flexShrink={0} />
              </Flex>
              <Flex gap="3" align="center" justify="space-between">
                <Text minW="0" truncate color="fg.muted">
                  {props.invite.url}
                </Text>
                <CopyButton text={props.invite.url} label="复制链接" onCopied={props.onCopied} flexShrink={0} />
              </Flex>
            </Stack>
          )}
          {props.invitePath && (
            <Box asChild color="brand.700" fontSize="14px" textDecoration="underline" textUnderlineOffset="3px">
              <RouterLink to={props.invitePath}>查看我邀请的好友和奖励</RouterLink>
            </Box>
          )}
        </Stack>
      </WhiteCard>
    </Flex>
  );
}
