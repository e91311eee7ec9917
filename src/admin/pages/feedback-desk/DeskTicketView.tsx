import { Box, Button, chakra, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { DeskTicket, TicketDeskView } from '../../../../machines/ticketDesk';
import { FeedbackState } from '../../../../openapi/enums';
import { REPLY_TEXT } from '../../../../openapi/rules/feedback';
import { FormAlert } from '../../../components/auth/formParts';
import { BackLink } from '../../../components/BackLink';
import { feedbackCategoryLabel, FeedbackStateBadge } from '../../../components/feedback/FeedbackStateBadge';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ListStates';
import { nativeFieldStyle } from '../../../components/nativeFieldStyle';
import { formatDateTime } from '../../../components/shanghaiTime';
import { TotpPrompt } from '../../../components/TotpPrompt';
import type { SavedReplyItem } from '../../flows/desk';
import { waited } from '../../app/waited';
import { DeskMemberCard } from './DeskMemberCard';

const Textarea = chakra('textarea', {
  base: {
    ...nativeFieldStyle,
    height: 'auto',
    minHeight: '112px',
    px: '3',
    py: '2',
    width: '100%',
    resize: 'vertical',
  },
});
const Input = chakra('input', {
  base: { ...nativeFieldStyle, height: '36px', fontSize: '14px', px: '3', width: '100%' },
});

/** 常用回复: the list (pick one into the reply box, delete one) and saving the reply box as one. */
export interface DeskSavedRepliesProps {
  open: boolean;
  status: 'loading' | 'ready' | 'error';
  items: SavedReplyItem[];
  error: string | null;
  /** The save form (a title for the reply box's text), when open. */
  saving: { title: string; busy: boolean; error: string | null } | null;
  /** The saved reply being deleted. */
  deleting: number | null;
  onToggle: () => void;
  onPick: (item: SavedReplyItem) => void;
  onStartSave: () => void;
  onSaveTitle: (title: string) => void;
  onSave: () => void;
  onCancelSave: () => void;
  onDelete: (id: number) => void;
  onRetry: () => void;
}

export interface DeskTicketViewProps {
  desk: TicketDeskView;
  saved: DeskSavedRepliesProps;
  /** The queue without a ticket open (the phone's way back). */
  backHref: string;
  /** The member's 360 page, when the console has it. */
  memberHref?: string;
  now: number;
  onRetry: () => void;
  onDraft: (text: string) => void;
  onTake: () => void;
  onProcess: () => void;
  onReply: (kind: 'ask' | 'answer') => void;
  onClose: () => void;
  onReason: (reason: string) => void;
  onConfirmClose: () => void;
  onCancelClose: () => void;
}

function Shots({ images, label }: { images: DeskTicket['images']; label: string }) {
  if (images.length === 0) return null;
  return (
    <HStack gap="2" flexWrap="wrap" pt="1">
      {images.map((img, i) => (
        <Box
          as="a"
          key={img.key}
          {...{ href: img.url, target: '_blank', rel: 'noopener noreferrer' }}
          title="查看原图"
          borderRadius="md"
          overflow="hidden"
          borderWidth="1px"
          borderColor="gray.200"
          flexShrink={0}
        >
          <Image src={img.url} alt={`${label} ${i + 1}`} width="72px" height="72px" objectFit="cover" />
        </Box>
      ))}
    </HStack>
  );
}

function Bubble(props: { staff: boolean; name: string; at: number; content: string; images: DeskTicket['images'] }) {
  return (
    <Stack
      as="li"
      gap="1"
      p="3"
      borderRadius="lg"
      bg={props.staff ? 'brand.50' : 'white'}
      borderWidth="1px"
      borderColor={props.staff ? 'brand.100' : 'gray.200'}
      ms={props.staff ? { base: '6', md: '12' } : '0'}
      me={props.staff ? '0' : { base: '6', md: '12' }}
      data-testid={props.staff ? 'staff-post' : 'member-post'}
    >
      <HStack gap="2" fontSize="12px" color="gray.600" flexWrap="wrap">
        <Text fontWeight="semibold" color="gray.800">
          {props.name}
        </Text>
        <Text>{props.staff ? '客服' : '会员'}</Text>
        <Text>{formatDateTime(props.at)}</Text>
      </HStack>
      <Text fontSize="14px" whiteSpace="pre-wrap" wordBreak="break-word">
        {props.content}
      </Text>
      <Shots images={props.images} label={props.staff ? '客服截图' : '会员截图'} />
    </Stack>
  );
}

function SavedReplies({ saved, draft, locked }: { saved: DeskSavedRepliesProps; draft: string; locked: boolean }) {
  const { saving } = saved;
  const submitSave = (e: FormEvent) => {
    e.preventDefault();
    if (saving && saving.title.trim() && !saving.busy) saved.onSave();
  };
  return (
    <Stack gap="2">
      {saving && (
        <Stack as="form" aria-label="存为常用回复" onSubmit={submitSave} gap="2" p="3" bg="gray.50" borderRadius="md">
          <Box as="label" display="block">
            <Text fontSize="13px" color="gray.600" mb="1">
              常用回复的标题（最多 30 字）
            </Text>
            <Input
              name="savedTitle"
              maxLength={30}
              value={saving.title}
              onChange={(e) => saved.onSaveTitle(e.target.value)}
            />
          </Box>
          {saving.error && <FormAlert>{saving.error}</FormAlert>}
          <HStack gap="2">
            <Button type="submit" size="xs" colorPalette="brand" disabled={!saving.title.trim()} loading={saving.busy}>
              保存
            </Button>
            <Button size="xs" variant="ghost" onClick={saved.onCancelSave} disabled={saving.busy}>
              取消
            </Button>
          </HStack>
        </Stack>
      )}
      {saved.open && (
        <Box borderWidth="1px" borderColor="gray.200" borderRadius="md" data-testid="saved-replies">
          {saved.status === 'loading' ? (
            <LoadingState paddingTop={8} label="常用回复加载中…" />
          ) : saved.status === 'error' ? (
            <ErrorState
              paddingTop={8}
              title="常用回复加载失败"
              description={saved.error ?? undefined}
              onRetry={saved.onRetry}
            />
          ) : saved.items.length === 0 ? (
            <Text fontSize="13px" color="gray.600" p="3">
              还没有常用回复。写好回复后点「存为常用回复」即可保存。
            </Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" aria-label="常用回复">
              {saved.items.map((item) => (
                <Flex
                  as="li"
                  key={item.id}
                  gap="2"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  borderColor="gray.100"
                  align="flex-start"
                  data-testid="saved-reply"
                >
                  <Box flex="1" minW="0">
                    <Text fontSize="14px" fontWeight="semibold">
                      {item.title}
                    </Text>
                    <Text fontSize="13px" color="gray.600" lineClamp={2}>
                      {item.content}
                    </Text>
                    <Text fontSize="12px" color="gray.500">
                      {item.createdBy} 保存
                    </Text>
                  </Box>
                  <HStack gap="1" flexShrink={0}>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => saved.onPick(item)}
                      disabled={locked}
                      aria-label={`使用「${item.title}」`}
                    >
                      使用
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => saved.onDelete(item.id)}
                      loading={saved.deleting === item.id}
                      aria-label={`删除「${item.title}」`}
                    >
                      删除
                    </Button>
                  </HStack>
                </Flex>
              ))}
            </Stack>
          )}
        </Box>
      )}
      <HStack gap="2" flexWrap="wrap">
        <Button size="xs" variant="outline" onClick={saved.onToggle} aria-expanded={saved.open}>
          {saved.open ? '收起常用回复' : '常用回复'}
        </Button>
        {!saving && (
          <Button size="xs" variant="ghost" onClick={saved.onStartSave} disabled={!draft.trim()}>
            存为常用回复
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** One ticket on the desk: its moves, the thread with screenshots, the reply box and the member beside it. */
export function DeskTicketView(props: DeskTicketViewProps) {
  const { desk, saved, now } = props;
  const back = (
    <Box display={{ base: 'block', lg: 'none' }}>
      <BackLink to={props.backHref}>返回列表</BackLink>
    </Box>
  );
  if (desk.status === 'idle')
    return (
      <Box display={{ base: 'none', lg: 'block' }}>
        <EmptyState paddingTop={80} title="请选择一条反馈" description="从左侧列表选择一条反馈查看和处理。" />
      </Box>
    );
  if (desk.status === 'loading')
    return (
      <Box>
        {back}
        <LoadingState paddingTop={60} label="反馈加载中…" />
      </Box>
    );
  if (desk.status === 'notFound')
    return (
      <Box>
        {back}
        <EmptyState paddingTop={60} title="这条反馈不存在" description="它可能已被删除，请回到列表选择其他反馈。" />
      </Box>
    );
  if (desk.status === 'error' || !desk.ticket)
    return (
      <Box>
        {back}
        <ErrorState
          paddingTop={60}
          title="反馈加载失败"
          description={desk.error ?? undefined}
          onRetry={props.onRetry}
        />
      </Box>
    );
  const t = desk.ticket;
  const replyOpen = t.can.ask || t.can.answer;
  const count = [...desk.draft.trim()].length;
  return (
    <Stack gap="3">
      {back}
      <Flex gap="4" direction={{ base: 'column', xl: 'row' }} align="flex-start">
        <Stack gap="3" flex="1" minW="0" width="100%">
          <Stack
            gap="2"
            p="4"
            bg="white"
            borderRadius="lg"
            borderWidth="1px"
            borderColor="gray.200"
            data-testid="ticket-head"
          >
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h2" size="md">
                反馈 #{t.id}
              </Heading>
              <FeedbackStateBadge state={t.state} />
              <Text fontSize="13px" color="gray.600">
                {feedbackCategoryLabel(t.category)}
              </Text>
            </HStack>
            <Text fontSize="13px" color="gray.600">
              {t.member.nickname} 提交于 {formatDateTime(t.createdAt)} · 在「{FeedbackState.labels[t.state]}」已{' '}
              {waited(t.stateChangedAt, now)} · {t.operator ? `受理客服：${t.operator}` : '尚未受理'}
            </Text>
            {desk.notice && <FormAlert tone="info">{desk.notice}</FormAlert>}
            {desk.error && <FormAlert>{desk.error}</FormAlert>}
            {(t.can.take || t.can.process || t.can.close) && (
              <HStack gap="2" flexWrap="wrap">
                {t.can.take && (
                  <Button
                    size="sm"
                    colorPalette="brand"
                    onClick={props.onTake}
                    disabled={!desk.can.take}
                    loading={desk.busy === 'take'}
                  >
                    接单
                  </Button>
                )}
                {t.can.process && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={props.onProcess}
                    disabled={!desk.can.process}
                    loading={desk.busy === 'process'}
                  >
                    标记处理中
                  </Button>
                )}
                {t.can.close && (
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    onClick={props.onClose}
                    disabled={!desk.can.close}
                  >
                    关闭反馈
                  </Button>
                )}
              </HStack>
            )}
          </Stack>

          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label="沟通记录">
            <Bubble staff={false} name={t.member.nickname} at={t.createdAt} content={t.content} images={t.images} />
            {t.record && (
              <Box as="li" fontSize="13px" color="gray.700" px="3" py="2" bg="gray.100" borderRadius="md">
                关联记录：{t.record.title}（{t.record.detail}）
              </Box>
            )}
            {t.posts.map((p) => (
              <Bubble
                key={p.id}
                staff={p.author === 'staff'}
                name={p.name}
                at={p.createdAt}
                content={p.content}
                images={p.images}
              />
            ))}
          </Stack>

          {replyOpen ? (
            <Stack gap="2" p="4" bg="white" borderRadius="lg" borderWidth="1px" borderColor="gray.200">
              <Box as="label" display="block">
                <Text fontSize="13px" color="gray.600" mb="1">
                  回复会员（会员会收到消息）
                </Text>
                <Textarea
                  name="reply"
                  value={desk.draft}
                  aria-invalid={desk.draftTooLong}
                  onChange={(e) => props.onDraft(e.target.value)}
                  disabled={desk.locked}
                />
              </Box>
              <Text fontSize="12px" color={desk.draftTooLong ? 'red.500' : 'gray.500'} textAlign="end">
                {count}/{REPLY_TEXT.max}
              </Text>
              <SavedReplies saved={saved} draft={desk.draft} locked={desk.locked} />
              <HStack gap="2" justify="flex-end" flexWrap="wrap">
                {t.can.ask && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => props.onReply('ask')}
                    disabled={!desk.can.ask}
                    loading={desk.busy === 'ask'}
                  >
                    请会员补充
                  </Button>
                )}
                {t.can.answer && (
                  <Button
                    size="sm"
                    colorPalette="brand"
                    onClick={() => props.onReply('answer')}
                    disabled={!desk.can.answer}
                    loading={desk.busy === 'answer'}
                  >
                    答复会员
                  </Button>
                )}
              </HStack>
            </Stack>
          ) : (
            t.state === FeedbackState.values.TO_ACCEPT && (
              <Text fontSize="13px" color="gray.600">
                接单后可以回复会员。
              </Text>
            )
          )}

          <Stack gap="1" px="1">
            <Text fontSize="13px" fontWeight="semibold" color="gray.700">
              状态记录
            </Text>
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" fontSize="12px" color="gray.600">
              {t.moves.map((m, i) => (
                <li key={i}>
                  {formatDateTime(m.at)} · {FeedbackState.labels[m.to]} · {m.reason}
                  {m.actorName ? `（${m.actorName}）` : m.by === 'system' ? '（系统）' : ''}
                </li>
              ))}
            </Stack>
          </Stack>
        </Stack>
        <Box width={{ base: '100%', xl: '260px' }} flexShrink={0}>
          <DeskMemberCard member={t.member} context={t.context} memberHref={props.memberHref} />
        </Box>
      </Flex>
      {desk.closing && (
        <TotpPrompt
          title={`关闭反馈 #${t.id}`}
          description="关闭后会员会收到消息，看到你写的原因。"
          reason={desk.closing.reason}
          code=""
          withCode={false}
          reasonLabel="关闭原因（会告诉会员，并写入审计日志）"
          error={desk.closing.error}
          busy={desk.closing.busy}
          confirmLabel="确认关闭"
          onReason={props.onReason}
          onCode={() => undefined}
          onConfirm={props.onConfirmClose}
          onCancel={props.onCancelClose}
        />
      )}
    </Stack>
  );
}
