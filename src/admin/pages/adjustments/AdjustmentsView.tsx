import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdjustmentDecisionViewState, DecisionKind } from '../../../../machines/adjustmentDecision';
import type { AdjustmentData } from '../../../../machines/balanceAdjustment';
import { FormAlert } from '../../../components/auth/formParts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ListStates';
import { formatDateTime } from '../../../components/shanghaiTime';
import { TotpPrompt } from '../../../components/TotpPrompt';
import { beans, signedBeans } from '../../app/beans';
import { waited } from '../../app/waited';

export interface AdjustmentsViewProps extends AdjustmentDecisionViewState {
  status: 'loading' | 'ready' | 'error';
  /** The pending requests, newest first. */
  rows: AdjustmentData[];
  /** All pending requests (more than the rows when the list is cut). */
  total: number;
  error: string | null;
  /** The signed-in staff member's login: their own requests cannot be decided by them. */
  me: string;
  now: number;
  onRetry: () => void;
  onDecide: (kind: DecisionKind, adjustment: AdjustmentData) => void;
  onInput: (field: 'reason' | 'code', value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

const memberName = (a: AdjustmentData) => `${a.nickname}（会员号 ${a.memberCode}）`;

const change = (a: AdjustmentData) => (a.amount < 0 ? `扣减 ${beans(-a.amount)}` : `增加 ${beans(a.amount)}`);

function Notice({ notice }: { notice: NonNullable<AdjustmentDecisionViewState['notice']> }) {
  if (notice.kind === 'taken') return <FormAlert tone="info">{notice.message}</FormAlert>;
  const a = notice.adjustment;
  return (
    <Box role="status" px="4" py="3" borderRadius="lg" bg="green.50" color="green.800" fontSize="14px">
      {notice.kind === 'approved'
        ? `已通过：${memberName(a)} ${signedBeans(a.amount)}，已入账`
        : `已驳回：${memberName(a)} ${signedBeans(a.amount)}，未入账`}
    </Box>
  );
}

function Row({
  a,
  mine,
  now,
  onDecide,
}: { a: AdjustmentData; mine: boolean; now: number } & Pick<AdjustmentsViewProps, 'onDecide'>) {
  return (
    <Flex
      data-testid="adjustment-row"
      gap="3"
      px="4"
      py="3"
      borderBottomWidth="1px"
      borderColor="gray.100"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
    >
      <Stack flex="1" minW="0" gap="1">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{a.nickname}</Text>
          <Text color="gray.500" fontSize="13px">
            会员号 {a.memberCode}
          </Text>
          <Badge colorPalette={a.amount < 0 ? 'red' : 'green'} fontSize="14px">
            {signedBeans(a.amount)}
          </Badge>
        </HStack>
        <Text fontSize="14px" wordBreak="break-word">
          原因：{a.reason}
        </Text>
        <Text fontSize="13px" color="gray.600">
          {a.requestedBy} 发起于 {formatDateTime(a.requestedAt)} · 已等待 {waited(a.requestedAt, now)}
        </Text>
      </Stack>
      {mine ? (
        <Text fontSize="13px" color="orange.700" maxW={{ md: '220px' }} data-testid="own-request">
          这是你发起的调整，需由另一位财务或管理员复核
        </Text>
      ) : (
        <HStack gap="2" flexShrink={0}>
          <Button size="sm" colorPalette="brand" onClick={() => onDecide('approve', a)}>
            通过
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDecide('reject', a)}>
            驳回
          </Button>
        </HStack>
      )}
    </Flex>
  );
}

/**
 * 微豆调整复核: the adjustments above the four-eyes threshold that wait for a second account, each
 * with 通过 (written to the ledger) / 驳回, both behind a reason and a fresh code. A staff member's
 * own requests say why they cannot decide them.
 */
export function AdjustmentsView(props: AdjustmentsViewProps) {
  const { status, rows, total, me, now, notice, deciding } = props;
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h1" size="xl">
          微豆调整复核
        </Heading>
        <Text color="gray.600" mt="1" fontSize="14px">
          超过复核门槛的微豆调整由另一位财务或管理员复核：通过后立即入账，驳回则不入账。发起人不能复核自己的调整。
        </Text>
      </Box>
      {notice && <Notice notice={notice} />}
      {status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState
          title="待复核调整加载失败"
          description={props.error ?? undefined}
          onRetry={props.onRetry}
          paddingTop={40}
        />
      ) : rows.length === 0 ? (
        <EmptyState title="没有待复核的调整" description="超过复核门槛的微豆调整会在这里等待复核。" paddingTop={40} />
      ) : (
        <Stack gap="2">
          <Text fontSize="13px" color="gray.600">
            共 {total} 笔待复核{total > rows.length && `，显示最近发起的 ${rows.length} 笔`}
          </Text>
          <Stack gap="0" bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200">
            {rows.map((a) => (
              <Row key={a.id} a={a} mine={a.requestedBy === me} now={now} onDecide={props.onDecide} />
            ))}
          </Stack>
        </Stack>
      )}
      {deciding && (
        <TotpPrompt
          title={`${deciding.kind === 'approve' ? '通过调整' : '驳回调整'}：${deciding.adjustment.nickname}`}
          description={
            deciding.kind === 'approve'
              ? `给${memberName(deciding.adjustment)}${change(deciding.adjustment)}（${deciding.adjustment.requestedBy} 发起，原因：${deciding.adjustment.reason}）。通过后立即入账。`
              : `驳回 ${deciding.adjustment.requestedBy} 发起的调整：给${memberName(deciding.adjustment)}${change(deciding.adjustment)}。驳回后不入账。`
          }
          reason={deciding.reason}
          code={deciding.code}
          reasonLabel={deciding.kind === 'approve' ? '复核意见（写入审计日志）' : '驳回原因（写入审计日志）'}
          fieldsReady={deciding.canSubmit || deciding.busy}
          error={deciding.error}
          busy={deciding.busy}
          confirmLabel={deciding.kind === 'approve' ? '通过并入账' : '确认驳回'}
          onReason={(value) => props.onInput('reason', value)}
          onCode={(value) => props.onInput('code', value)}
          onConfirm={props.onSubmit}
          onCancel={props.onCancel}
        />
      )}
    </Stack>
  );
}
