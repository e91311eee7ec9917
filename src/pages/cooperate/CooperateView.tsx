import { Box, Button, chakra, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FeatureCard } from '../../components/FeatureCard';
import { DocPage, List, P, Section } from '../../components/DocPage';
import {
  ChartIcon,
  ChatIcon,
  MailIcon,
  PhoneAppIcon,
  ShieldIcon,
  SurveyIcon,
  TargetIcon,
  TrialIcon,
  UsersIcon,
  VideoIcon,
} from '../../components/icons';

export interface CooperateViewProps {
  businessEmail: string;
}

const CAPABILITIES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <UsersIcon />,
    title: '样本规模',
    text: '按你的研究设计确定样本量和配额结构，立项前给出可行性评估与预计回收周期，进度实时可查。',
  },
  {
    icon: <TargetIcon />,
    title: '精准定向',
    text: '依据会员的人口属性、地域、职业、消费习惯和设备等画像定向邀请，支持多层配额与甄别题。',
  },
  {
    icon: <ShieldIcon />,
    title: '质量控制',
    text: '陷阱题、作答时长、逻辑校验、开放题审核，以及 IP、设备、Cookie 与地区去重，无效样本剔除后交付。',
  },
  {
    icon: <ChartIcon />,
    title: '数据交付',
    text: '去标识化的原始数据与清洗说明，支持 SPSS、Excel、CSV 等格式，可按需提供交叉分析与报告。',
  },
];

const SERVICES = [
  { icon: <SurveyIcon />, title: '在线问卷', text: '消费者洞察、满意度、品牌追踪、概念测试' },
  { icon: <TrialIcon />, title: '产品试用', text: '新品招募试用、使用日记与体验回访' },
  { icon: <ChatIcon />, title: '线上讨论组', text: '主持人引导的多日焦点小组讨论' },
  { icon: <PhoneAppIcon />, title: '应用试玩', text: 'App 可用性测试与体验反馈' },
  { icon: <VideoIcon />, title: '视频测试', text: '广告与内容素材的观看测试' },
];

/** `/cooperate`: 商务合作 for brands, agencies and researchers. */
export function CooperateView({ businessEmail }: CooperateViewProps) {
  return (
    <DocPage
      title="商务合作"
      subtitle="面向品牌方、市场研究公司与高校研究团队：从样本招募到数据交付，帮你高效获得真实、可靠的消费者声音。"
      width="1080px"
    >
      <Section title="我们能为你做什么">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {CAPABILITIES.map((c) => (
            <FeatureCard key={c.title} icon={c.icon} title={c.title} text={c.text} />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="服务类型">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3">
          {SERVICES.map((s) => (
            <Stack key={s.title} gap="2" p="4" borderRadius="xl" borderWidth="1px" borderColor="gray.200">
              <Box color="brand.600" css={{ '& svg': { width: '24px', height: '24px' } }}>
                {s.icon}
              </Box>
              <Text fontWeight="semibold" color="ink">
                {s.title}
              </Text>
              <Text textStyle="caption.muted" lineHeight="1.7">
                {s.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section title="合作流程">
        <List
          ordered
          items={[
            '需求沟通：研究目标、目标人群、样本量与配额、问卷长度和时间要求；',
            '方案与报价：评估可行性和回收周期，确认激励标准与质量控制规则；',
            '问卷对接：使用你的问卷系统（通过跳转链接与完成回调对接），或由我们协助编程；',
            '投放与监控：按配额定向邀请会员，实时查看回收进度和配额完成情况；',
            '清洗与交付：剔除无效样本，交付去标识化数据和清洗说明。',
          ]}
        />
        <P>
          所有项目均签订保密协议。会员的个人身份信息不会交付给委托方；如需回访特定样本，将通过平台内邀请并取得会员同意。
        </P>
      </Section>

      <Section title="联系商务">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="4"
          p={{ base: '5', md: '6' }}
          borderRadius="xl"
          bgGradient="to-r"
          gradientFrom="brand.50"
          gradientTo="orange.50"
          borderWidth="1px"
          borderColor="brand.100"
        >
          <Box>
            <Text fontWeight="semibold" textStyle="title.card">
              请将需求发送至商务邮箱，我们会在 1 个工作日内与你联系
            </Text>
            <Text mt="1" textStyle="body.muted">
              邮件中注明公司名称、研究目标、目标人群和期望时间，可以帮助我们更快给出方案。
            </Text>
          </Box>
          <Button asChild colorPalette="brand" borderRadius="full" px="6" flexShrink={0}>
            <chakra.a href={`mailto:${businessEmail}`}>
              <MailIcon />
              {businessEmail}
            </chakra.a>
          </Button>
        </Flex>
      </Section>
    </DocPage>
  );
}
