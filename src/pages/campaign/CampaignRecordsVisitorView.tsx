import { Box, Heading, List, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { CourseFrame } from '../../components/course/CourseFrame';
import { EmptyState, ErrorState, LoadingState } from '../../components/ListStates';
import { LoginPrompt } from '../../components/LoginPrompt';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import type { CampaignOverviewData } from '../../flows/campaign';
import { campaignNotFound } from './campaignNotFound';
import { Pool } from './CampaignView';

export interface CampaignRecordsVisitorViewProps {
  /** getCampaign as a visitor reads it (no chances). */
  status: 'loading' | 'ready' | 'error' | 'notFound';
  campaign: CampaignOverviewData | null;
  error?: string | null;
  onRetry?: () => void;
  backHref: string;
  /** The login page coming back to the records. */
  loginHref: string;
  /** Where a campaign that is not there sends the visitor on (福利中心). */
  moreHref: string;
}

/** A campaign's records for a visitor: the login prompt where the records would be, the campaign's rules and prizes. */
export function CampaignRecordsVisitorView(props: CampaignRecordsVisitorViewProps) {
  const { status, campaign, backHref, loginHref } = props;
  return (
    <CourseFrame maxW="760px">
      <BackHeader back={{ to: backHref, label: campaign?.title ?? '活动' }} title="我的抽奖记录" heading />
      <Box mt="4">
        <LoginPrompt text="登录后查看你的抽奖记录" to={loginHref} name="我的抽奖记录" />
      </Box>
      {status === 'loading' ? (
        <LoadingState label="正在加载活动…" paddingTop={40} />
      ) : status === 'notFound' ? (
        <EmptyState paddingTop={40} {...campaignNotFound(props.moreHref)} />
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
