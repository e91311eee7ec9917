import { Box } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DocPage, List, Note, P, Section, Strong, SubTitle } from '../../components/DocPage';
import { SDK_LIST_PATH } from '../../routing/paths';

export interface PrivacyViewProps {
  companyName: string;
  productName: string;
  privacyEmail: string;
  updatedDate: string;
  effectiveDate: string;
}

const linkStyle = { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '3px' } as const;

/** `/privacy`: 隐私政策 under the Personal Information Protection Law (PIPL). */
export function PrivacyView({ companyName, productName, privacyEmail, updatedDate, effectiveDate }: PrivacyViewProps) {
  return (
    <DocPage title={`${productName}隐私政策`} meta={`更新日期：${updatedDate} · 生效日期：${effectiveDate}`}>
      <Note>
        {companyName}（以下简称“我们”）是{productName}
        的个人信息处理者。我们依据《中华人民共和国个人信息保护法》《网络安全法》《数据安全法》等法律法规，遵循合法、正当、必要和诚信原则处理你的个人信息。
        <Strong>本政策中与你权益密切相关的内容以及敏感个人信息以粗体标示，请重点阅读。</Strong>
      </Note>

      <Section title="一、我们收集哪些信息，用于什么目的">
        <SubTitle>1. 注册与登录</SubTitle>
        <P>
          你注册或登录时，我们收集你的<Strong>手机号码</Strong>
          和短信验证码，用于创建账号、验证身份和保障账号安全。手机号码和验证码在你的浏览器中使用公钥加密后再发送。选择密码登录时，我们以不可逆的加密方式保存密码。
        </P>
        <P>
          你使用微信、QQ、微博或支付宝登录时，经你授权，我们从对应平台获取你的平台用户标识（如
          OpenID）、昵称和头像，仅用于登录和账号绑定。
        </P>
        <SubTitle>2. 设备与日志信息</SubTitle>
        <P>
          为识别账号异常、防止一人多号和作弊，并满足网络安全法对日志留存的要求，我们会收集<Strong>设备标识符</Strong>
          （在你的浏览器本地生成的随机设备 ID）、设备类型（手机、电脑或平板）、浏览器类型与版本、操作系统、
          <Strong>IP 地址</Strong>
          及访问时间。部分任务按地区投放，我们会根据 IP 地址推断你所在的城市（不会获取精确定位）。
        </P>
        <SubTitle>3. 任务与答卷信息</SubTitle>
        <P>
          你参与任务时，我们记录你的参与情况（开始和完成时间、参与结果、审核状态）以及你提交的<Strong>答卷内容</Strong>
          ，用于发放微豆、评估答题质量以及向调研委托方交付去标识化的结果。你填写的个人属性问卷（如年龄段、职业、收入区间、家庭情况）用于为你匹配合适的任务。
        </P>
        <SubTitle>4. 兑换与实名信息</SubTitle>
        <P>
          兑换实物奖励时，我们收集收货人姓名、电话和地址用于寄送；兑换现金类奖励时，依据反洗钱和税收相关规定，我们需要收集你的
          <Strong>真实姓名、身份证号码和收款账户信息</Strong>用于实名认证、依法代扣代缴税款和付款。
        </P>
        <SubTitle>5. 客服与反馈</SubTitle>
        <P>你提交反馈、申诉时，我们收集你填写的内容、上传的截图及联系方式，用于处理你的问题。</P>
        <P>
          <Strong>
            身份证号码、收款账户信息属于敏感个人信息，我们仅在你主动发起现金兑换时，在取得你的单独同意后收集。拒绝提供不影响你使用其他功能，但将无法兑换现金类奖励。
          </Strong>
        </P>
      </Section>

      <Section title="二、Cookie 与本地存储">
        <P>
          我们使用 Cookie 和浏览器本地存储保存你的登录状态（有效期 14 天）、设备 ID
          和页面偏好，使你无需反复登录。我们不使用 Cookie 进行跨网站追踪或广告投放。你可以在浏览器设置中清除
          Cookie，但清除后需要重新登录。
        </P>
      </Section>

      <Section title="三、委托处理、共享、转让与公开披露">
        <P>
          <Strong>我们不会出售你的个人信息。</Strong>我们仅在下列情形下对外提供信息：
        </P>
        <List
          items={[
            <>
              <Strong>调研委托方：</Strong>
              我们向委托方交付的答卷数据经过去标识化处理，不包含你的姓名、手机号、账号等可直接识别身份的信息，并以合同约定委托方不得尝试重新识别你的身份。
            </>,
            '服务提供商：短信发送、云存储、奖励发放与物流等服务由我们委托的供应商完成，我们与其签订数据处理协议，要求其仅按我们的指示和本政策处理信息。所用第三方 SDK 见下方目录。',
            '法定情形：根据法律法规、诉讼或行政、司法机关的强制性要求，我们可能依法提供必要的信息。',
            '合并、分立或解散：涉及个人信息转移的，我们会告知接收方的名称和联系方式，并要求其继续受本政策约束。',
          ]}
        />
        <P>
          第三方 SDK 的名称、提供方、用途和收集的信息，请查看《
          <Box asChild {...linkStyle}>
            <RouterLink to={SDK_LIST_PATH}>第三方 SDK 目录</RouterLink>
          </Box>
          》。
        </P>
      </Section>

      <Section title="四、存储地点与期限">
        <P>
          <Strong>我们在中华人民共和国境内收集和产生的个人信息，均存储在中华人民共和国境内，不向境外提供。</Strong>
        </P>
        <P>
          我们仅在实现处理目的所必需的最短期间内保存你的个人信息：账号信息在账号存续期间保存；你注销账号后，我们将在 15
          个工作日内删除或匿名化你的个人信息，但法律法规要求保存的除外（例如网络日志至少保存六个月、交易和兑换记录自交易完成之日起保存三年）。
        </P>
      </Section>

      <Section title="五、我们如何保护你的信息">
        <List
          items={[
            '全站使用 HTTPS 加密传输，手机号码、验证码在发送前额外加密；',
            '密码以加盐的不可逆算法保存，任何员工都无法查看你的明文密码；',
            '按最小权限原则管理员工访问权限，访问个人信息的操作均留有日志；',
            '制定个人信息安全事件应急预案。发生安全事件时，我们将按法律要求及时告知你和监管部门。',
          ]}
        />
      </Section>

      <Section title="六、你的权利">
        <P>依据《个人信息保护法》，你对自己的个人信息享有以下权利：</P>
        <List
          items={[
            '查阅与复制：在“个人中心”查看账号资料，在“任务记录”“微豆明细”“兑换记录”查看你的记录；',
            '更正与补充：在“个人中心”修改昵称、头像、手机号、邮箱、收货信息和个人属性问卷；',
            '删除：在法律规定的情形下，你可以要求我们删除你的个人信息；',
            '撤回同意：你可以解绑第三方账号、删除收款信息，撤回同意不影响撤回前基于同意已进行的处理；',
            '注销账号：通过“帮助与反馈”申请注销，我们将在核验身份后 15 个工作日内完成；',
            '个人信息转移：符合国家网信部门规定条件的，你可以请求将个人信息转移至你指定的处理者；',
            '获得解释：对我们的个人信息处理规则有疑问的，你可以要求我们解释说明。',
          ]}
        />
        <P>我们会在收到你的请求并验证身份后 15 个工作日内答复。</P>
      </Section>

      <Section title="七、未成年人保护">
        <P>
          <Strong>本服务主要面向成年人。不满 14 周岁的未成年人请勿注册和使用本服务；</Strong>
          14 至 18 周岁的未成年人应在监护人同意和指导下使用。我们发现在未取得监护人同意的情况下收集了不满 14
          周岁儿童的个人信息的，将尽快删除。
        </P>
      </Section>

      <Section title="八、本政策的更新">
        <P>
          本政策可能因业务变化或法律要求而更新。更新后的政策将在本页面公布；涉及处理目的、方式或个人信息种类等重大变化时，我们会以站内消息或弹窗方式通知你，并在必要时重新征得你的同意。
        </P>
      </Section>

      <Section title="九、联系我们">
        <P>如你对本政策或个人信息处理有任何疑问、意见或投诉，可通过以下方式联系我们的个人信息保护负责人：</P>
        <List items={[`电子邮箱：${privacyEmail}`, '登录后在“帮助与反馈”提交工单', `运营主体：${companyName}`]} />
        <P>
          如你对我们的答复不满意，或认为我们的处理行为损害了你的合法权益，你还可以向网信、市场监管等监管部门投诉举报，或向有管辖权的人民法院提起诉讼。
        </P>
      </Section>
    </DocPage>
  );
}
