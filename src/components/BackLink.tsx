import { Button, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronLeftIcon } from './icons';

/** The quiet “‹ 返回…” link above a detail page's card. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Flex pt={{ base: '1', md: '0' }}>
      <Button asChild variant="plain" size="sm" px="0" color="gray.600" _hover={{ color: 'brand.600' }}>
        <RouterLink to={to}>
          <ChevronLeftIcon />
          {children}
        </RouterLink>
      </Button>
    </Flex>
  );
}
