import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { FeedbackDetail, MoveKind } from '../../../machines/feedback';
import { FeedbackCategory } from '../../../openapi/enums';
import { RATING_COMMENT_MAX, REOPEN_DAYS, REPLY_TEXT } from '../../../openapi/rules/feedback';
import { FormAlert } from '../../components/auth/formParts';
import { Panel } from '../../components/exchange/parts';
import {
  CountedText,
  FeedbackTimeline,
  RecordCard,
  StarRating,
  Thread,
  TicketImages,
  nextStep,
} from '../../components/feedback/parts';
import { FeedbackStateBadge } from '../../components/feedback/FeedbackStateBadge';
import { ScreenshotPicker } from '../../components/feedback/ScreenshotPicker';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import { BackLink } from '../../components/BackLink';
import type { FeedbackProps } from '../../flows/useFeedback';

export interface FeedbackDetailViewProps extends FeedbackProps {
  /** Now (ms), for the days left before 待确认 confirms itself. */
  now: number;
  /** 我的反馈, when that page is routed. */
  listPath?: string | null;
  /** 提交反馈 (a new ticket once this one can no longer be reopened). */
  askPath?: string | null;
}

/** The reply box's words per state: adding to a ticket an operator has, answering, or "not solved". */
function replyWords(state: FeedbackDetail['state']) {
  if (state === 3) return { title: '回复客服', placeholder: '回答客服的问题，可以附上截图', button: '提交回复' };
  if (state === 4)
    return { title: '还没解决？', placeholder: '说说哪里还没有解决，客服会继续处理', button: '还没解决，继续反馈' };
  return { title: '补充说明', placeholder: '还有想补充的内容？可以附上截图', button: '提交补充' };
}

/** `/home/feedback/{id}`: the ticket, its thread and progress, and the moves its state allows. */
export function FeedbackDetailView(props: FeedbackDetailViewProps) {
  const { status, ticket } = props;
  let body: React.ReactNode;
  if (status === 'notFound')
    body = (
      <WhiteCard>
        <EmptyState
          paddingTop={60}
          title="反馈不存在"
          description="这条反馈可能不是你提交的，或者链接有误。"
          link={props.listPath ? { to: props.listPath, label: '回到我的反馈' } : undefined}
        />
      </WhiteCard>
    );
  else if (status === 'loadFailed' || (!ticket && status !== 'loading'))
    body = (
      <WhiteCard>
        <ErrorState
          paddingTop={60}
          title="反馈加载失败"
          description={props.error || undefined}
          onRetry={props.onRetry}
        />
      </WhiteCard>
    );
  else if (!ticket)
    body = (
      <WhiteCard>
        <LoadingState label="正在加载反馈…" paddingTop={60} />
      </WhiteCard>
    );
  else body = <Ticket {...props} ticket={ticket} />;

  return (
    <Stack gap={{ base: '3', md: '4' }}>
      {props.listPath && <BackLink to={props.listPath}>返回我的反馈</BackLink>}
      {body}
    </Stack>
  );
}

