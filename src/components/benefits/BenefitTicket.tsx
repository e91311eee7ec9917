import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  BENEFIT_KIND_LABEL,
  BENEFIT_SOURCE_LABEL,
  BENEFIT_STATUS_LABEL,
  benefitEffect,
  benefitFigure,
  benefitUseLink,
  holdingValidity,
  usedOnText,
  type MemberBenefit,
} from './format';

export interface BenefitTicketProps {
  benefit: MemberBenefit;
  /** 使用规则 (opens the benefit's rules). */
  onRules?: () => void;
  /** Extra actions on the right. */
  extra?: ReactNode;
}

const STATUS_PALETTE: Record<number, string> = { 0: 'green', 1: 'gray', 2: 'gray' };

/**
 * One held benefit as a ticket: the figure on a coloured stub (grey once used or expired), the
 * name, what it does, its validity and status, 使用规则 and, while unused, where to use it.
 */
export function BenefitTicket({ benefit, onRules, extra }: BenefitTicketProps) {
  const unused = benefit.status === 0;
  const use = benefitUseLink(benefit.kind);
  const usedOn = usedOnText(benefit);
  return (
    <Flex
      as="li"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor={unused ? 'brand.100' : 'gray.100'}
      overflow="hidden"
      data-testid="benefit-ticket"
      data-status={benefit.status}
    >
      <Flex
        direction="column"
        align="center"
        justify="center"
        w={{ base: '92px', md: '112px' }}
        flexShrink={0}
        px="2"
        py="4"
        color="white"
        bgGradient="to-br"
        gradientFrom={unused ? 'brand.400' : 'gray.300'}
        gradientTo={unused ? 'brand.600' : 'gray.400'}
        borderRightWidth="2px"
        borderRightStyle="dashed"
        borderColor="white"
      >
        <Text fontSize={{ base: '20px', md: '24px' }} fontWeight="bold" lineHeight="1.2" textAlign="center">
          {benefitFigure(benefit)}
        </Text>
        <Text mt="1" fontSize="12px" color="whiteAlpha.900" textAlign="center">
          {BENEFIT_KIND_LABEL[benefit.kind] ?? '权益'}
        </Text>
      </Flex>
      <Box flex="1" minW="0" px={{ base: '3', md: '4' }} py="3">
        <Flex align="center" gap="2" wrap="wrap">
          <Text fontSize="15px" fontWeight="semibold" color={unused ? 'ink' : 'gray.500'}>
            {benefit.name}
          </Text>
          <Badge colorPalette={STATUS_PALETTE[benefit.status] ?? 'gray'} variant="subtle" fontSize="12px">
            {BENEFIT_STATUS_LABEL[benefit.status]}
          </Badge>
        </Flex>
        <Text mt="1" fontSize="13px" color="gray.600">
          {benefitEffect(benefit)}
        </Text>
        <Text mt="1" fontSize="12px" color="gray.500">
          {holdingValidity(benefit)} · {BENEFIT_SOURCE_LABEL[benefit.source]}
        </Text>
        {usedOn && (
          <Text mt="0.5" fontSize="12px" color="gray.500">
            {usedOn}
          </Text>
        )}
        <Flex mt="2" gap="2" align="center" wrap="wrap">
          {onRules && (
            <Button size="xs" variant="plain" px="0" color="gray.500" onClick={onRules}>
              使用规则
            </Button>
          )}
          {unused && use && (
            <Button asChild size="xs" variant="outline" colorPalette="brand" borderRadius="full" px="3" ml="auto">
              <RouterLink to={use.to}>{use.label}</RouterLink>
            </Button>
          )}
          {extra}
        </Flex>
      </Box>
    </Flex>
  );
}
