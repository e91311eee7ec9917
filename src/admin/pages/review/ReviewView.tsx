import { Badge, Box, Button, chakra, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ExchangeReviewViewState, ReviewNotice, ReviewQueueRow } from '../../../../machines/exchangeReview';
import { ExchangeState, ExchangeType } from '../../../../openapi/enums';
import { exchangeNumber } from '../../../../openapi/rules/exchangeNumber';
import { RISK_LEVEL_LABELS, type RiskFlag, type RiskLevel } from '../../../../openapi/rules/risk';
import { FormAlert } from '../../../components/auth/formParts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ListStates';
import { formatDateTime } from '../../../components/shanghaiTime';
import { TotpPrompt } from '../../../components/TotpPrompt';
import { waited } from '../../app/waited';

export interface ReviewViewProps extends ExchangeReviewViewState {
  onPage: (page: number) => void;
  onRetry: () => void;
  onSelect: (id: number) => void;
  onClose: () => void;
  onCheck: (id: number, checked: boolean) => void;
  onCheckAllLow: () => void;
  onClearChecks: () => void;
  onApprove: () => void;
  onReject: () => void;
  onBulk: () => void;
  onReason: (value: string) => void;
  onCode: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}

type Signal = ReviewQueueRow['risk']['signals'][number];
type StateValue = keyof typeof ExchangeState.labels;

const LEVEL_PALETTE: Record<RiskLevel, string> = { low: 'green', medium: 'orange', high: 'red' };
const FLAG_TEXT: Record<RiskFlag, { word: string; palette: string }> = {
  none: { word: '正常', palette: 'gray' },
  watch: { word: '需留意', palette: 'orange' },
  alert: { word: '高风险', palette: 'red' },
};
const STATE_PALETTE: Record<StateValue, string> = { 0: 'orange', 1: 'green', 2: 'blue', 3: 'gray', 4: 'red', 5: 'red' };

const stateText = (state: number) => ExchangeState.labels[state as StateValue] ?? '未知';
const numberOf = (id: number, createdAt: number | null) =>
  createdAt === null ? `兑换单 ${id}` : `兑换单 ${exchangeNumber(id, createdAt)}`;
const yuan = (fen: number) => `${Number.isInteger(fen / 100) ? fen / 100 : (fen / 100).toFixed(2)} 元`;
/** 等待 3 小时, from the milliseconds the server measured. */
const ageText = (ageMs: number) => `等待 ${waited(0, ageMs)}`;

function RiskBadge({ level }: { level: RiskLevel }) {
  return (
    <Badge colorPalette={LEVEL_PALETTE[level]} variant="solid" data-testid="risk-level">
      风险{RISK_LEVEL_LABELS[level]}
    </Badge>
  );
}

/** The notice of the last decision, in the words staff use. */
function noticeText(n: ReviewNotice): { tone: 'info' | 'error'; text: string; lines?: string[] } {
  switch (n.kind) {
    case 'approved': {
      const what = numberOf(n.decision.id, n.createdAt);
      if (n.decision.waitingForCode)
        return { tone: 'info', text: `${what} 已通过；卡密暂时发完，导入后自动发给会员。` };
      return {
        tone: 'info',
        text: `${what} 已通过，现在为「${stateText(n.decision.state)}」，会员会收到站内消息。`,
      };
    }
    case 'rejected':
      return {
        tone: 'info',
        text: `${numberOf(n.decision.id, n.createdAt)} 已驳回，已退还 ${n.decision.refunded} 微豆，会员会收到驳回原因。`,
      };
    case 'conflict':
      return {
        tone: 'error',
        text: `${numberOf(n.id, n.createdAt)} 刚刚已被其他同事处理，你的操作没有生效。队列和这笔兑换已刷新，请查看它现在的状态。`,
      };
    case 'refused':
      return { tone: 'error', text: `${numberOf(n.id, n.createdAt)} 未能处理：${n.message}` };
    case 'bulk': {
      const { approved, skipped } = n.result;
      return {
        tone: skipped.length ? 'error' : 'info',
        text: `批量通过：已通过 ${approved.length} 笔${skipped.length ? `，${skipped.length} 笔未通过` : ''}。`,
        lines: skipped.map((s) => `${numberOf(s.id, n.createdAt[s.id] ?? null)}：${s.reason}`),
      };
    }
  }
}

