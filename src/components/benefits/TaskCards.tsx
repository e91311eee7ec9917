import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import type { BenefitUseView, UsableCard } from '../../../machines/benefitUse';
import { BenefitKind } from '../../../openapi/enums';
import { boostExtra } from '../../../openapi/rules/benefits';
import type { MemberBenefit } from '../../../openapi/schemas/benefits';
import { formatDate, formatDateTime } from './format';
import { checkingSheet, confirmSheet, resultSheet, retrySheet, type FlowSheetProps } from './Sheet';

type MemberBenefitData = z.output<typeof MemberBenefit>;

/**
 * A task's cards (加成卡, 抢答优先) on its detail page: those already on the task, those the member
 * may use on it, and the use dialog (machines/benefitUse.ts).
 */

export interface TaskCardsProps {
  /** The task's 微豆 (what a boost is a percentage of) and start time (early access). */
  points: number;
  openAt: number;
  usable: UsableCard[];
  onTask: MemberBenefitData[];
  onUse: (card: UsableCard) => void;
}

const isBoost = (kind: number) => kind === BenefitKind.values.BOOST;

/** What a card used on this task does, in a sentence. */
function onTaskText(h: MemberBenefitData, points: number, openAt: number): string {
  if (isBoost(h.kind)) {
    if (h.appliedAt !== null) return `本任务已使用「${h.name}」，多得 ${h.effect?.extraPoints ?? 0} 微豆已到账`;
    return `本任务已使用「${h.name}」：完成后额外获得 ${boostExtra(h.value, points)} 微豆；未完成时卡片退回「我的权益」`;
  }
  return `本任务已使用「${h.name}」：你可以提前 ${h.value} 分钟参加，${formatDateTime(openAt - h.value * 60_000)} 起`;
}

/** What an unused card would do here (and what it costs when bought with credit). */
function usableText(c: UsableCard, points: number): string {
  const does = isBoost(c.kind)
    ? `完成本任务额外 +${boostExtra(c.value, points)} 微豆`
    : `提前 ${c.value} 分钟参加本抢答任务`;
  return c.from === 'credit' ? `${does} · 花 ${c.creditCost} 权益值` : does;
}

export function TaskCards({ points, openAt, usable, onTask, onUse }: TaskCardsProps) {
  if (usable.length === 0 && onTask.length === 0) return null;
  return (
    <Stack gap="2" mt="3" pt="3" borderTopWidth="1px" borderColor="gray.100" data-testid="task-cards">
      {onTask.map((h) => (
        <Text key={h.id} fontSize="13px" color="brand.700" bg="brand.50" borderRadius="md" px="3" py="2" role="status">
          {onTaskText(h, points, openAt)}
        </Text>
      ))}
      {onTask.length === 0 &&
        usable.map((c) => (
          <Flex key={c.id} align="center" justify="space-between" gap="2" fontSize="13px">
            <Box minW="0">
              <Text color="gray.800" fontWeight="medium">
                {c.name}
              </Text>
              <Text color="gray.500">
                {usableText(c, points)}
                {c.expiresAt ? ` · ${formatDate(c.expiresAt)} 前有效` : ''}
              </Text>
            </Box>
            <Button
              size="xs"
              variant="outline"
              colorPalette="brand"
              borderRadius="full"
              flexShrink={0}
              onClick={() => onUse(c)}
            >
              {c.from === 'credit' ? '兑换并使用' : '用在本任务'}
            </Button>
          </Flex>
        ))}
    </Stack>
  );
}

export interface UseCardDialogProps extends BenefitUseView, FlowSheetProps {}

/** The use flow's dialog: checking → confirm → using → used / refused / failed. */
export function UseCardDialog(props: UseCardDialogProps) {
  const { step, card, effect } = props;
  if (step === 'idle' || !card) return null;
  const title = `使用「${card.name}」`;

  if (step === 'checking') return checkingSheet({ title, children: '正在确认这张卡能否用在本任务…' });

  if (step === 'confirming' || step === 'using')
    return confirmSheet({
      title,
      acting: step === 'using',
      actingText: '使用中…',
      confirmLabel: card.from === 'credit' ? `确认花 ${card.creditCost} 权益值使用` : '确认使用',
      flow: props,
      children: (
        <>
          <Text fontSize="15px" color="gray.700">
            {isBoost(card.kind)
              ? `完成本任务后，额外获得 ${effect?.extraPoints ?? 0} 微豆，与任务微豆分开入账。`
              : `本抢答任务对你提前 ${effect?.earlyMinutes ?? card.value} 分钟开放。`}
          </Text>
          {card.from === 'credit' && (
            <Text mt="2" fontSize="14px" color="gray.800" fontWeight="medium">
              将花 {card.creditCost} 权益值领取这张卡并立即用在本任务。
            </Text>
          )}
          <Text mt="2" fontSize="13px" color="gray.500">
            {isBoost(card.kind)
              ? '一个任务只能用一张加成卡；被甄别、配额已满或超时未完成时，卡片退回「我的权益」，可以再用。'
              : '卡片用后不退；任务开始前都有效。'}
          </Text>
        </>
      ),
    });

  if (step === 'used')
    return resultSheet({
      title: '已用在本任务',
      flow: props,
      button: '去做任务',
      role: 'status',
      children: isBoost(card.kind)
        ? `「${card.name}」已用在本任务，完成后额外 +${effect?.extraPoints ?? 0} 微豆。`
        : `「${card.name}」已用在本任务，你可以提前 ${effect?.earlyMinutes ?? card.value} 分钟参加。`,
    });

  if (step === 'refused')
    return resultSheet({
      title: '这张卡不能用在本任务',
      flow: props,
      button: '知道了',
      role: 'alert',
      children: props.reason,
    });

  return retrySheet({
    title: '使用失败',
    error: props.error,
    note: '重试时会先确认这张卡的状态，不会用掉两张卡。',
    flow: props,
  });
}

export interface TaskCardsViewProps extends TaskCardsProps {
  /** The card-use flow (machines/benefitUse.ts) and its handlers. */
  flow: BenefitUseView;
  onConfirm?: () => void;
  onCancel?: () => void;
  onRetry?: () => void;
  onClose?: () => void;
}

/** The task page's cards with their use dialog: what the task page's card panel shows. */
export function TaskCardsView({ flow, onConfirm, onCancel, onRetry, onClose, ...cards }: TaskCardsViewProps) {
  return (
    <>
      <TaskCards {...cards} />
      <UseCardDialog {...flow} onConfirm={onConfirm} onCancel={onCancel} onRetry={onRetry} onClose={onClose} />
    </>
  );
}
