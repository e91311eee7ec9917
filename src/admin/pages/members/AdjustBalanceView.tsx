import { Box, Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdjustDirection, AdjustField, AdjustStep, AdjustmentData } from '../../../../machines/balanceAdjustment';
import { FormAlert } from '../../../components/auth/formParts';
import { ModalBackdrop, useEscapeKey } from '../../../components/ModalBackdrop';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import { TotpPrompt } from '../../../components/TotpPrompt';
import { UncertainSubmit } from '../../../components/UncertainSubmit';
import { beans, signedBeans } from '../../app/beans';

const Input = chakra('input', {
  base: { ...nativeFieldStyle, height: '40px', fontSize: '15px', px: '3', width: '100%' },
});
const Radio = chakra('input', { base: { width: '16px', height: '16px', m: '0', accentColor: 'brand.600' } });

export interface AdjustBalanceViewProps {
  /** Who the change is for, as the page names the member (昵称 · 会员号). */
  memberLabel: string;
  step: AdjustStep;
  busy: boolean;
  balance: number;
  direction: AdjustDirection;
  amount: string;
  reason: string;
  code: string;
  amountProblem: string | null;
  balanceAfter: number | null;
  canSubmit: boolean;
  error: string | null;
  result: AdjustmentData | null;
  onOpen: () => void;
  onInput: (field: AdjustField, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onClose: () => void;
}

const DIRECTIONS: { value: AdjustDirection; label: string }[] = [
  { value: 'credit', label: '增加' },
  { value: 'debit', label: '扣减' },
];

/** The ending of a request: applied, waiting for a second account, or not known. */
function Outcome(props: AdjustBalanceViewProps) {
  const { step, result, memberLabel, onClose } = props;
  useEscapeKey(onClose);
  const title = step === 'applied' ? '已入账' : step === 'awaitingApproval' ? '已提交复核' : '没有收到结果';
  return (
    <ModalBackdrop onDismiss={onClose}>
      <Box
        role="dialog"
        aria-modal="true"
        aria-label={title}
        bg="white"
        width={{ base: '100%', md: '440px' }}
        borderRadius={{ base: '16px 16px 0 0', md: 'xl' }}
        p="5"
      >
        <Stack gap="3">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {step === 'applied' && result && (
            <Text fontSize="14px" role="status">
              {memberLabel} {signedBeans(result.amount)}，已记入会员的微豆明细。
            </Text>
          )}
          {step === 'awaitingApproval' && result && (
            <Text fontSize="14px" role="status">
              {memberLabel} {signedBeans(result.amount)}{' '}
              超过复核门槛，需另一位财务或管理员在「微豆调整复核」里通过后才入账。你不能复核自己发起的调整。
            </Text>
          )}
          {step === 'uncertain' && (
            <UncertainSubmit>
              网络不太稳定，没能确认这笔调整是否已提交。请先查看会员的微豆明细和待复核调整，确认没有生效后再重新发起，以免重复调整。
            </UncertainSubmit>
          )}
          <HStack justify="flex-end">
            <Button colorPalette="brand" onClick={onClose}>
              {step === 'uncertain' ? '关闭并刷新' : '完成'}
            </Button>
          </HStack>
        </Stack>
      </Box>
    </ModalBackdrop>
  );
}

/**
 * 调整微豆 on the member page: the button, then the dialog (增加/扣减, the amount, the reason the
 * member reads, a fresh code), then what happened. Props only; machines/balanceAdjustment.ts runs it.
 */
export function AdjustBalanceView(props: AdjustBalanceViewProps) {
  const { step, busy, balance, direction, amount, amountProblem, balanceAfter } = props;
  return (
    <>
      <Button size="sm" variant="outline" onClick={props.onOpen} disabled={step !== 'closed'}>
        调整微豆
      </Button>
      {step === 'editing' && (
        <TotpPrompt
          title={`调整微豆：${props.memberLabel}`}
          description="增加或扣减会员的微豆，记入会员的微豆明细。超过复核门槛的调整需另一位财务或管理员复核后才入账。"
          reason={props.reason}
          code={props.code}
          reasonLabel="原因（会员在微豆明细里看到，并写入审计日志）"
          fieldsReady={props.canSubmit || busy}
          error={props.error}
          busy={busy}
          confirmLabel="提交调整"
          onReason={(value) => props.onInput('reason', value)}
          onCode={(value) => props.onInput('code', value)}
          onConfirm={props.onSubmit}
          onCancel={props.onCancel}
        >
          <Box as="fieldset">
            <Text as="legend" fontSize="13px" color="gray.600" mb="1">
              调整方向
            </Text>
            <HStack gap="5">
              {DIRECTIONS.map((d) => (
                <HStack as="label" key={d.value} gap="1.5" fontSize="15px">
                  <Radio
                    type="radio"
                    name="direction"
                    value={d.value}
                    checked={direction === d.value}
                    disabled={busy}
                    onChange={() => props.onInput('direction', d.value)}
                  />
                  {d.label}
                </HStack>
              ))}
            </HStack>
          </Box>
          <Box as="label" display="block">
            <Text fontSize="13px" color="gray.600" mb="1">
              {direction === 'debit' ? '扣减' : '增加'}数量（微豆）
            </Text>
            <Input
              name="amount"
              inputMode="numeric"
              placeholder="整数，例如 200"
              value={amount}
              disabled={busy}
              aria-invalid={amountProblem ? true : undefined}
              onChange={(e) => props.onInput('amount', e.target.value)}
            />
          </Box>
          {amountProblem ? (
            <FormAlert>{amountProblem}</FormAlert>
          ) : (
            <Text fontSize="13px" color="gray.600" data-testid="balance-line">
              当前余额 {beans(balance)}
              {balanceAfter !== null && `，调整后 ${beans(balanceAfter)}`}
            </Text>
          )}
        </TotpPrompt>
      )}
      {(step === 'applied' || step === 'awaitingApproval' || step === 'uncertain') && <Outcome {...props} />}
    </>
  );
}
