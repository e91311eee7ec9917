import { Box, Button, Container, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BackHeader } from '../../components/BackHeader';
import { FormAlert } from '../../components/auth/formParts';
import { formatDateTime } from '../../components/shanghaiTime';
import { WhiteCard } from '../../components/WhiteCard';
import type { DrawCheck, PrizeResultData } from '../../flows/prize';
import { HashText, NotReady, PhaseBadge } from './parts';
import { TechDetails } from '../../components/TechDetails';

export type DrawCheckState = { status: 'idle' } | { status: 'checking' } | { status: 'done'; check: DrawCheck | null };

export interface ShipToProps {
  /** The member's saved address in one line; null: none saved yet. */
  address: string | null;
  saving: boolean;
  error: string | null;
  onConfirm: () => void;
  /** Where the address is filled in or changed. */
  addressPath: string;
}

export interface PrizeResultViewProps {
  status: 'loading' | 'error' | 'notFound' | 'ready';
  data: PrizeResultData | null;
  error?: string | null;
  onRetry?: () => void;
  /** A winner who has not confirmed an address yet; null otherwise. */
  shipTo: ShipToProps | null;
  check: DrawCheckState;
  onVerify: () => void;
  loginHref: string;
  detailPath: string;
  /** Where a sent winner fills in the trial report (/prize/report?id=). */
  reportPath: string;
}

/** A winner's report-back: waiting for the parcel, the call to fill it in, or thanks. */
function Report({ data, reportPath }: { data: PrizeResultData; reportPath: string }) {
  const mine = data.mine!;
  const points = data.trial.reportPoints ?? 0;
  const reward = points > 0 ? `，提交后可得 ${points} 微豆` : '';
  if (mine.report === 'waiting')
    return (
      <Text color="gray.600" fontSize="14px">
        试用品寄出后，请在这里填写试用报告{reward}。
      </Text>
    );
  if (mine.report === 'todo')
    return (
      <Stack gap="2" bg="brand.50" borderRadius="md" p="4" data-testid="prize-report-call">
        <Text color="gray.800" fontWeight="semibold">
          试用品已于 {mine.shippedAt !== null ? formatDateTime(mine.shippedAt) : ''} 寄出
        </Text>
        <Text color="gray.700">收到并试用后，请填写试用报告，分享你的真实使用感受{reward}。</Text>
        <Button asChild colorPalette="brand" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
          <RouterLink to={reportPath}>填写试用报告</RouterLink>
        </Button>
      </Stack>
    );
  if (mine.report === 'done')
    return (
      <Text color="green.700" fontWeight="semibold">
        试用报告已提交，感谢你的反馈{points > 0 ? `（${points} 微豆已到账）` : ''}。
      </Text>
    );
  return null;
}

function Mine({
  data,
  shipTo,
  loginHref,
  reportPath,
}: Pick<PrizeResultViewProps, 'shipTo' | 'loginHref' | 'reportPath'> & { data: PrizeResultData }) {
  const drawn = data.trial.phase === 'drawn';
  const mine = data.mine;
  if (!mine)
    return (
      <Flex gap="3" align="center" wrap="wrap">
        <Text color="gray.700">登录后查看你是否中签。</Text>
        <Button asChild size="sm" colorPalette="brand" variant="outline">
          <RouterLink to={loginHref}>登录</RouterLink>
        </Button>
      </Flex>
    );
  if (!mine.applied) return <Text color="gray.700">你没有申请这个试用。</Text>;
  if (!drawn) return <Text color="gray.700">你已申请，等待开奖。</Text>;
  if (!mine.won) return <Text color="gray.700">很遗憾，这次没有中签。感谢参与，下次再来！</Text>;
  return (
    <Stack gap="3">
      <Text fontSize="18px" fontWeight="semibold" color="green.700">
        恭喜，你中签了！
      </Text>
      {mine.shipTo ? (
        <Text color="gray.700">
          收货地址已确认：{mine.shipTo}。{mine.shippedAt === null ? '我们会尽快寄出试用品。' : ''}
        </Text>
      ) : shipTo ? (
        <Stack gap="2">
          {shipTo.address ? (
            <>
              <Text color="gray.700">寄到你的收货地址：{shipTo.address}</Text>
              {shipTo.error ? <FormAlert>{shipTo.error}</FormAlert> : null}
              <Flex gap="3" wrap="wrap">
                <Button colorPalette="brand" loading={shipTo.saving} loadingText="正在确认…" onClick={shipTo.onConfirm}>
                  确认使用此地址
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to={shipTo.addressPath}>修改收货地址</RouterLink>
                </Button>
              </Flex>
            </>
          ) : (
            <Flex gap="3" align="center" wrap="wrap">
              <Text color="gray.700">你还没有填写收货地址。</Text>
              <Button asChild colorPalette="brand">
                <RouterLink to={shipTo.addressPath}>去填写收货地址</RouterLink>
              </Button>
            </Flex>
          )}
        </Stack>
      ) : null}
      <Report data={data} reportPath={reportPath} />
    </Stack>
  );
}

