import { Badge, Box, Button, Flex, Image, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { BoxIcon, CashIcon, TicketIcon } from '../icons';
import { Timeline } from '../Timeline';
import {
  isRefundState,
  PAYOUT_NAME,
  STATE_PALETTE,
  stateLabel,
  type ExchangeStateValue,
  type ExchangeTypeValue,
} from './format';

/** Small building blocks shared by the exchange pages. All props-only. */

const TYPE_ART: Record<ExchangeTypeValue, { icon: ReactNode; from: string; to: string }> = {
  1: { icon: <CashIcon />, from: 'orange.300', to: 'orange.500' },
  2: { icon: <TicketIcon />, from: 'purple.300', to: 'purple.500' },
  3: { icon: <BoxIcon />, from: 'teal.300', to: 'teal.500' },
};

/** The reward's image, or (no image) a drawing of its type with the face value. */
export function RewardCover({
  src,
  type,
  title,
  caption,
  height = '140px',
  radius = 'lg',
}: {
  src: string | null;
  type: ExchangeTypeValue;
  title: string;
  caption?: string;
  height?: string | Record<string, string>;
  radius?: string;
}) {
  if (src)
    return <Image src={src} alt={title} w="100%" h={height} objectFit="cover" borderRadius={radius} loading="lazy" />;
  const art = TYPE_ART[type];
  return (
    <Flex
      role="img"
      aria-label={title}
      h={height}
      w="100%"
      direction="column"
      align="center"
      justify="center"
      gap="1"
      borderRadius={radius}
      color="white"
      bgGradient="to-br"
      gradientFrom={art.from}
      gradientTo={art.to}
      css={{ '& svg': { width: '40px', height: '40px', opacity: 0.95 } }}
    >
      {art.icon}
      {caption && (
        <Text fontSize="15px" fontWeight="semibold" letterSpacing="0.02em">
          {caption}
        </Text>
      )}
    </Flex>
  );
}

export function StateBadge({ state }: { state: ExchangeStateValue }) {
  return (
    <Badge colorPalette={STATE_PALETTE[state]} variant="subtle" fontSize="12px" px="2" data-testid="state-badge">
      {stateLabel(state)}
    </Badge>
  );
}

export function RefundBadge() {
  return (
    <Badge colorPalette="green" variant="outline" fontSize="12px" px="2">
      微豆已退回
    </Badge>
  );
}

/** A value with a 复制 button (virtual codes, transfer references, tracking numbers). */
export function CopyValue({
  label,
  value,
  onCopy,
  emphasis = false,
}: {
  label: string;
  value: string;
  /** Copies; resolves true when it worked. */
  onCopy?: (value: string) => Promise<boolean> | boolean;
  emphasis?: boolean;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  return (
    <Flex
      align="center"
      gap="2"
      px="3"
      py="2"
      bg={emphasis ? 'brand.50' : 'gray.50'}
      borderRadius="md"
      borderWidth="1px"
      borderColor={emphasis ? 'brand.200' : 'gray.100'}
    >
      <Box flex="1" minW="0">
        <Text textStyle="small.soft">{label}</Text>
        <Text
          fontFamily="mono"
          fontSize={emphasis ? '16px' : '14px'}
          fontWeight={emphasis ? 'semibold' : 'normal'}
          color="gray.800"
          wordBreak="break-all"
          data-testid="copy-value"
        >
          {value}
        </Text>
      </Box>
      {onCopy && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="brand"
          borderRadius="full"
          flexShrink={0}
          aria-label={`复制${label}`}
          onClick={async () => setCopied((await onCopy(value)) ? 'yes' : 'no')}
        >
          {copied === 'yes' ? '已复制' : copied === 'no' ? '请长按复制' : '复制'}
        </Button>
      )}
    </Flex>
  );
}

/** The parts of an exchange that depend on its type: code, transfer, parcel, account, address. */
export interface ExchangeFacts {
  type: ExchangeTypeValue;
  state: ExchangeStateValue;
  code: string | null;
  transferRef: string | null;
  trackingNo: string | null;
  reason: string | null;
  refunded: boolean;
  payout: { platform: 1 | 4; nickname: string | null } | null;
  shipping: { name: string; mobile: string; regionName: string; address: string } | null;
}

export function ExchangeFactsBlock({
  facts,
  onCopy,
  compact = false,
}: {
  facts: ExchangeFacts;
  onCopy?: (value: string) => Promise<boolean> | boolean;
  compact?: boolean;
}) {
  const { type, state } = facts;
  const rows: ReactNode[] = [];
  if (facts.code) rows.push(<CopyValue key="code" label="卡密 / 兑换码" value={facts.code} onCopy={onCopy} emphasis />);
  if (facts.transferRef)
    rows.push(<CopyValue key="ref" label="打款流水号" value={facts.transferRef} onCopy={onCopy} />);
  if (facts.trackingNo) rows.push(<CopyValue key="track" label="快递单号" value={facts.trackingNo} onCopy={onCopy} />);
  if (isRefundState(state) && facts.reason)
    rows.push(
      <Text key="reason" fontSize="13px" color="red.600">
        原因：{facts.reason}
      </Text>,
    );
  if (!compact && type === 1 && facts.payout)
    rows.push(
      <Text key="payout" textStyle="caption.muted">
        收款账号：{PAYOUT_NAME[facts.payout.platform]}
        {facts.payout.nickname ? `（${facts.payout.nickname}）` : ''}
      </Text>,
    );
  if (!compact && type === 3 && facts.shipping)
    rows.push(
      <Text key="ship" textStyle="caption.muted">
        收货地址：{facts.shipping.name} {facts.shipping.mobile}，{facts.shipping.regionName} {facts.shipping.address}
      </Text>,
    );
  if (rows.length === 0) return null;
  return <Stack gap="2">{rows}</Stack>;
}

const ACTOR_LABEL = { member: '你', operator: '运营人员', system: '系统' } as const;

export interface HistoryEntry {
  from: number | null;
  to: ExchangeStateValue;
  toLabel: string;
  actor: 'member' | 'operator' | 'system';
  reason: string | null;
  at: number;
}

/** The state history, newest first: what changed, who did it, why. */
export function ExchangeTimeline({ history }: { history: HistoryEntry[] }) {
  const items = history.map((h) => ({
    title: h.from === null ? '提交兑换' : h.toLabel,
    by: ACTOR_LABEL[h.actor],
    reason: h.reason,
    at: h.at,
    palette: STATE_PALETTE[h.to],
  }));
  return <Timeline items={items} label="状态记录" />;
}

/** A white card section with an optional heading. */
export function Panel({
  title,
  children,
  ...rest
}: {
  title?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Box layerStyle="card" p={{ base: '4', md: '6' }} {...rest}>
      {title && (
        <Text as="h2" fontSize="16px" fontWeight="semibold" color="gray.800" mb="3">
          {title}
        </Text>
      )}
      {children}
    </Box>
  );
}
