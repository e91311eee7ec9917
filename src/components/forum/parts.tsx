import { Badge, Box, Flex, Grid, HStack, Image, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { BbsRole } from '../../../openapi/enums';
import type {
  FocusProgress,
  ForumAuthor as ForumAuthorSchema,
  ForumReply as ForumReplySchema,
  ForumTopic as ForumTopicSchema,
  ForumTopicDetail as ForumTopicDetailSchema,
} from '../../../openapi/schemas/forum';
import { Avatar } from '../Avatar';
import { BackLink } from '../BackLink';
import { RichText } from '../RichText';

/** The contract's forum shapes, as the views take them. */
export type ForumAuthor = z.output<typeof ForumAuthorSchema>;
export type ForumTopic = z.output<typeof ForumTopicSchema>;
export type ForumTopicDetail = z.output<typeof ForumTopicDetailSchema>;
export type ForumReply = z.output<typeof ForumReplySchema>;
export type ForumProgress = z.output<typeof FocusProgress>;
export type ForumRole = (typeof BbsRole.list)[number];

/** Roles 1 and 2 (moderator, client observer) are not paid: no points are shown to them (spec §6). */
export const showsPoints = (role: ForumRole | null | undefined) => role === BbsRole.values.RESPONDENT;

/** 必答 1/3 · 完成可得 800 微豆 — what the moderator knows before any tap. */
export function progressLine(p: ForumProgress): string {
  if (p.completed) return `已完成 · 必答 ${p.requiredAnswered}/${p.requiredTotal} · 已发放 ${p.points} 微豆`;
  return `必答 ${p.requiredAnswered}/${p.requiredTotal} · 完成可得 ${p.points} 微豆`;
}

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `11月26日 09:05` in Beijing time. */
export function forumTime(ms: number): string {
  const p = Object.fromEntries(timeFormat.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.month}月${p.day}日 ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

/** The forum pages' frame: the grey page, a column of cards, and ‹ 返回座谈会 above them when given. */
export function ForumPage({ boardHref, children }: { boardHref?: string; children: ReactNode }) {
  return (
    <Box bg="gray.50" minH="70vh" pb="12">
      <Stack
        maxW="1000px"
        mx="auto"
        px={{ base: '4', md: '6' }}
        pt={{ base: '3', md: '6' }}
        gap={{ base: '3', md: '4' }}
      >
        {boardHref && <BackLink to={boardHref}>返回座谈会</BackLink>}
        {children}
      </Stack>
    </Box>
  );
}

/** 主持人 / 观察员 next to a name; respondents carry none. */
export function RoleBadge({ role }: { role: ForumRole }) {
  if (role === BbsRole.values.RESPONDENT) return null;
  return (
    <Badge size="sm" colorPalette={role === BbsRole.values.MODERATOR ? 'orange' : 'gray'} variant="subtle">
      {role === BbsRole.values.MODERATOR ? '主持人' : '观察员'}
    </Badge>
  );
}

/** A topic's marks: 置顶, 必答, 精华, 已关闭, 已隐藏 (the last only moderators and observers see). */
export function TopicMarks({
  topic,
}: {
  topic: Pick<ForumTopic, 'pinned' | 'required' | 'highlighted' | 'closed' | 'hidden'>;
}) {
  return (
    <HStack gap="1.5" wrap="wrap">
      {topic.pinned && (
        <Badge size="sm" colorPalette="red" variant="solid">
          置顶
        </Badge>
      )}
      {topic.required && (
        <Badge size="sm" colorPalette="orange" variant="subtle">
          必答
        </Badge>
      )}
      {topic.highlighted && (
        <Badge size="sm" colorPalette="yellow" variant="subtle">
          精华
        </Badge>
      )}
      {topic.closed && (
        <Badge size="sm" colorPalette="gray" variant="subtle">
          已关闭
        </Badge>
      )}
      {topic.hidden && (
        <Badge size="sm" colorPalette="gray" variant="outline">
          已隐藏
        </Badge>
      )}
    </HStack>
  );
}

/** The author of a post: avatar, forum name (a link to their posts when routed) and role. */
export function AuthorLine({
  author,
  href,
  at,
  extra,
}: {
  author: ForumAuthor;
  href?: string | null;
  at: number;
  extra?: string;
}) {
  return (
    <Flex align="center" gap="2.5" minW="0">
      <Avatar src={author.avatar} name={author.name} size={36} />
      <Box minW="0">
        <HStack gap="1.5" minW="0">
          {href ? (
            <RouterLink to={href}>
              <Text as="span" fontSize="14px" fontWeight="semibold" color="gray.900" truncate>
                {author.name}
              </Text>
            </RouterLink>
          ) : (
            <Text as="span" fontSize="14px" fontWeight="semibold" color="gray.900" truncate>
              {author.name}
            </Text>
          )}
          <RoleBadge role={author.role} />
        </HStack>
        <Text textStyle="caption.soft">
          {forumTime(at)}
          {extra ? ` · ${extra}` : ''}
        </Text>
      </Box>
    </Flex>
  );
}

/** A post's sanitized text and its pictures. */
export function PostBody({ html, images }: { html: string; images: { url: string }[] }) {
  return (
    <Stack gap="3">
      {html && <RichText html={html} fontSize="15px" />}
      {images.length > 0 && (
        <Grid templateColumns={{ base: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, 140px)' }} gap="2">
          {images.map((img) => (
            <a key={img.url} href={img.url} target="_blank" rel="noreferrer">
              <Image src={img.url} alt="帖子图片" aspectRatio="1" objectFit="cover" borderRadius="md" w="100%" />
            </a>
          ))}
        </Grid>
      )}
    </Stack>
  );
}

/** The reply a post quotes. */
export function QuoteBlock({ quote }: { quote: NonNullable<ForumReply['quote']> }) {
  return (
    <Box
      as="blockquote"
      borderInlineStartWidth="3px"
      borderColor="gray.300"
      bg="gray.50"
      px="3"
      py="2"
      borderRadius="sm"
      fontSize="13px"
      color="gray.600"
    >
      <Text as="span" fontWeight="semibold">
        引用 {quote.authorName}：
      </Text>
      {quote.excerpt}
    </Box>
  );
}

/** 必答话题 已答 n/m, and what finishing pays (respondents only: `progress` is null for roles 1 and 2). */
export function ProgressSummary({ progress, now = Date.now() }: { progress: ForumProgress; now?: number }) {
  const { requiredAnswered: n, requiredTotal: m } = progress;
  const ended = progress.deadline <= now;
  return (
    <Stack gap="2" data-testid="forum-progress">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Text fontSize="15px" fontWeight="semibold" color="gray.900">
          必答话题 已答 {n}/{m}
        </Text>
        {progress.completed ? (
          <Text fontSize="14px" color="green.700" fontWeight="medium">
            {progress.pointsStatus === 'posted' ? `已完成，${progress.points} 微豆已到账` : '已完成'}
          </Text>
        ) : (
          <Text fontSize="14px" color="brand.600" fontWeight="medium">
            答完可得 {progress.points} 微豆
          </Text>
        )}
      </Flex>
      <Progress.Root
        value={m === 0 ? 0 : Math.round((n / m) * 100)}
        size="sm"
        colorPalette="brand"
        aria-label="必答话题进度"
      >
        <Progress.Track borderRadius="full" bg="gray.200">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {!progress.completed && (
        <Text textStyle="caption.soft">
          {ended ? '座谈会已截止' : `请在 ${forumTime(progress.deadline)} 前回复全部必答话题`}
        </Text>
      )}
    </Stack>
  );
}
