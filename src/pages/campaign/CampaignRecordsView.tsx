import { Box, Flex, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import type { SpinCheckState } from '../../components/DrawCheck';
import { DrawProofDetails } from '../../components/DrawFairness';
import { CourseFrame } from '../../components/course/CourseFrame';
import { EmptyState, ListCard, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { PlainList } from '../../components/PlainList';
import { formatDateTime } from '../../components/shanghaiTime';
import type { CampaignDrawData } from '../../flows/campaign';
import { campaignNotFound } from './campaignNotFound';

/** My draws as the paged list gives them (its filter is the container's business). */
export type DrawRecords = Omit<PagedListProps<CampaignDrawData, unknown>, 'filter' | 'onFilter'>;

export interface CampaignRecordsViewProps {
  records: DrawRecords;
  /** The campaign's title for the way back (null while it loads: 活动). */
  campaignTitle: string | null;
  /** No such campaign: the not-found state with the way to 福利中心 instead of the list. */
  notFound: boolean;
  backHref: string;
  moreHref: string;
  /** Re-checks in the browser, by draw id. */
  checks: Record<number, SpinCheckState>;
  onVerify: (draw: CampaignDrawData) => void;
}

export const drawOutcomeText = (d: CampaignDrawData) =>
  d.outcome === 'prize'
    ? `抽中「${d.prizeName}」`
    : d.outcome === 'out_of_stock'
      ? `未中奖（「${d.prizeName}」已发完）`
      : '谢谢参与';

/** `/campaigns/:slug/records` (`/christmas/records`): my draws of a campaign, what each gave, and what verifies it. */
export function CampaignRecordsView(props: CampaignRecordsViewProps) {
  const { records, campaignTitle, backHref, checks, onVerify } = props;
  const { items, ...list } = records;
  const won = items.reduce((n, d) => n + (d.points ?? 0), 0);
  return (
    <CourseFrame maxW="760px">
      <BackHeader back={{ to: backHref, label: campaignTitle ?? '活动' }} title="我的抽奖记录" heading />
      {props.notFound ? (
        <ListCard as="section" mt="4">
          <EmptyState paddingTop={40} {...campaignNotFound(props.moreHref)} />
        </ListCard>
      ) : (
        <ListCard as="section" mt="4">
          {items.length > 0 && (
            <Text px={{ base: '4', md: '5' }} pt="4" textStyle="caption.muted">
              已显示 {items.length} / {list.total ?? items.length} 次抽奖，共得 {won} 微豆
            </Text>
          )}
          <PagedListBody
            {...list}
            empty={{ title: '还没有抽奖记录', description: '完成任务或签到获得机会，再回活动页抽奖吧' }}
          >
            <PlainList>
              {items.map((d) => (
                <Box
                  as="li"
                  key={d.id}
                  px={{ base: '4', md: '5' }}
                  py="3"
                  borderTop="1px solid"
                  borderColor="gray.100"
                  data-testid="campaign-draw"
                >
                  <Flex justify="space-between" gap="3" align="baseline" wrap="wrap">
                    <Text fontSize="15px" fontWeight="semibold" color={d.outcome === 'prize' ? 'red.700' : 'gray.700'}>
                      {drawOutcomeText(d)}
                    </Text>
                    <Text textStyle="caption.soft">{formatDateTime(d.createdAt)}</Text>
                  </Flex>
                  {d.points !== null && (
                    <Text mt="0.5" fontSize="13px" color="red.600">
                      +{d.points} 微豆已到账
                    </Text>
                  )}
                  <DrawProofDetails proof={d} check={checks[d.id]} onVerify={() => onVerify(d)} />
                </Box>
              ))}
            </PlainList>
          </PagedListBody>
        </ListCard>
      )}
    </CourseFrame>
  );
}
