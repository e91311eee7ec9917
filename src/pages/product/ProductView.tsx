import { Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FeatureCard } from '../../components/FeatureCard';
import { DocPage, Section } from '../../components/DocPage';
import {
  ChartIcon,
  ClockIcon,
  CoinIcon,
  GiftIcon,
  HelpIcon,
  ListIcon,
  PhoneAppIcon,
  ShieldIcon,
  SurveyIcon,
  TicketIcon,
  UsersIcon,
} from '../../components/icons';
import { isRouted, EFFICIENT_PATH, REGISTER_PATH, FEEDBACK_HUB_PATH } from '../../routing/paths';

export interface ProductViewProps {
  productName: string;
  registerPath?: string;
}

/** `page`: the feature's own page; a feature whose page is not built yet is not advertised. */
const ALL_FEATURES: { icon: ReactNode; title: string; text: string; page?: string }[] = [
  {
    icon: <SurveyIcon />,
    title: '任务大厅',
    text: '问卷、试用、讨论组、应用试玩和视频任务集中展示，按奖励、时长筛选，抢答任务限时开放。',
  },
  { icon: <UsersIcon />, title: '新手任务', text: '完成个人资料和新手问卷，系统更懂你，匹配到的任务更多、更准。' },
  { icon: <ClockIcon />, title: '每日签到', text: '每天登录签到领取微豆，连续签到奖励更丰厚。' },
  {
    icon: <ChartIcon />,
    title: '答题质量',
    text: '查看有效答卷率、质量等级和每份无效答卷的原因，学习答题技巧，解锁更多任务。',
    page: EFFICIENT_PATH,
  },
  { icon: <CoinIcon />, title: '微豆明细', text: '每一笔微豆的收入、支出和余额变化清清楚楚，对账零烦恼。' },
  { icon: <GiftIcon />, title: '兑换中心', text: '现金、虚拟卡券和实物奖励任你挑选，兑换进度全程可查。' },
  { icon: <TicketIcon />, title: '卡券专区', text: '兑换得到的电子卡券和优惠券统一管理，一键复制卡号卡密。' },
  { icon: <ListIcon />, title: '任务记录', text: '参与过的每个任务、结果与审核状态一目了然。' },
  {
    icon: <HelpIcon />,
    title: '帮助与反馈',
    text: '常见问题随时查阅，遇到问题提交工单，进度实时跟进。',
    page: FEEDBACK_HUB_PATH,
  },
  { icon: <ShieldIcon />, title: '安全保障', text: '登录信息加密传输，答卷去标识化交付，守护你的隐私。' },
  { icon: <PhoneAppIcon />, title: '手机也能用', text: '网页适配手机和电脑，随时随地都能答题、查看微豆。' },
];
const FEATURES = ALL_FEATURES.filter((f) => !f.page || isRouted(f.page));

/** `/product`: what members get. */
export function ProductView({ productName, registerPath = REGISTER_PATH }: ProductViewProps) {
  return (
    <DocPage
      title="产品介绍"
      subtitle={`${productName}让你在闲暇时参与调研，分享真实观点，用获得的微豆兑换喜欢的奖励。`}
      width="1080px"
    >
      <Section title="会员功能">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {FEATURES.map((f) => (
            <FeatureCard key={f.title} icon={f.icon} title={f.title} text={f.text} compact />
          ))}
        </SimpleGrid>
      </Section>
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'center' }}
        justify="space-between"
        gap="4"
        p="6"
        borderRadius="xl"
        bg="brand.50"
      >
        <Text fontWeight="semibold" textStyle="title.card">
          现在注册，完成新手任务即可开始赚微豆
        </Text>
        <Button asChild colorPalette="brand" borderRadius="full" px="8">
          <RouterLink to={registerPath}>立即注册</RouterLink>
        </Button>
      </Flex>
    </DocPage>
  );
}
