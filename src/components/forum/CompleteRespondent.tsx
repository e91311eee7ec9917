import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import type { ForumRespondentDetail } from '../../../openapi/schemas/forum';
import { FormAlert } from '../auth/formParts';
import { Sheet } from '../benefits/Sheet';
import { progressLine, type ForumProgress } from './parts';

export type ForumRespondentData = z.output<typeof ForumRespondentDetail>;

/** The moderator's 标记为完成 of one respondent: their progress first, then a confirmation. */
export interface CompletionProps {
  /** The respondent's progress and required topics (null: still loading). */
  respondent: ForumRespondentData | null;
  loadError: boolean;
  onRetryLoad: () => void;
  step: 'idle' | 'confirming' | 'completing' | 'completed';
  error: string | null;
  /** What the mark answered (step `completed`). */
  progress: ForumProgress | null;
  canConfirm: boolean;
  onComplete: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/** Beside the respondent's name: their progress and 标记为完成 (not once they are complete). */
export function CompletionSummary({ completion }: { completion: CompletionProps }) {
  const r = completion.respondent;
  if (completion.loadError)
    return (
      <Flex align="center" gap="2">
        <Text fontSize="13px" color="gray.500">
          完成进度加载失败
        </Text>
        <Button size="xs" variant="outline" borderRadius="full" onClick={completion.onRetryLoad}>
          重新加载
        </Button>
      </Flex>
    );
  if (!r)
    return (
      <Text fontSize="13px" color="gray.500" role="status">
        正在读取完成进度…
      </Text>
    );
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text
        fontSize="14px"
        color={r.progress.completed ? 'green.700' : 'gray.700'}
        fontWeight="medium"
        data-testid="respondent-progress"
      >
        {progressLine(r.progress)}
      </Text>
      {!r.progress.completed && (
        <Button size="sm" colorPalette="brand" borderRadius="full" px="5" onClick={completion.onComplete}>
          标记为完成
        </Button>
      )}
    </Flex>
  );
}

/** The confirmation: who, what they answered, how many 微豆 will be paid — 确认 / 取消; then what was paid. */
export function CompletionSheet({
  completion,
  topicHref,
}: {
  completion: CompletionProps;
  topicHref: (id: number) => string;
}) {
  const r = completion.respondent;
  if (completion.step === 'idle' || !r) return null;
  if (completion.step === 'completed') {
    const p = completion.progress ?? r.progress;
    return (
      <Sheet
        title="已标记为完成"
        onClose={completion.onClose}
        footer={
          <Button colorPalette="brand" borderRadius="full" px="6" onClick={completion.onClose}>
            知道了
          </Button>
        }
      >
        <Text fontSize="15px" color="gray.700" lineHeight="1.8">
          {r.author.name} 的座谈会任务已完成
          {p.pointsStatus === 'posted' ? `，${p.points} 微豆已发放到 TA 的账户。` : '。'}
        </Text>
      </Sheet>
    );
  }
  const busy = completion.step === 'completing';
  const missing = r.progress.requiredTotal - r.progress.requiredAnswered;
  return (
    <Sheet
      title="确认标记为完成"
      onClose={busy ? undefined : completion.onCancel}
      footer={
        <>
          <Button variant="outline" borderRadius="full" px="6" disabled={busy} onClick={completion.onCancel}>
            取消
          </Button>
          <Button
            colorPalette="brand"
            borderRadius="full"
            px="6"
            loading={busy}
            loadingText="正在标记…"
            disabled={!completion.canConfirm && !busy}
            onClick={completion.onConfirm}
          >
            确认，发放 {r.progress.points} 微豆
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Box>
          <Text fontSize="13px" color="gray.500">
            受访者
          </Text>
          <Text fontSize="16px" fontWeight="semibold" color="gray.900">
            {r.author.name}
          </Text>
          <Text fontSize="13px" color="gray.500">
            共回复 {r.replyCount} 条
          </Text>
        </Box>
        <Box>
          <Text fontSize="13px" color="gray.500" mb="1.5">
            必答话题 · 已回复 {r.progress.requiredAnswered}/{r.progress.requiredTotal}
          </Text>
          {r.requiredTopics.length === 0 ? (
            <Text fontSize="14px" color="gray.600">
              还没有发布必答话题
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" m="0" p="0" gap="1.5" aria-label="必答话题">
              {r.requiredTopics.map((t) => (
                <Flex as="li" key={t.id} justify="space-between" gap="3" fontSize="14px">
                  <RouterLink to={topicHref(t.id)}>
                    <Text color="gray.800" lineClamp={1} _hover={{ color: 'brand.600' }}>
                      {t.title}
                    </Text>
                  </RouterLink>
                  <Text flexShrink={0} color={t.answered ? 'green.700' : 'orange.600'}>
                    {t.answered ? '已回复' : '未回复'}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Box>
        <Box bg="orange.50" borderRadius="lg" px="3.5" py="3">
          <Text fontSize="14px" color="gray.800" lineHeight="1.7">
            确认后，TA 的座谈会任务即完成，并发放 <b>{r.progress.points} 微豆</b>；只发放一次，不能撤回。
            {missing > 0 && ` TA 还有 ${missing} 个必答话题没有回复。`}
          </Text>
        </Box>
        {completion.error && <FormAlert>{completion.error}</FormAlert>}
      </Stack>
    </Sheet>
  );
}
