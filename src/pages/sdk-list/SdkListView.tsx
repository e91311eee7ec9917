import { Box, chakra, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DocPage, P, Section } from '../../components/DocPage';
import { PRIVACY_PATH } from '../../routing/paths';

export interface SdkEntry {
  name: string;
  provider: string;
  purpose: string;
  data: string;
  scene: string;
  policyUrl?: string;
}

export interface SdkListViewProps {
  sdks: readonly SdkEntry[];
  updatedDate: string;
}

/** `/privacy/sdk`: the third-party SDK directory the privacy policy refers to. */
export function SdkListView({ sdks, updatedDate }: SdkListViewProps) {
  return (
    <DocPage
      title="第三方 SDK 目录"
      subtitle="为实现第三方登录、文件上传和短信验证码等功能，我们使用了以下第三方服务提供的软件工具开发包（SDK）或接口。"
      meta={`更新日期：${updatedDate}`}
      width="1080px"
    >
      <Section title="SDK 列表">
        <Box display={{ base: 'none', md: 'block' }} overflowX="auto">
          <Table.Root size="sm" variant="outline" css={{ '& td, & th': { verticalAlign: 'top', lineHeight: '1.7' } }}>
            <Table.Header>
              <Table.Row bg="gray.50">
                <Table.ColumnHeader minW="120px">SDK 名称</Table.ColumnHeader>
                <Table.ColumnHeader minW="140px">提供方</Table.ColumnHeader>
                <Table.ColumnHeader>使用目的</Table.ColumnHeader>
                <Table.ColumnHeader>收集的个人信息</Table.ColumnHeader>
                <Table.ColumnHeader minW="100px">使用场景</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sdks.map((sdk) => (
                <Table.Row key={sdk.name}>
                  <Table.Cell fontWeight="semibold" color="ink">
                    {sdk.name}
                    {sdk.policyUrl && (
                      <Box mt="1">
                        <PolicyLink href={sdk.policyUrl} />
                      </Box>
                    )}
                  </Table.Cell>
                  <Table.Cell>{sdk.provider}</Table.Cell>
                  <Table.Cell>{sdk.purpose}</Table.Cell>
                  <Table.Cell>{sdk.data}</Table.Cell>
                  <Table.Cell>{sdk.scene}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>

        <Stack display={{ base: 'flex', md: 'none' }} gap="3">
          {sdks.map((sdk) => (
            <Box key={sdk.name} borderWidth="1px" borderColor="gray.200" borderRadius="xl" p="4">
              <Text fontWeight="bold" color="ink" fontSize="16px">
                {sdk.name}
              </Text>
              <Stack as="dl" gap="1.5" mt="2" fontSize="14px">
                <Field label="提供方" value={sdk.provider} />
                <Field label="使用目的" value={sdk.purpose} />
                <Field label="收集信息" value={sdk.data} />
                <Field label="使用场景" value={sdk.scene} />
              </Stack>
              {sdk.policyUrl && (
                <Box mt="2" fontSize="14px">
                  <PolicyLink href={sdk.policyUrl} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      </Section>

      <Section title="说明">
        <P>
          上述 SDK
          仅在你使用对应功能时启用：例如你不使用微信登录，就不会调用微信开放平台的服务。我们会评估第三方的数据安全能力，并通过协议要求其按约定目的和最小范围处理个人信息。
        </P>
        <P>
          第三方对个人信息的处理适用其各自的隐私政策。如你对 SDK 的使用有疑问，请参阅我们的《
          <Box asChild color="brand.700" textDecoration="underline" textUnderlineOffset="3px">
            <RouterLink to={PRIVACY_PATH}>隐私政策</RouterLink>
          </Box>
          》或联系我们。
        </P>
      </Section>
    </DocPage>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box display="flex" gap="3">
      <chakra.dt flexShrink={0} width="5em" color="gray.500">
        {label}
      </chakra.dt>
      <chakra.dd color="gray.700">{value}</chakra.dd>
    </Box>
  );
}

function PolicyLink({ href }: { href: string }) {
  return (
    <chakra.a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="brand.700"
      fontWeight="normal"
      fontSize="13px"
      textDecoration="underline"
      textUnderlineOffset="3px"
    >
      查看其隐私政策
    </chakra.a>
  );
}
