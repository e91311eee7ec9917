import { Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LowQualityReason } from '../../../openapi/enums';
import { QUALITY_ADVICE, QUALITY_LEVELS, QUALITY_WINDOW_DAYS } from '../../../openapi/rules/quality';
import { BackHeader } from '../BackHeader';
import { BrandCard } from '../BrandCard';
import { LoginPrompt } from '../LoginPrompt';
import { WhiteCard } from '../WhiteCard';
import { VISITOR_PROMPT } from './prompt';
import { QualityFrame } from './QualityFrame';
import { EFFICIENT_PATH } from '../../routing/paths';

/** The answer-quality pages a visitor may open; each shows what it is about instead of a member's figures. */
export type QualityVisitorPage = 'overview' | 'detail' | 'analysis' | 'monthly';

export interface QualityVisitorViewProps {
  page: QualityVisitorPage;
  /** The login page coming back to this page. */
  loginHref: string;
  /** 等级规则 and 月度答题之星, each null while not routed. */
  links: { level: string | null; appraise: string | null };
}

/** Every cause of an invalid answer (spec §3's five reasons, 答题过快, 合作方复核未通过) with its advice. */
export const QUALITY_CAUSES: { key: keyof typeof QUALITY_ADVICE; label: string }[] = [
  ...LowQualityReason.list.map((v) => ({
    key: String(v) as keyof typeof QUALITY_ADVICE,
    label: LowQualityReason.labels[v],
  })),
  { key: 'tooFast', label: '答题过快' },
  { key: 'reversed', label: '合作方复核未通过' },
];

const TITLES: Record<QualityVisitorPage, string> = {
  overview: '答题质量',
  detail: '无效答卷明细',
  analysis: '质量分析',
  monthly: '答题月报',
};

const card = { p: { base: '4', md: '5' } } as const;

function HowJudged() {
  return (
    <WhiteCard {...card} as="section" aria-labelledby="q-how">
      <Heading as="h2" id="q-how" fontSize="16px" mb="3">
        怎么评判
      </Heading>
      <List.Root as="ul" listStyleType="disc" gap="1.5" ps="5" fontSize="14px">
        <List.Item>按近 {QUALITY_WINDOW_DAYS} 天完成的答卷计算，每次答卷结算后自动更新。</List.Item>
        <List.Item>计入：完整答完的答卷，包括答得过快的；被甄别、配额已满或超时的答卷不计入。</List.Item>
        <List.Item>有效答卷：没有下面任何一种无效原因、也没有被合作方复核退回的答卷。</List.Item>
        <List.Item>有效率 = 有效答卷数 ÷ 计入的答卷数。有效率和答卷数决定你的质量等级。</List.Item>
        <List.Item>被判无效的答卷按任务规则少发或不发微豆；对判定有异议可以提交申诉，我们会复核。</List.Item>
      </List.Root>
    </WhiteCard>
  );
}

function LevelsGlance({ levelHref }: { levelHref: string | null }) {
  return (
    <WhiteCard {...card} as="section" aria-labelledby="q-levels">
      <Flex align="center" justify="space-between" gap="2" mb="3">
        <Heading as="h2" id="q-levels" fontSize="16px">
          质量等级
        </Heading>
        {levelHref && (
          <Button asChild size="xs" variant="ghost" colorPalette="brand">
            <RouterLink to={levelHref}>查看完整规则 ›</RouterLink>
          </Button>
        )}
      </Flex>
      <Stack gap="2.5" as="ul" listStyleType="none">
        {QUALITY_LEVELS.map((l) => (
          <Stack as="li" key={l.level} gap="0.5" data-testid="level-glance">
            <Text fontWeight="semibold">{l.name}</Text>
            <Text fontSize="13px" color="fg.muted">
              {l.perks[0]}
            </Text>
          </Stack>
        ))}
      </Stack>
    </WhiteCard>
  );
}

