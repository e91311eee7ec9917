import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { LowQualityReason } from '../../../openapi/enums';
import { QUALITY_WINDOW_DAYS } from '../../../openapi/rules/quality';
import type { FlaggedAnswer } from '../../../openapi/schemas/quality';
import { BackHeader } from '../../components/BackHeader';
import { ListCard, ListRow, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { PlainList } from '../../components/PlainList';
import { QualityFrame } from '../../components/quality/QualityFrame';
import { formatDateTime } from '../../components/shanghaiTime';
import { EFFICIENT_PATH } from '../../routing/paths';

export type FlaggedRow = z.output<typeof FlaggedAnswer>;

export interface EfficientDetailViewProps extends PagedListProps<FlaggedRow, 'all'> {
  /** The appeal link for one answer (the ask form about it), or null while that form is not built. */
  appeal: ((rid: string) => string) | null;
}

/** The words of every flag on one answer: its low-quality reasons, 答题过快, 合作方复核未通过. */
export function flagWords(r: FlaggedRow): string[] {
  return [
    ...r.reasons.map((x) => LowQualityReason.labels[x]),
    ...(r.tooFast ? ['答题过快'] : []),
    ...(r.reversed ? ['合作方复核未通过'] : []),
  ];
}

/** `/efficient/detail` 无效答卷明细: each flagged answer with its reasons, its date and 申诉. */
function EfficientDetailBody({ items, appeal, ...list }: EfficientDetailViewProps) {
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader back={{ to: EFFICIENT_PATH, label: '答题质量' }} title="无效答卷明细" heading />
      <Text fontSize="13px" color="fg.muted">
        近 {QUALITY_WINDOW_DAYS} 天内被判为无效的答卷。对判定有异议，可以点「申诉」提交反馈，我们会复核。
      </Text>
      <ListCard>
        <PagedListBody
          {...list}
          empty={{
            title: '没有无效答卷',
            description: `近 ${QUALITY_WINDOW_DAYS} 天的答卷都有效，继续保持`,
            link: { to: EFFICIENT_PATH, label: '返回答题质量' },
          }}
        >
          <PlainList>
            {items.map((r) => (
              <ListRow key={r.respondentId} data-testid="flagged-row" align="flex-start" gap="3">
                <Stack gap="1.5" flex="1" minW="0">
                  <Text fontWeight="medium" lineClamp={2}>
                    {r.taskTitle}
                  </Text>
                  <Flex gap="1.5" wrap="wrap">
                    {flagWords(r).map((w) => (
                      <Badge key={w} colorPalette="orange" variant="subtle">
                        {w}
                      </Badge>
                    ))}
                  </Flex>
                  <Text fontSize="12px" color="fg.muted">
                    {formatDateTime(r.finishedAt)}
                  </Text>
                </Stack>
                {appeal && (
                  <Button asChild size="xs" variant="outline" borderRadius="full" flexShrink={0}>
                    <RouterLink to={appeal(r.respondentId)}>申诉</RouterLink>
                  </Button>
                )}
              </ListRow>
            ))}
          </PlainList>
        </PagedListBody>
      </ListCard>
    </Stack>
  );
}

export function EfficientDetailView(props: EfficientDetailViewProps) {
  return (
    <QualityFrame>
      <EfficientDetailBody {...props} />
    </QualityFrame>
  );
}
