import { SimpleGrid } from '@chakra-ui/react';
import { FeatureStack } from '../../components/FeatureCard';
import { DocPage, P, Section } from '../../components/DocPage';
import { ChartIcon, ShieldIcon, UsersIcon } from '../../components/icons';

export interface AboutViewProps {
  companyName: string;
  productName: string;
  supportEmail: string;
  businessEmail: string;
}

const VALUES = [
  {
    icon: <UsersIcon />,
    title: '尊重每一位会员',
    text: '你的时间和观点有价值。任务时长如实标注，规则提前说明，奖励按时发放。',
  },
  {
    icon: <ChartIcon />,
    title: '真实的数据',
    text: '严格的质量控制让每一份有效答卷都经得起推敲，帮助决策者听见真实的声音。',
  },
  {
    icon: <ShieldIcon />,
    title: '保护个人信息',
    text: '依照《个人信息保护法》处理数据，答卷去标识化后才交付，绝不出售个人信息。',
  },
];

/** `/about`: who runs 微豆调研 and why. */
export function AboutView({ companyName, productName, supportEmail, businessEmail }: AboutViewProps) {
  return (
    <DocPage
      title="关于我们"
      subtitle={`${productName}是${companyName}运营的在线调研社区，连接愿意分享观点的消费者与需要真实洞察的品牌和研究机构。`}
      width="960px"
    >
      <Section title="我们是谁">
        <P>
          {productName}
          是一个面向中文用户的在线调研与任务平台。会员通过参与问卷调查、有奖试用、线上讨论组、应用试玩和视频观看等任务获得“微豆”奖励，微豆可以兑换现金、虚拟卡券和实物礼品。
        </P>
        <P>
          对于品牌方、市场研究公司和高校研究团队，我们提供样本招募、问卷投放、质量控制和数据交付服务，让调研既快又可靠。
        </P>
      </Section>

      <Section title="我们的理念">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {VALUES.map((v) => (
            <FeatureStack
              key={v.title}
              icon={v.icon}
              title={v.title}
              text={v.text}
              borderRadius="xl"
              layerStyle="tile"
              lineHeight="1.8"
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section title="我们如何运作">
        <P>
          每个任务在上线前都会由我们的项目团队审核：确认调研目的正当、问卷内容不涉及违法或令人不适的信息、预计时长和奖励标注准确。会员完成任务后，系统依据答题质量规则自动校验，并由人工抽检，确认有效后发放微豆。
        </P>
        <P>
          我们只向调研合作方交付去标识化的答卷数据，合作方无法据此识别你的身份。关于个人信息处理的全部细节，请阅读《隐私政策》。
        </P>
      </Section>

      <Section title="联系我们">
        <P>运营主体：{companyName}</P>
        <P>会员服务：{supportEmail}（工作日 9:00–18:00，一般在 1–2 个工作日内回复）</P>
        <P>商务合作：{businessEmail}</P>
        <P>登录后也可以在“帮助与反馈”中提交问题，客服会在工单中回复你。</P>
      </Section>
    </DocPage>
  );
}