function CheckResult({ check }: { check: DrawCheckState }) {
  if (check.status !== 'done') return null;
  if (!check.check) return <FormAlert>种子尚未公开，开奖后才能复核。</FormAlert>;
  const c = check.check;
  return (
    <FormAlert tone={c.ok ? 'info' : 'error'}>
      {c.ok
        ? '复核通过：公开的种子与事先公布的指纹吻合，用它重新排出的中签名单与公布的完全相同。'
        : `复核未通过：${[!c.hashMatches && '种子与事先公布的指纹不吻合', !c.digestsMatch && '重新算出的排序与公布的不同', !c.winnersMatch && '中签名单与公布的不同'].filter(Boolean).join('，')}。请联系客服。`}
    </FormAlert>
  );
}

/** `/prize/result?id=` the draw: winners (masked), my outcome, the seed and how to check it. */
export function PrizeResultView(props: PrizeResultViewProps) {
  const back = { to: props.detailPath, label: '试用详情' };
  if (props.status !== 'ready' || !props.data)
    return (
      <NotReady
        back={back}
        title="开奖结果"
        status={props.status}
        error={props.error ?? null}
        onRetry={props.onRetry}
      />
    );
  const d = props.data;
  const drawn = d.trial.phase === 'drawn';
  return (
    <Box bg="gray.50" pb={{ base: '8', md: '14' }}>
      <Container maxW="1040px" px={{ base: '4', md: '6' }} py={{ base: '3', md: '6' }}>
        <BackHeader back={back} title="开奖结果" />
        <Stack mt="4" gap={{ base: '4', md: '5' }}>
          <WhiteCard p={{ base: '5', md: '6' }}>
            <PhaseBadge phase={d.trial.phase} />
            <Heading as="h1" mt="2" fontSize={{ base: '21px', md: '24px' }} color="gray.900">
              {d.trial.title}
            </Heading>
            <Text mt="1" fontSize="14px" color="gray.600">
              {d.trial.units} 份 · {d.trial.applicants} 人申请 ·{' '}
              {drawn && d.drawnAt !== null
                ? `${formatDateTime(d.drawnAt)} 开奖`
                : `${formatDateTime(d.trial.closesAt)} 截止后开奖`}
            </Text>
            <Box mt="4">
              <Mine data={d} shipTo={props.shipTo} loginHref={props.loginHref} reportPath={props.reportPath} />
            </Box>
          </WhiteCard>
          <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '4', md: '5' }} align={{ lg: 'flex-start' }}>
            <WhiteCard p={{ base: '5', md: '6' }} flex="1" minW="0">
              <Heading as="h2" fontSize="17px">
                中签名单
              </Heading>
              {drawn ? (
                d.winners.length ? (
                  <Table.Root size="sm" mt="3">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>名次</Table.ColumnHeader>
                        <Table.ColumnHeader>会员</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {d.winners.map((w) => (
                        <Table.Row key={w.applicationId}>
                          <Table.Cell>{w.rank}</Table.Cell>
                          <Table.Cell>{w.nickname}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                ) : (
                  <Text mt="2" color="gray.600">
                    这个试用没有人申请。
                  </Text>
                )
              ) : (
                <Text mt="2" color="gray.600">
                  申请截止后开奖，名单将在这里公布。
                </Text>
              )}
            </WhiteCard>
            <WhiteCard p={{ base: '5', md: '6' }} width={{ base: 'full', lg: '460px' }} flexShrink={0}>
              <Heading as="h2" fontSize="17px">
                如何验证公平
              </Heading>
              <Stack mt="3" gap="3">
                <Text fontSize="14px" color="gray.700" lineHeight="1.7">
                  中签名单在申请开始时就已锁定：我们先公布开奖种子的「指纹」，开奖时再公开种子，任何人都能核对两者吻合、并用它重新排出同一份名单，我们无法事后挑人。
                </Text>
                <TechDetails summary="技术细节：指纹、种子与计算步骤">
                  {d.mine?.applicationId ? (
                    <Text fontSize="13px" color="gray.600">
                      你的申请编号 {d.mine.applicationId}（全站申请的流水号，重算名单时用）
                    </Text>
                  ) : null}
                  <HashText label="事先公布的种子哈希（SHA-256）" value={d.trial.seedHash} />
                  {d.seed ? (
                    <HashText label="开奖时公开的种子" value={d.seed} />
                  ) : (
                    <Text fontSize="13px" color="gray.600">
                      种子将在开奖时公开。
                    </Text>
                  )}
                  <Stack
                    as="ol"
                    pl="5"
                    listStyleType="decimal"
                    gap="1.5"
                    fontSize="13px"
                    color="gray.700"
                    lineHeight="1.7"
                  >
                    {d.verifySteps.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </Stack>
                </TechDetails>
                {drawn ? (
                  <>
                    <Button
                      variant="outline"
                      colorPalette="brand"
                      onClick={props.onVerify}
                      loading={props.check.status === 'checking'}
                      loadingText="正在复核…"
                    >
                      在本机复核（共 {d.entries.length} 条申请）
                    </Button>
                    <CheckResult check={props.check} />
                  </>
                ) : null}
              </Stack>
            </WhiteCard>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}
