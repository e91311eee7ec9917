import { Box, chakra, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Layout of the static pages (about, agreement, privacy …): a title band with the page's h1,
 * then a readable column. `Section`, `P`, `List` keep legal text consistent.
 */
export interface DocPageProps {
  title: string;
  subtitle?: ReactNode;
  /** e.g. "更新日期：2025 年 1 月 1 日" */
  meta?: ReactNode;
  children: ReactNode;
  /** Content column width; legal text reads best narrow. */
  width?: string;
}

export function DocPage({ title, subtitle, meta, children, width = '880px' }: DocPageProps) {
  return (
    <Box bg="gray.50" minH="60vh">
      <Box
        bgGradient="to-br"
        gradientFrom="brand.50"
        gradientTo="orange.100"
        borderBottomWidth="1px"
        borderColor="brand.100"
      >
        <Container maxW={width} px={{ base: '5', md: '6' }} py={{ base: '8', md: '12' }}>
          <Heading as="h1" fontSize={{ base: '26px', md: '34px' }} lineHeight="1.3" color="ink" fontWeight="bold">
            {title}
          </Heading>
          {subtitle && (
            <Text mt="3" fontSize={{ base: '15px', md: '17px' }} color="gray.600" lineHeight="1.8">
              {subtitle}
            </Text>
          )}
          {meta && (
            <Text mt="3" textStyle="caption.soft">
              {meta}
            </Text>
          )}
        </Container>
      </Box>
      <Container maxW={width} px={{ base: '3', md: '6' }} py={{ base: '3', md: '10' }}>
        <Box
          bg="white"
          borderRadius={{ base: 'xl', md: '2xl' }}
          boxShadow="0 1px 3px rgba(15, 23, 42, 0.05)"
          px={{ base: '4', md: '10' }}
          py={{ base: '5', md: '10' }}
          fontSize={{ base: '15px', md: '15px' }}
          lineHeight="1.9"
          color="gray.700"
        >
          <Stack gap={{ base: '7', md: '9' }}>{children}</Stack>
        </Box>
      </Container>
    </Box>
  );
}

export function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" id={id} scrollMarginTop="88px">
      <Heading as="h2" fontSize={{ base: '18px', md: '20px' }} color="ink" mb="3" lineHeight="1.5">
        {title}
      </Heading>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}

export function SubTitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" textStyle="title.card" mt="1" lineHeight="1.6">
      {children}
    </Heading>
  );
}

export const P = chakra('p', { base: { textAlign: 'justify', wordBreak: 'break-word' } });

export function List({ items, ordered = false }: { items: ReactNode[]; ordered?: boolean }) {
  const Tag = ordered ? chakra.ol : chakra.ul;
  return (
    <Tag pl="1.4em" listStyleType={ordered ? 'decimal' : 'disc'} css={{ '& > li + li': { mt: '1.5' } }}>
      {items.map((item, i) => (
        <chakra.li key={i} pl="1" css={{ '&::marker': { color: 'var(--chakra-colors-brand-500)' } }}>
          {item}
        </chakra.li>
      ))}
    </Tag>
  );
}

/** A highlighted note box (important clauses are shown in bold per common practice). */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Box bg="brand.50" borderLeftWidth="3px" borderColor="brand.400" px="4" py="3" borderRadius="md" color="gray.700">
      {children}
    </Box>
  );
}

export const Strong = chakra('strong', { base: { fontWeight: 'semibold', color: 'ink' } });