function Ticket(props: FeedbackDetailViewProps & { ticket: FeedbackDetail }) {
  const { ticket, sending } = props;
  // While a move is on its way, or the ticket is read again, the forms stay where they were
  // (disabled): the server's word on them.
  const frozen = sending !== null || props.status === 'loading';
  const offered = (can: boolean, kind: keyof FeedbackDetail['can']) => can || (frozen && ticket.can[kind]);
  const showReply = offered(props.canReply, 'reply');
  const showConfirm = offered(props.canConfirm, 'confirm');
  const showReopen = offered(props.canReopen, 'reopen');
  const showRate = ticket.rating === null && offered(props.canRate, 'rate');
  const busy = frozen;
  const words = replyWords(ticket.state);
  const closed = ticket.state === 5;

  return (
    <>
      <WhiteCard px={{ base: '4', md: '8' }} py={{ base: '5', md: '7' }} data-testid="ticket">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Box minW="0">
            <Flex align="center" gap="2" wrap="wrap">
              <FeedbackStateBadge state={ticket.state} />
              <Text textStyle="caption.soft">
                {FeedbackCategory.labels[ticket.category]} · 提交于 {formatDateTime(ticket.createdAt)}
              </Text>
            </Flex>
            <Heading as="h1" mt="2" fontSize={{ base: '18px', md: '20px' }} lineHeight="1.45" color="ink">
              {ticket.summary}
            </Heading>
          </Box>
          {props.canRefresh && (
            <Button
              size="xs"
              variant="outline"
              borderRadius="full"
              flexShrink={0}
              loading={props.status === 'loading'}
              onClick={props.onRefresh}
            >
              刷新
            </Button>
          )}
        </Flex>
        <Box
          mt="3"
          px="3.5"
          py="2.5"
          borderRadius="lg"
          bg={ticket.awaitingMe ? 'orange.50' : 'gray.50'}
          color={ticket.awaitingMe ? 'orange.800' : 'gray.700'}
          fontSize="14px"
          data-testid="next-step"
        >
          {nextStep(ticket, props.now, showReopen)}
        </Box>
        {props.notice && (
          <Box mt="3">
            <FormAlert tone="info">{props.notice}，已为你显示最新状态。</FormAlert>
          </Box>
        )}
        {props.refreshError && (
          <Box mt="3">
            <FormAlert>刷新失败：{props.refreshError}</FormAlert>
          </Box>
        )}
        <Box mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100">
          <Text textStyle="small.soft" mb="1">
            问题描述
          </Text>
          <Text fontSize="15px" color="gray.800" whiteSpace="pre-wrap" wordBreak="break-word">
            {ticket.content}
          </Text>
          <TicketImages images={ticket.images} label="反馈截图" />
          {ticket.record && (
            <Box mt="4">
              <RecordCard record={ticket.record} />
            </Box>
          )}
        </Box>
      </WhiteCard>

      <Panel title="沟通记录">
        <Thread posts={ticket.posts} />
      </Panel>

      {(showReply || showConfirm || showReopen || closed) && (
        <Panel title={closed ? '处理结果' : '我的操作'} data-testid="actions">
          <Stack gap="6">
            {showConfirm && (
              <Flex
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'stretch', sm: 'center' }}
                justify="space-between"
                gap="3"
                bg="purple.50"
                borderRadius="lg"
                px="4"
                py="3"
              >
                <Text fontSize="14px" color="gray.800">
                  客服的处理解决你的问题了吗？
                </Text>
                <Button
                  colorPalette="brand"
                  borderRadius="full"
                  px="6"
                  loading={sending === 'confirm'}
                  loadingText="正在确认…"
                  disabled={busy || !props.canConfirm}
                  onClick={props.onConfirm}
                >
                  已解决
                </Button>
              </Flex>
            )}

            {showReply && (
              <Stack gap="3" as="section" aria-label={words.title}>
                <CountedText
                  label={words.title}
                  value={props.reply}
                  max={REPLY_TEXT.max}
                  rows={4}
                  placeholder={words.placeholder}
                  error={props.replyErrors.content}
                  disabled={busy}
                  onChange={props.onReplyText}
                />
                <ScreenshotPicker
                  shots={props.shots}
                  previews={props.previews}
                  notice={props.shotsNotice}
                  error={props.replyErrors.images}
                  canAdd={props.canAddScreenshots}
                  disabled={busy}
                  label="选择回复的截图"
                  onAdd={props.onAddScreenshots}
                  onRemove={props.onRemoveScreenshot}
                  onRetry={props.onRetryScreenshot}
                />
                <MoveButton
                  kind="reply"
                  sending={sending}
                  frozen={busy}
                  can={props.canReply}
                  variant={ticket.state === 4 ? 'outline' : 'solid'}
                  onClick={props.onReply}
                >
                  {words.button}
                </MoveButton>
              </Stack>
            )}

            {closed && <Rating {...props} show={showRate} />}

            {showReopen && (
              <Stack gap="3" as="section" aria-label="重新打开">
                <CountedText
                  label="问题又出现了？说明原因后可以重新打开"
                  value={props.reason}
                  max={REPLY_TEXT.max}
                  rows={3}
                  placeholder="说说哪里还没有解决"
                  error={props.reopenErrors.content}
                  disabled={busy}
                  onChange={props.onReasonText}
                />
                <MoveButton
                  kind="reopen"
                  sending={sending}
                  frozen={busy}
                  can={props.canReopen}
                  variant="outline"
                  onClick={props.onReopen}
                >
                  重新打开
                </MoveButton>
              </Stack>
            )}
            {closed && !showReopen && (
              <Text textStyle="caption.muted" data-testid="reopen-closed">
                已超过 {REOPEN_DAYS} 天的重新打开期限。如果还有问题，请
                {props.askPath ? (
                  <Box as="span" color="brand.600" _hover={{ textDecoration: 'underline' }}>
                    <RouterLink to={props.askPath}>提交一条新的反馈</RouterLink>
                  </Box>
                ) : (
                  '提交一条新的反馈'
                )}
                。
              </Text>
            )}

            {props.actionError && <FormAlert>{props.actionError}</FormAlert>}
          </Stack>
        </Panel>
      )}

      <Panel title="处理进度">
        <FeedbackTimeline moves={ticket.moves} />
      </Panel>
    </>
  );
}

