import { Badge, Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Avatar } from './Avatar';

const MEDAL = ['orange.500', 'gray.400', 'orange.700'];

/**
 * One member's place on a board (排行榜, 月度答题之星): the rank (the first three in medal colours),
 * avatar, masked nickname with 我 on the reader's own line, and an optional line under the name.
 */
export function RankedMember({
  rank,
  nickname,
  avatar,
  me,
  detail,
}: {
  rank: number;
  nickname: string;
  avatar: string | null;
  me: boolean;
  detail?: ReactNode;
}) {
  return (
    <>
      <Flex
        w="8"
        flexShrink={0}
        justify="center"
        fontWeight="bold"
        fontSize={rank <= 3 ? '18px' : '15px'}
        color={rank <= 3 ? MEDAL[rank - 1] : 'gray.500'}
        aria-label={`第 ${rank} 名`}
      >
        {rank}
      </Flex>
      <Avatar src={avatar} name={nickname} size={36} />
      <Box flex="1" minW="0">
        <Flex align="center" gap="2">
          <Text color="ink" truncate>
            {nickname}
          </Text>
          {me && (
            <Badge colorPalette="brand" variant="subtle" flexShrink={0}>
              我
            </Badge>
          )}
        </Flex>
        {detail}
      </Box>
    </>
  );
}
