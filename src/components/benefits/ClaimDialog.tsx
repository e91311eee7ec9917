import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import type { BenefitClaimView } from '../../../machines/benefitClaim';
import { formatDate } from './format';
import { checkingSheet, confirmSheet, resultSheet, retrySheet, RulesHtml, type FlowSheetProps } from './Sheet';

export interface ClaimDialogProps extends BenefitClaimView, FlowSheetProps {}

/** The claim flow's dialog (machines/benefitClaim.ts): checking → confirm → claiming → done / refused / failed. */
export function ClaimDialog(props: ClaimDialogProps) {
  const { step, benefit } = props;
  if (step === 'idle' || !benefit) return null;
  const title = `领取「${benefit.name}」`;

  if (step === 'checking') return checkingSheet({ title, children: '正在确认领取条件…' });

  if (step === 'confirming' || step === 'claiming') {
    const cost = props.creditCost ?? benefit.creditCost;
    const credit = props.credit ?? 0;
    return confirmSheet({
      title,
      acting: step === 'claiming',
      actingText: '领取中…',
      confirmLabel: cost > 0 ? `确认使用 ${cost} 权益值领取` : '确认免费领取',
      flow: props,
      children: (
        <>
          <Stack gap="2" p="4" bg="gray.50" borderRadius="lg" fontSize="14px">
            <Row label="领取消耗" value={cost > 0 ? `${cost} 权益值` : '免费'} />
            <Row label="当前权益值" value={`${credit}`} />
            <Row label="领取后剩余" value={`${Math.max(credit - cost, 0)}`} strong />
          </Stack>
          {props.rules && (
            <Box mt="4">
              <Text fontSize="14px" fontWeight="semibold" color="gray.800" mb="2">
                使用规则
              </Text>
              <RulesHtml html={props.rules} />
            </Box>
          )}
        </>
      ),
    });
  }

  if (step === 'claimed')
    return resultSheet({
      title: '领取成功',
      flow: props,
      button: '好的',
      role: 'status',
      children: (
        <>
          「{props.owned?.name ?? benefit.name}」已放入我的权益
          {props.owned?.expiresAt ? `，有效期至 ${formatDate(props.owned.expiresAt)}` : '，长期有效'}。
        </>
      ),
    });

  if (step === 'refused')
    return resultSheet({
      title: '暂时不能领取',
      flow: props,
      button: '知道了',
      role: 'alert',
      note: props.creditCost !== null && props.credit !== null && props.credit < props.creditCost && (
        <>
          需要 {props.creditCost} 权益值，当前 {props.credit}。完成任务、保持答题质量、邀请好友都能获得权益值。
        </>
      ),
      children: props.reason,
    });

  return retrySheet({
    title: '领取失败',
    error: props.error,
    note: '重试时会重新确认领取条件，不会重复扣减权益值。',
    flow: props,
  });
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between">
      <Text color="gray.500">{label}</Text>
      <Text color={strong ? 'brand.700' : 'gray.800'} fontWeight={strong ? 'semibold' : 'medium'}>
        {value}
      </Text>
    </Flex>
  );
}
