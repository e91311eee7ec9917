import { Badge, Box, Button, Flex, Grid, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { FeedbackDetail, FeedbackRecord } from '../../../machines/feedback';
import { FeedbackState } from '../../../openapi/enums';
import { AUTO_CONFIRM_DAYS } from '../../../openapi/rules/feedback';
import { routedHref } from '../../routing/paths';
import { QuestionError, TextArea } from '../poll/controls';
import { formatDateTime } from '../shanghaiTime';
import { Timeline } from '../Timeline';
import { STATE_PALETTE } from './FeedbackStateBadge';

/** Building blocks of the feedback pages (the form and the ticket). All props-only. */

const DAY = 86_400_000;

/** What happens next, one line per state (待确认 counts the days left before it confirms itself). */
export function nextStep(ticket: FeedbackDetail, now: number, reopenOpen: boolean): string {
  switch (ticket.state) {
    case 0:
      return '客服会尽快受理你的反馈，一般在 1 个工作日内；有进展会通过消息通知你。';
    case 1:
      return '客服已受理，正在安排处理；有进展会通过消息通知你。';
    case 2:
      return '客服正在处理，可能需要向合作方核实，有结果会通过消息通知你。';
    case 3:
      return '客服需要你补充信息，请在下方回复，回复后客服会继续处理。';
    case 4: {
      const days =
        ticket.autoConfirmAt === null ? AUTO_CONFIRM_DAYS : Math.max(1, Math.ceil((ticket.autoConfirmAt - now) / DAY));
      return `客服已给出处理结果，请确认是否解决；${days} 天后未确认将自动确认。`;
    }
    case 5:
      if (reopenOpen && ticket.reopenUntil !== null)
        return `问题已解决。如果还有问题，可在 ${formatDateTime(ticket.reopenUntil)} 前重新打开。`;
      return '问题已解决，这条反馈已经关闭。';
  }
}

const KIND_LABEL: Record<FeedbackRecord['kind'], string> = {
  task: '任务记录',
  exchange: '兑换记录',
  benefit: '权益记录',
};

/** The record a ticket is about: what it is, its one-line state, when, and the way to it when routed. */
export function RecordCard({ record }: { record: FeedbackRecord }) {
  const link = record.link ? routedHref(record.link) : undefined;
  return (
    <Flex
      data-testid="record-card"
      gap="3"
      align="center"
      borderWidth="1px"
      borderColor="gray.200"
      bg="gray.50"
      borderRadius="lg"
      px="3.5"
      py="3"
    >
      <Box flex="1" minW="0">
        <Text textStyle="small.soft">关联的{KIND_LABEL[record.kind]}</Text>
        <Text fontSize="15px" fontWeight="medium" color="ink" lineClamp={1}>
          {record.title}
        </Text>
        <Text textStyle="caption.muted" lineClamp={2}>
          {record.detail} · {formatDateTime(record.at)}
        </Text>
      </Box>
      {link && (
        <Button asChild size="xs" variant="outline" colorPalette="brand" borderRadius="full" flexShrink={0}>
          <RouterLink to={link}>查看</RouterLink>
        </Button>
      )}
    </Flex>
  );
}

/** A ticket's or a reply's screenshots: thumbnails that open the picture. */
export function TicketImages({ images, label }: { images: FeedbackDetail['images']; label: string }) {
  if (images.length === 0) return null;
  return (
    <Grid templateColumns="repeat(4, minmax(0, 88px))" gap="2" mt="2" aria-label={label} role="list">
      {images.map((img, i) => (
        <Box
          key={img.key}
          role="listitem"
          aspectRatio="1"
          borderRadius="md"
          overflow="hidden"
          borderWidth="1px"
          borderColor="gray.200"
        >
          <a href={img.url} target="_blank" rel="noopener noreferrer">
            <Image src={img.url} alt={`${label} ${i + 1}`} w="100%" h="100%" objectFit="cover" loading="lazy" />
          </a>
        </Box>
      ))}
    </Grid>
  );
}

/** The replies, oldest first: 我 on the right, 客服 on the left, each with its time in Beijing time. */
export function Thread({ posts }: { posts: FeedbackDetail['posts'] }) {
  if (posts.length === 0)
    return (
      <Text textStyle="body.soft" data-testid="thread-empty">
        客服还没有回复，有回复时会通过消息通知你。
      </Text>
    );
  return (
    <Stack as="ol" gap="4" listStyleType="none" m="0" p="0" aria-label="沟通记录">
      {posts.map((p) => {
        const mine = p.author === 'member';
        return (
          <Flex as="li" key={p.id} direction="column" align={mine ? 'flex-end' : 'flex-start'} data-testid="post">
            <HStack gap="2" mb="1">
              <Text fontSize="13px" fontWeight="semibold" color={mine ? 'brand.700' : 'gray.800'}>
                {mine ? '我' : p.name}
              </Text>
              {!mine && (
                <Badge size="sm" colorPalette="blue" variant="subtle">
                  客服
                </Badge>
              )}
              <Text textStyle="small.faint">{formatDateTime(p.createdAt)}</Text>
            </HStack>
            <Box
              maxW={{ base: '92%', md: '80%' }}
              bg={mine ? 'brand.50' : 'gray.50'}
              borderWidth="1px"
              borderColor={mine ? 'brand.100' : 'gray.100'}
              borderRadius="lg"
              px="3.5"
              py="2.5"
            >
              <Text fontSize="14px" color="gray.800" whiteSpace="pre-wrap" wordBreak="break-word">
                {p.content}
              </Text>
              <TicketImages images={p.images} label="回复截图" />
            </Box>
          </Flex>
        );
      })}
    </Stack>
  );
}

const BY_LABEL = { member: '我', staff: '客服', system: '系统' } as const;

/** The ticket's moves, newest first. */
export function FeedbackTimeline({ moves }: { moves: FeedbackDetail['moves'] }) {
  const items = moves.map((m) => ({
    title: m.from === null ? '提交反馈' : FeedbackState.labels[m.to],
    by: BY_LABEL[m.by],
    reason: m.reason,
    at: m.at,
    palette: STATE_PALETTE[m.to],
  }));
  return <Timeline items={items} label="处理进度" />;
}

export interface CountedTextProps {
  label: string;
  value: string;
  max: number;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  rows?: number;
  onChange: (value: string) => void;
}

/** A labelled text box with its live count against the limit and its inline message. */
export function CountedText({ label, value, max, placeholder, error, disabled, rows = 5, onChange }: CountedTextProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const count = value.trim().length;
  return (
    <Box>
      <Flex justify="space-between" align="baseline" mb="1.5">
        <Text asChild fontSize="14px" fontWeight="medium" color="gray.800">
          <label htmlFor={id}>{label}</label>
        </Text>
        <Text textStyle="small.soft" color={count > max ? 'red.600' : undefined} aria-live="polite">
          {count}/{max}
        </Text>
      </Flex>
      <TextArea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {error && (
        <div role="alert">
          <QuestionError id={errorId}>{error}</QuestionError>
        </div>
      )}
    </Box>
  );
}

/** 1–5 stars, each a toggle button. */
export function StarRating({
  stars,
  disabled,
  onStars,
}: {
  stars: number;
  disabled?: boolean;
  onStars?: (stars: number) => void;
}) {
  const words = ['', '很不满意', '不满意', '一般', '满意', '非常满意'];
  return (
    <HStack gap="1" role="group" aria-label="评分">
      {[1, 2, 3, 4, 5].map((n) => (
        <Button
          key={n}
          variant="plain"
          size="sm"
          minW="32px"
          px="0"
          fontSize="24px"
          lineHeight="1"
          color={n <= stars ? 'orange.400' : 'gray.300'}
          aria-label={`${n} 星`}
          aria-pressed={n === stars}
          disabled={disabled || !onStars}
          _disabled={{ opacity: 1, cursor: 'default' }}
          onClick={() => onStars?.(n)}
        >
          ★
        </Button>
      ))}
      {stars > 0 && (
        <Text as="span" ml="2" textStyle="caption.muted">
          {words[stars]}
        </Text>
      )}
    </HStack>
  );
}