function Notice({ notice, onDismiss }: { notice: ReviewNotice; onDismiss: () => void }) {
  const { tone, text, lines } = noticeText(notice);
  return (
    <FormAlert tone={tone}>
      <Flex gap="3" align="flex-start" justify="space-between">
        <Box minW="0">
          <Text>{text}</Text>
          {lines && lines.length > 0 && (
            <Stack as="ul" gap="0.5" mt="1" ps="4" fontSize="13px">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Stack>
          )}
        </Box>
        <Button size="2xs" variant="ghost" onClick={onDismiss} flexShrink={0}>
          知道了
        </Button>
      </Flex>
    </FormAlert>
  );
}

/** One signal with its evidence: its name, the verdict, the sentence, the other accounts. */
function SignalRow({ signal }: { signal: Signal }) {
  const flag = FLAG_TEXT[signal.flag];
  return (
    <Box as="li" py="2" borderBottomWidth="1px" borderColor="gray.100" data-testid="risk-signal">
      <HStack gap="2" flexWrap="wrap">
        <Text fontSize="14px" fontWeight="semibold">
          {signal.label}
        </Text>
        {signal.flag !== 'none' && (
          <Badge colorPalette={flag.palette} size="sm">
            {flag.word}
          </Badge>
        )}
      </HStack>
      <Text fontSize="14px" color="gray.700">
        {signal.summary}
      </Text>
      {signal.members.length > 0 && (
        <Text fontSize="13px" color="gray.600" wordBreak="break-all">
          涉及账号：{signal.members.map((m) => m.memberCode).join('、')}
          {signal.count !== null && signal.count > signal.members.length ? ` 等 ${signal.count} 个` : ''}
        </Text>
      )}
    </Box>
  );
}

/** The flagged signals of a row, in a line each (the queue's summary beside the row). */
function FlaggedSummary({ row }: { row: ReviewQueueRow }) {
  const flagged = row.risk.signals.filter((s) => s.flag !== 'none');
  if (flagged.length === 0)
    return (
      <Text fontSize="13px" color="gray.600">
        各项信号正常
      </Text>
    );
  return (
    <Stack as="ul" gap="0" fontSize="13px" listStyleType="none">
      {flagged.map((s) => (
        <Text as="li" key={s.key} color={s.flag === 'alert' ? 'red.700' : 'orange.700'}>
          {s.label}：{s.summary}
        </Text>
      ))}
    </Stack>
  );
}

function QueueRow(props: {
  row: ReviewQueueRow;
  open: boolean;
  checked: boolean;
  onSelect: () => void;
  onCheck: (checked: boolean) => void;
}) {
  const { row, open, checked } = props;
  const number = exchangeNumber(row.id, row.createdAt);
  const low = row.risk.level === 'low';
  return (
    <Flex
      data-testid="review-row"
      gap="3"
      px="3"
      py="3"
      borderBottomWidth="1px"
      borderColor="gray.100"
      bg={open ? 'brand.50' : 'white'}
      align="flex-start"
    >
      <Box pt="1" flexShrink={0}>
        <input
          type="checkbox"
          aria-label={low ? `选择 ${number} 批量通过` : `${number} 不是低风险，需逐条审核`}
          title={low ? undefined : '只有低风险的兑换可以批量通过'}
          checked={checked}
          disabled={!low}
          onChange={(e) => props.onCheck(e.target.checked)}
        />
      </Box>
      <chakra.button
        type="button"
        flex="1"
        minW="0"
        textAlign="left"
        aria-expanded={open}
        aria-label={`查看 ${number} 的审核信息`}
        onClick={props.onSelect}
      >
        <Flex gap="2" justify="space-between" align="flex-start">
          <Box minW="0">
            <Text fontWeight="semibold">
              {row.member.nickname}
              <Text as="span" fontWeight="normal" color="gray.600" fontSize="13px" ms="2">
                {row.member.memberCode}
                {row.member.mobile ? ` · ${row.member.mobile}` : ''}
              </Text>
            </Text>
            <Text fontSize="14px">{row.reward.title}</Text>
            <Text fontSize="13px" color="gray.600">
              {ExchangeType.labels[row.reward.type]} · 面值 {yuan(row.reward.faceValue)} · {row.points} 微豆
            </Text>
          </Box>
          <Stack gap="1" align="flex-end" flexShrink={0}>
            <RiskBadge level={row.risk.level} />
            <Text fontSize="13px" color="gray.600" whiteSpace="nowrap">
              {ageText(row.ageMs)}
            </Text>
          </Stack>
        </Flex>
        <Box mt="1">
          <FlaggedSummary row={row} />
        </Box>
      </chakra.button>
    </Flex>
  );
}

