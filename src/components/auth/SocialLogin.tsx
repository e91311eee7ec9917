import { Box, Center, chakra, Flex, HStack, Text } from '@chakra-ui/react';

/** A social login the server offers (`listSnsProviders`): platform 1 微信, 2 QQ, 3 微博, 4 支付宝. */
export interface SocialProvider {
  platform: number;
  name: string;
}

/** Each provider's colour and white mark: paths on a 24-unit grid, or 支付宝's character. */
const LOOK: Record<number, { bg: string; mark: string[] | string }> = {
  1: {
    bg: '#07c160',
    mark: [
      'M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.5 2.6 4.6L4 16.8l2.5-1.3c.8.2 1.7.4 2.7.4h.5a5.3 5.3 0 0 1-.2-1.5c0-3.2 3.1-5.8 6.9-5.8h.4C16.2 5.9 13 4 9.2 4zM6.8 8a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8z',
      'M22 14.4c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.7 0 1.4-.1 2-.3l2 1.1-.5-1.8c1.5-1 2.5-2.4 2.5-4zm-8-.7a.8.8 0 1 1 0-1.5.8.8 0 0 1 0 1.5zm4 0a.8.8 0 1 1 0-1.5.8.8 0 0 1 0 1.5z',
    ],
  },
  2: {
    bg: '#12b7f5',
    mark: [
      'M12 2.5c-3.3 0-5.6 2.6-5.6 6v1.1c-.9 1-2.2 2.9-2.2 4.6 0 .9.3 1.3.6 1.3.4 0 .9-.6 1.2-1.3.3 1 .9 1.9 1.6 2.6-1.1.4-1.8 1-1.8 1.6 0 1 1.7 1.6 3.9 1.6 1 0 1.8-.1 2.3-.4.5.3 1.3.4 2.3.4 2.2 0 3.9-.6 3.9-1.6 0-.6-.7-1.2-1.8-1.6.7-.7 1.3-1.6 1.6-2.6.3.7.8 1.3 1.2 1.3.3 0 .6-.4.6-1.3 0-1.7-1.3-3.6-2.2-4.6V8.5c0-3.4-2.3-6-5.6-6z',
    ],
  },
  3: {
    bg: '#e6162d',
    mark: [
      'M10.1 19.5c-4 0-7.6-1.9-7.6-4.9 0-1.6 1-3.4 2.7-5.1 2.3-2.3 5-3.3 6-2.3.5.4.5 1.2.2 2.1-.1.5.5.2.5.2 1.9-.8 3.5-.8 4.1.1.3.5.3 1.1 0 1.9-.1.4 0 .4.3.5 1.3.4 2.8 1.4 2.8 3.2 0 2.9-4.2 4.3-9 4.3zm.5-8.3c-3 .3-5.3 2.1-5.1 4.1.2 2 2.9 3.3 5.9 3s5.3-2.1 5.1-4.1c-.2-2-2.9-3.3-5.9-3zm.9 5.6c-.8 1.4-2.5 2-3.9 1.4-1.4-.6-1.8-2.2-.9-3.5.9-1.3 2.5-1.9 3.8-1.3 1.3.5 1.7 2 1 3.4z',
      'M17.7 4.2a5.1 5.1 0 0 1 4 5.9.7.7 0 1 1-1.4-.3 3.6 3.6 0 0 0-2.9-4.2.7.7 0 1 1 .3-1.4z',
    ],
  },
  4: { bg: '#1677ff', mark: '支' },
};

function ProviderMark({ mark }: { mark: string[] | string }) {
  if (typeof mark === 'string')
    return (
      <Text as="span" fontSize="15px" fontWeight="bold" color="white" lineHeight="1">
        {mark}
      </Text>
    );
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="#fff" aria-hidden="true">
      {mark.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const RoundButton = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    borderRadius: 'full',
    cursor: 'pointer',
    transition: 'transform 0.15s ease, opacity 0.15s ease',
    outline: 'none',
    _hover: { transform: 'translateY(-2px)' },
    _focusVisible: { boxShadow: '0 0 0 3px {colors.brand.200}' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed', transform: 'none' },
  },
});

export interface SocialLoginProps {
  providers: readonly SocialProvider[];
  /** Clicked a provider: the container asks `getSnsAuthorize` and goes to its URL. */
  onSelect: (platform: number) => void;
  /** The platform whose authorize URL is being fetched. */
  pending?: number | null;
}

/** "其他登录方式" with one round icon per configured provider; nothing when none is configured. */
export function SocialLogin({ providers, onSelect, pending = null }: SocialLoginProps) {
  if (providers.length === 0) return null;
  return (
    <Box mt="7">
      <Flex align="center" gap="3" color="gray.500" fontSize="13px">
        <Box flex="1" height="1px" bg="gray.100" />
        其他登录方式
        <Box flex="1" height="1px" bg="gray.100" />
      </Flex>
      <HStack justify="center" gap="6" mt="4">
        {providers.map((p) => {
          const look = LOOK[p.platform];
          return (
            <RoundButton
              key={p.platform}
              type="button"
              bg={look?.bg ?? 'gray.400'}
              aria-label={`${p.name}登录`}
              title={`${p.name}登录`}
              disabled={pending !== null}
              aria-busy={pending === p.platform}
              onClick={() => onSelect(p.platform)}
            >
              {look ? <ProviderMark mark={look.mark} /> : p.name.charAt(0)}
            </RoundButton>
          );
        })}
      </HStack>
    </Box>
  );
}

/** A provider's round mark in its colour (the personal centre's list of bindings). */
export function SocialBadge({ platform, size = 36 }: { platform: number; size?: number }) {
  const look = LOOK[platform];
  if (!look) return null;
  return (
    <Center as="span" flexShrink={0} boxSize={`${size}px`} borderRadius="full" bg={look.bg} aria-hidden="true">
      <ProviderMark mark={look.mark} />
    </Center>
  );
}
