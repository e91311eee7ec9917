import { Box, Flex, Heading, List, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import type { SpinCheckState } from '../../components/DrawCheck';
import { DrawProofDetails } from '../../components/DrawFairness';
import { CourseFrame } from '../../components/course/CourseFrame';
import { ErrorState, ListCard, LoadingState, PagedListBody, type PagedListProps } from '../../components/ListStates';
import { LoginPrompt } from '../../components/LoginPrompt';
import { WhiteCard } from '../../components/WhiteCard';
import { PlainList } from '../../components/PlainList';
import { formatDateTime } from '../../components/shanghaiTime';
import type { CampaignDrawData, CampaignOverviewData } from '../../flows/campaign';
import { Pool } from './ChristmasView';

/** My draws as the paged list gives them (its filter is the container's business). */
export type DrawRecords = Omit<PagedListProps<CampaignDrawData, unknown>, 'filter' | 'onFilter'>;

export interface ChristmasRecordsViewProps {
  records: DrawRecords;
  backHref: string;
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

/** `/christmas/records`: my draws of the Christmas campaign, what each gave, and what verifies it. */
export function ChristmasRecordsView({ records, backHref, checks, onVerify }: ChristmasRecordsViewProps) {
  const { items, ...list } = records;
  const won = items.reduce((n, d) => n + (d.points ?? 0), 0);
  return (
    <CourseFrame maxW="760px">
      <BackHeader back={{ to: backHref, label: '圣诞狂欢季' }} title="我的抽奖记录" heading />
      <ListCard as="section" mt="4">
        {items.length > 0 && (
          <Text px={{ base: '4', md: '5' }} pt="4" textStyle="caption.muted">
            已显示 {items.length} / {list.total ?? items.length} 次抽奖，共得 {won} 微豆
          </Text>
        )}
        <PagedListBody {...list} empty={{ title: '还没有抽奖记录', description: '完成任务或签到获得机会，去拆礼物吧' }}>
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
    </CourseFrame>
  );
}

export interface ChristmasRecordsVisitorViewProps {
  /** getCampaign as a visitor reads it (no chances). */
  status: 'loading' | 'ready' | 'error' | 'notFound';
  campaign: CampaignOverviewData | null;
  error?: string | null;
  onRetry?: () => void;
  backHref: string;
  /** The login page coming back to the records. */
  loginHref: string;
}

/** `/christmas/records` for a visitor: the login prompt where the records would be, the campaign's rules and prizes. */
export function ChristmasRecordsVisitorView(props: ChristmasRecordsVisitorViewProps) {
  const { status, campaign, backHref, loginHref } = props;
  return (
    <CourseFrame maxW="760px">
      <BackHeader back={{ to: backHref, label: '圣诞狂欢季' }} title="我的抽奖记录" heading />
      <Box mt="4">
        <LoginPrompt text="登录后查看你的抽奖记录" to={loginHref} name="我的抽奖记录" />
      </Box>
      {status === 'loading' ? (
        <LoadingState label="正在加载活动…" paddingTop={40} />
      ) : status === 'notFound' ? (
        <ErrorState paddingTop={40} title="活动不存在或已下线" />
      ) : status === 'error' || !campaign ? (
        <ErrorState
          paddingTop={40}
          title="活动加载失败"
          description={props.error || undefined}
          onRetry={props.onRetry}
        />
      ) : (
        <>
          <WhiteCard mt="4" px={{ base: '4', md: '6' }} py="5" as="section" aria-labelledby="campaign-rules">
            <Heading as="h2" id="campaign-rules" fontSize="17px" color="ink" mb="3">
              活动规则
            </Heading>
            <List.Root as="ul" listStyleType="disc" gap="1.5" ps="5" fontSize="14px" color="gray.700">
              <List.Item>
                活动时间：{formatDateTime(campaign.startsAt)} — {formatDateTime(campaign.endsAt)}（北京时间）
                {campaign.phase === 'ended' ? '，活动已结束' : campaign.phase === 'upcoming' ? '，尚未开始' : ''}
              </List.Item>
              <List.Item>
                活动期间每完成 1 个调查任务得 {campaign.chancesPerTask} 次、每签到 1 天得 {campaign.chancesPerCheckin}{' '}
                次抽奖机会。
              </List.Item>
              <List.Item>抽中的微豆立即到账，每次抽奖都记在「我的抽奖记录」里。</List.Item>
            </List.Root>
            {campaign.description && (
              <Text mt="3" textStyle="caption.muted">
                {campaign.description}
              </Text>
            )}
          </WhiteCard>
          <Box mt="4">
            <Pool campaign={campaign} />
          </Box>
        </>
      )}
    </CourseFrame>
  );
}