function Detail(props: ReviewViewProps) {
  const { selected: row, item, itemStatus } = props;
  if (!row)
    return itemStatus === 'failed' ? (
      <ErrorState title="这笔兑换加载失败" description={props.itemError ?? undefined} paddingTop={24} />
    ) : itemStatus === 'loading' ? (
      <LoadingState paddingTop={24} />
    ) : (
      <Text color="gray.600" py="8" textAlign="center">
        在左侧选择一笔兑换，查看会员的风险信号。
      </Text>
    );
  const number = exchangeNumber(row.id, row.createdAt);
  const pending = row.state === ExchangeState.values.PENDING_REVIEW;
  return (
    <Stack gap="3" data-testid="review-detail" aria-label={`${number} 的审核信息`} as="section">
      <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          {number}
        </Heading>
        <HStack gap="2">
          <Badge colorPalette={STATE_PALETTE[row.state as StateValue] ?? 'gray'}>{stateText(row.state)}</Badge>
          <RiskBadge level={row.risk.level} />
        </HStack>
      </Flex>
      <Stack gap="0.5" fontSize="14px">
        <Text>
          会员：{row.member.nickname}（{row.member.memberCode}）{row.member.mobile ? ` · ${row.member.mobile}` : ''}
        </Text>
        <Text>
          兑换：{row.reward.title} · {ExchangeType.labels[row.reward.type]} · 面值 {yuan(row.reward.faceValue)} ·{' '}
          {row.points} 微豆
        </Text>
        <Text color="gray.600">
          下单于 {formatDateTime(row.createdAt)}
          {pending ? ` · ${ageText(row.ageMs)}` : ''}
        </Text>
        {item && (
          <>
            <Text color="gray.600">
              实名：
              {item.identity ? `${item.identity.realName} · ${item.identity.idNumberMasked}` : '未实名认证'} · 当前可用{' '}
              {item.balance} 微豆
            </Text>
          </>
        )}
      </Stack>
      {pending ? (
        <HStack gap="2">
          <Button
            colorPalette="brand"
            size="sm"
            onClick={props.onApprove}
            disabled={!props.canApprove}
            loading={props.approving === row.id}
            loadingText="正在通过…"
          >
            通过
          </Button>
          <Button colorPalette="red" variant="outline" size="sm" onClick={props.onReject} disabled={!props.canReject}>
            驳回
          </Button>
        </HStack>
      ) : (
        <FormAlert tone="info">这笔兑换已处理，现在为「{stateText(row.state)}」。</FormAlert>
      )}
      <Box>
        <Text fontWeight="semibold" mb="1">
          风险信号
        </Text>
        {row.risk.signals.length === 0 ? (
          <Text fontSize="14px" color="gray.600">
            没有可判断的信号。
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none">
            {row.risk.signals.map((s) => (
              <SignalRow key={s.key} signal={s} />
            ))}
          </Stack>
        )}
        {itemStatus === 'loading' && (
          <Text fontSize="13px" color="gray.500" mt="1">
            正在读取完整的证据…
          </Text>
        )}
        {itemStatus === 'failed' && (
          <Text fontSize="13px" color="red.700" mt="1" role="alert">
            完整信息加载失败：{props.itemError}
          </Text>
        )}
      </Box>
      {item && item.events.length > 0 && (
        <Box>
          <Text fontWeight="semibold" mb="1">
            处理记录
          </Text>
          <Stack as="ol" gap="1" fontSize="13px" color="gray.700" ps="0" listStyleType="none">
            {item.events.map((e, i) => (
              <li key={i}>
                {formatDateTime(e.at)} · {e.actor} · {e.from === null ? '下单' : `${stateText(e.from)} → `}
                {e.from === null ? `（${stateText(e.to)}）` : stateText(e.to)}
                {e.reason ? ` · ${e.reason}` : ''}
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

/**
 * 兑换审核: the pending exchanges oldest first with their age and risk; one opened beside the queue
 * (on a phone, in its place) with every signal and its evidence; 通过 / 驳回; checked low-risk rows
 * approved at once with a fresh authenticator code.
 */
export function ReviewView(props: ReviewViewProps) {
  const { status, rows, total, page, pageCount, checked, dialog, notice, selectedId } = props;
  const open = selectedId !== null;
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h1" size="xl">
          兑换审核
        </Heading>
        <Text color="gray.600" mt="1">
          待审核的兑换，最早的在前。低风险的可以勾选后批量通过。
        </Text>
      </Box>
      {notice && <Notice notice={notice} onDismiss={props.onDismiss} />}
      {status === 'loading' ? (
        <LoadingState paddingTop={40} />
      ) : status === 'error' ? (
        <ErrorState
          title="审核队列加载失败"
          description={props.queueError ?? undefined}
          onRetry={props.onRetry}
          paddingTop={40}
        />
      ) : (
        <Flex gap="4" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
          <Stack gap="3" flex="1" minW="0" width="100%" display={{ base: open ? 'none' : 'flex', lg: 'flex' }}>
            {rows.length > 0 && (
              <Flex
                gap="2"
                align="center"
                justify="space-between"
                flexWrap="wrap"
                bg="white"
                px="3"
                py="2"
                borderRadius="lg"
                borderWidth="1px"
                borderColor="gray.200"
              >
                <Text fontSize="14px" color="gray.700">
                  {checked.length ? `已选 ${checked.length} 笔低风险兑换` : '勾选低风险的兑换可批量通过'}
                </Text>
                <HStack gap="2" flexWrap="wrap">
                  <Button size="xs" variant="outline" onClick={props.onCheckAllLow} disabled={!props.canCheckAllLow}>
                    选中本页低风险
                  </Button>
                  {checked.length > 0 && (
                    <Button size="xs" variant="ghost" onClick={props.onClearChecks}>
                      清除选择
                    </Button>
                  )}
                  <Button size="xs" colorPalette="brand" onClick={props.onBulk} disabled={!props.canBulk}>
                    批量通过{checked.length ? `（${checked.length}）` : ''}
                  </Button>
                </HStack>
              </Flex>
            )}
            {rows.length === 0 ? (
              <EmptyState
                title="没有待审核的兑换"
                description={page > 1 ? '这一页已经没有了。' : '新的兑换需要审核时会出现在这里。'}
                paddingTop={40}
                action={
                  page > 1 ? (
                    <Button size="sm" variant="outline" onClick={() => props.onPage(1)}>
                      回到第一页
                    </Button>
                  ) : undefined
                }
              />
            ) : (
              <Box
                bg="white"
                borderRadius="lg"
                borderWidth="1px"
                borderColor="gray.200"
                overflow="hidden"
                aria-busy={props.refreshing}
                opacity={props.refreshing ? 0.7 : 1}
              >
                {rows.map((row) => (
                  <QueueRow
                    key={row.id}
                    row={row}
                    open={row.id === selectedId}
                    checked={checked.includes(row.id)}
                    onSelect={() => props.onSelect(row.id)}
                    onCheck={(on) => props.onCheck(row.id, on)}
                  />
                ))}
              </Box>
            )}
            {total > 0 && (
              <Flex justify="space-between" align="center" gap="2" flexWrap="wrap">
                <Text fontSize="14px" color="gray.600">
                  第 {page} / {pageCount} 页，共 {total} 笔待审核
                </Text>
                <HStack gap="2">
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
                    上一页
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page >= pageCount}
                    onClick={() => props.onPage(page + 1)}
                  >
                    下一页
                  </Button>
                </HStack>
              </Flex>
            )}
          </Stack>
          <Box
            width={{ base: '100%', lg: '440px' }}
            flexShrink={0}
            bg="white"
            p="4"
            borderRadius="lg"
            borderWidth="1px"
            borderColor="gray.200"
            position={{ lg: 'sticky' }}
            top={{ lg: '4' }}
            display={{ base: open ? 'block' : 'none', lg: 'block' }}
          >
            {open && (
              <Button size="xs" variant="ghost" mb="2" ms="-2" onClick={props.onClose} display={{ lg: 'none' }}>
                ‹ 返回队列
              </Button>
            )}
            <Detail {...props} />
          </Box>
        </Flex>
      )}
      {dialog?.kind === 'reject' && (
        <TotpPrompt
          title="驳回兑换"
          description="驳回后退还会员的微豆、恢复库存，会员会在站内消息里看到驳回原因。"
          withCode={false}
          reasonLabel="驳回原因（会告诉会员，并写入审计日志）"
          reason={dialog.reason}
          code=""
          error={dialog.error}
          busy={dialog.busy}
          confirmLabel="驳回"
          onReason={props.onReason}
          onCode={props.onCode}
          onConfirm={props.onSubmit}
          onCancel={props.onCancel}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <TotpPrompt
          title={`批量通过 ${dialog.ids.length} 笔兑换`}
          description="提交时会重新判断每一笔的风险：不是低风险或已被其他同事处理的会跳过，并告诉你原因。"
          withReason={false}
          reason=""
          code={dialog.code}
          error={dialog.error}
          busy={dialog.busy}
          confirmLabel="批量通过"
          onReason={props.onReason}
          onCode={props.onCode}
          onConfirm={props.onSubmit}
          onCancel={props.onCancel}
        />
      )}
    </Stack>
  );
}