/** 评价: the stars and comment given, or the form to give them once. */
function Rating(props: FeedbackDetailViewProps & { ticket: FeedbackDetail; show: boolean }) {
  const { ticket, sending } = props;
  if (ticket.rating)
    return (
      <Box data-testid="rating">
        <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1">
          我的评价
        </Text>
        <StarRating stars={ticket.rating.stars} />
        {ticket.rating.comment && (
          <Text mt="1" fontSize="14px" color="gray.700">
            {ticket.rating.comment}
          </Text>
        )}
      </Box>
    );
  if (!props.show) return null;
  const busy = sending !== null || props.status === 'loading';
  return (
    <Stack gap="3" as="section" aria-label="评价客服的处理">
      <Box>
        <Text fontSize="14px" fontWeight="medium" color="gray.800" mb="1">
          评价客服的处理
        </Text>
        <StarRating stars={props.stars} disabled={busy} onStars={props.onStars} />
        {props.rateErrors.stars && (
          <Text role="alert" mt="1" fontSize="13px" color="red.600">
            {props.rateErrors.stars}
          </Text>
        )}
      </Box>
      <CountedText
        label="评价内容（选填）"
        value={props.comment}
        max={RATING_COMMENT_MAX}
        rows={2}
        placeholder="说说你对这次处理的感受"
        error={props.rateErrors.comment}
        disabled={busy}
        onChange={props.onCommentText}
      />
      <MoveButton kind="rate" sending={sending} frozen={busy} can={props.canRate} onClick={props.onRate}>
        提交评价
      </MoveButton>
    </Stack>
  );
}

/** The button of one move: busy while that move is on its way, unusable while any is. */
function MoveButton({
  kind,
  sending,
  frozen,
  can,
  variant = 'solid',
  onClick,
  children,
}: {
  kind: MoveKind;
  sending: MoveKind | null;
  frozen: boolean;
  can: boolean;
  variant?: 'solid' | 'outline';
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Box>
      <Button
        colorPalette="brand"
        variant={variant}
        borderRadius="full"
        px="6"
        loading={sending === kind}
        loadingText="正在提交…"
        disabled={frozen || !can}
        onClick={onClick}
      >
        {children}
      </Button>
    </Box>
  );
}