/** The causes of an invalid answer with advice on each. */
export function QualityCauses({ title = '答卷为什么会被判无效' }: { title?: string }) {
  return (
    <WhiteCard {...card} as="section" aria-labelledby="q-causes">
      <Heading as="h2" id="q-causes" fontSize="16px" mb="3">
        {title}
      </Heading>
      <Stack gap="3" as="ul" listStyleType="none">
        {QUALITY_CAUSES.map((c) => (
          <Stack as="li" key={c.key} gap="0.5" data-testid="cause-advice">
            <Text fontWeight="semibold">{c.label}</Text>
            <Text fontSize="14px" color="fg.muted">
              {QUALITY_ADVICE[c.key]}
            </Text>
          </Stack>
        ))}
      </Stack>
    </WhiteCard>
  );
}

function MonthlyContents() {
  return (
    <WhiteCard {...card} as="section" aria-labelledby="q-monthly">
      <Heading as="h2" id="q-monthly" fontSize="16px" mb="3">
        月报里有什么
      </Heading>
      <List.Root as="ul" listStyleType="disc" gap="1.5" ps="5" fontSize="14px">
        <List.Item>当月完成的任务数、有效答卷数和有效率；</List.Item>
        <List.Item>当月获得的微豆；</List.Item>
        <List.Item>和你之前几个月比，以及和全体会员的中位数比，是进步了还是需要加油；</List.Item>
        <List.Item>可以切换月份，查看过去每个月的月报。</List.Item>
      </List.Root>
    </WhiteCard>
  );
}

const INTRO: Record<Exclude<QualityVisitorPage, 'overview'>, string> = {
  detail: `登录后，这里列出你近 ${QUALITY_WINDOW_DAYS} 天被判为无效的答卷、原因和时间；对判定有异议可以申诉，我们会复核。`,
  analysis: '登录后，这里按原因统计你被判无效的答卷，最常见的排在前面，并附上改进建议。',
  monthly: '答题月报按月汇总你的答题情况，帮你看清自己的答题质量变化。',
};

/**
 * What a visitor sees on /efficient, /efficient/detail, /efficient/qualityAnalysis and
 * /efficient/monthly-report: what answer quality is and how it is judged, the levels, the causes
 * of an invalid answer with advice, and one login prompt where the member's own figures would be.
 */
export function QualityVisitorView({ page, loginHref, links }: QualityVisitorViewProps) {
  const prompt = <LoginPrompt text={VISITOR_PROMPT} to={loginHref} name="我的答题质量" />;
  return (
    <QualityFrame>
      {page === 'overview' ? (
        <Stack gap={{ base: '4', md: '5' }}>
          <BrandCard>
            <Heading as="h1" fontSize={{ base: '18px', md: '20px' }} color="white">
              答题质量
            </Heading>
            <Text mt="2" fontSize={{ base: '14px', md: '15px' }} color="whiteAlpha.900">
              答题质量看的是你近 {QUALITY_WINDOW_DAYS}
              天完成的答卷里有多少是有效的。认真作答，等级越高，能参加的任务和能兑换的商品就越多。
            </Text>
          </BrandCard>
          {prompt}
          <HowJudged />
          <LevelsGlance levelHref={links.level} />
          <QualityCauses />
          <Flex gap="3" wrap="wrap">
            {links.level && (
              <Button asChild variant="outline" borderRadius="full">
                <RouterLink to={links.level}>等级规则</RouterLink>
              </Button>
            )}
            {links.appraise && (
              <Button asChild variant="outline" borderRadius="full">
                <RouterLink to={links.appraise}>月度答题之星</RouterLink>
              </Button>
            )}
          </Flex>
        </Stack>
      ) : (
        <Stack gap={{ base: '3', md: '4' }}>
          <BackHeader back={{ to: EFFICIENT_PATH, label: '答题质量' }} title={TITLES[page]} heading />
          <Text fontSize="14px" color="fg.muted">
            {INTRO[page]}
          </Text>
          {prompt}
          {page === 'monthly' ? <MonthlyContents /> : <QualityCauses />}
          {page === 'monthly' && <HowJudged />}
        </Stack>
      )}
    </QualityFrame>
  );
}
