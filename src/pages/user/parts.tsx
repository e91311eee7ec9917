import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { WhiteCard } from '../../components/WhiteCard';

/**
 * The personal centre's building blocks (props-only): a titled card, a row of one setting (what
 * it is, what it is now, the button that changes it) with the panel its change opens below it.
 */

export function SectionCard({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <WhiteCard as="section" aria-labelledby={`${id}-heading`} overflow="hidden">
      <Flex
        align={{ base: 'flex-start', sm: 'baseline' }}
        direction={{ base: 'column', sm: 'row' }}
        gap={{ base: '0.5', sm: '3' }}
        px={{ base: '4', md: '6' }}
        pt={{ base: '4', md: '5' }}
        pb="2"
      >
        <Heading as="h2" id={`${id}-heading`} fontSize="17px" color="ink">
          {title}
        </Heading>
        {note && <Text textStyle="caption.soft">{note}</Text>}
      </Flex>
      <Stack gap="0">{children}</Stack>
    </WhiteCard>
  );
}

export interface SettingRowProps {
  /** The setting's name (手机号, 登录密码…). */
  label: string;
  /** What it is now (masked), or 未绑定 / 未设置. */
  value: ReactNode;
  /** A quiet line under the value. */
  hint?: ReactNode;
  icon?: ReactNode;
  /** The button that opens its change (hidden while the change is open). */
  action?: ReactNode;
  /** The open change, under the row. */
  children?: ReactNode;
  testId?: string;
}

export function SettingRow({ label, value, hint, icon, action, children, testId }: SettingRowProps) {
  return (
    <Box layerStyle="hairline.bottom" _last={{ borderBottomWidth: 0 }} data-testid={testId}>
      <Flex align="center" gap={{ base: '3', md: '4' }} px={{ base: '4', md: '6' }} py="3.5" minH="64px">
        {icon}
        <Box flex="1" minW="0">
          <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '0.5', md: '4' }} align={{ md: 'baseline' }}>
            <Text fontSize="15px" color="ink" fontWeight="medium" minW={{ md: '88px' }} flexShrink={0}>
              {label}
            </Text>
            <Box fontSize="14px" color="gray.600" minW="0" overflowWrap="anywhere">
              {value}
            </Box>
          </Flex>
          {hint && (
            <Text textStyle="caption.soft" mt="0.5" ml={{ md: '104px' }}>
              {hint}
            </Text>
          )}
        </Box>
        {action && <Box flexShrink={0}>{action}</Box>}
      </Flex>
      {children && (
        <Box px={{ base: '4', md: '6' }} pb="5">
          <Box bg="gray.50" borderRadius="lg" p={{ base: '4', md: '5' }} maxW={{ md: '520px' }} ml={{ md: '104px' }}>
            {children}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The small outlined button at the end of a row (修改, 更换, 绑定, 解绑…). */
export function RowButton({
  children,
  onClick,
  disabled,
  loading,
  tone = 'brand',
  label,
}: {
  children: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  tone?: 'brand' | 'gray';
  /** The accessible name when the text alone is ambiguous (更换手机号 for 更换). */
  label?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      borderRadius="full"
      px="4"
      colorPalette={tone === 'brand' ? 'brand' : 'gray'}
      onClick={onClick}
      disabled={disabled}
      loading={loading}
      aria-label={label}
    >
      {children}
    </Button>
  );
}

/** A change went through: what is true now, and 完成 to fold the panel. */
export function DoneNote({ children, onClose }: { children: ReactNode; onClose?: () => void }) {
  return (
    <Stack gap="3" role="status">
      <Flex align="center" gap="2" color="green.700" fontSize="15px" fontWeight="medium">
        <Box as="span" aria-hidden="true" color="green.600" fontSize="18px" lineHeight="1">
          ✓
        </Box>
        <Box>{children}</Box>
      </Flex>
      {onClose && (
        <Box>
          <Button size="sm" colorPalette="brand" borderRadius="full" px="6" onClick={onClose}>
            完成
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Numbered steps of a change (1 验证原手机号 · 2 绑定新手机号), the current one emphasised. */
export function Steps({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <Flex as="ol" gap="2" align="center" fontSize="13px" listStyleType="none" aria-label="步骤">
      {steps.map((s, i) => (
        <Flex as="li" key={s} align="center" gap="2" aria-current={i === current ? 'step' : undefined}>
          {i > 0 && <Box as="span" w="16px" h="1px" bg="gray.300" aria-hidden="true" />}
          <Flex
            as="span"
            align="center"
            justify="center"
            boxSize="18px"
            borderRadius="full"
            fontSize="11px"
            fontWeight="bold"
            bg={i <= current ? 'brand.solid' : 'gray.200'}
            color={i <= current ? 'white' : 'gray.600'}
            aria-hidden="true"
          >
            {i + 1}
          </Flex>
          <Text as="span" color={i === current ? 'ink' : 'gray.500'} fontWeight={i === current ? 'medium' : 'normal'}>
            {s}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}
