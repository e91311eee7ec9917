import { Button, Flex, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { WhiteCard } from './WhiteCard';

export interface LoginPromptProps {
  /** What logging in shows here: `登录后查看你的答题质量`. */
  text: string;
  /** The login page coming back here (`loginFor(path)` of src/routing/paths.ts). */
  to: string;
  /** The button's words. */
  label?: string;
  /** The section's name for screen readers (我的排名); the text when none. */
  name?: string;
  /** The row alone, for a card that holds other states too. */
  bare?: boolean;
}

/**
 * The one card a visitor sees where a member's own figures, records or place would be: what
 * logging in shows, and 登录/注册 coming back to the same page (排行榜, 月度答题之星, 答题质量…).
 */
export function LoginPrompt({ text, to, label = '登录/注册', name, bare = false }: LoginPromptProps) {
  const row = (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap" data-testid="login-prompt">
      <Text color="ink" fontWeight="medium">
        {text}
      </Text>
      <Button asChild size="sm" colorPalette="brand" borderRadius="full" px="5">
        <RouterLink to={to}>{label}</RouterLink>
      </Button>
    </Flex>
  );
  if (bare) return row;
  return (
    <WhiteCard aria-label={name ?? text} as="section" px={{ base: '4', md: '6' }} py="4">
      {row}
    </WhiteCard>
  );
}
