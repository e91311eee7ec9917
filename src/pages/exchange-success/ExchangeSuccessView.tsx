import { Box, Button, Circle, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { FollowedExchangeCard } from '../../components/exchange/ExchangeStatusCard';
import type { FollowedExchangeProps } from '../../components/exchange/followed';
import { formatPoints } from '../../components/exchange/format';
import { Panel } from '../../components/exchange/parts';
import { EXCHANGE_PATH, EXCHANGE_RECORDS_PATH, exchangeRecordPath } from '../../routing/paths';

export interface ExchangeSuccessViewProps extends FollowedExchangeProps {
  /** Balance right after the redemption, when the page was reached from it. */
  balanceAfter?: number | null;
}

/** `/exchange/success`: the new exchange (normally 待审核) and what happens next. */
export function ExchangeSuccessView(props: ExchangeSuccessViewProps) {
  const { status, exchange } = props;
  let body: React.ReactNode;
  if (status === 'trackFailed' || (!exchange && status !== 'tracking'))
    // Not found (another member's id, a mistyped one) or not loaded: say so, and where to go instead.
    body = (
      <Stack gap="5">
        <ErrorState
          paddingTop={20}
          title="没有找到这笔兑换"
          description={props.error ? `${props.error}。可以在兑换记录里查看你的全部兑换。` : undefined}
          onRetry={props.onRetry}
        />
        <NextSteps title="兑换之后" />
        <Links
          primary={{ to: EXCHANGE_RECORDS_PATH, label: '查看兑换记录' }}
          secondary={{ to: EXCHANGE_PATH, label: '去兑换中心' }}
        />
      </Stack>
    );
  else if (!exchange) body = <LoadingState paddingTop={60} />;
  else {
    const pending = exchange.state === 0;
    body = (
      <Stack gap="5">
        <Stack align="center" textAlign="center" gap="2" pt="2">
          <Circle
            size="64px"
            bg={exchange.refunded ? 'gray.100' : 'green.50'}
            color={exchange.refunded ? 'gray.500' : 'green.500'}
            fontSize="34px"
            aria-hidden="true"
          >
            {exchange.refunded ? '!' : '✓'}
          </Circle>
          <Heading as="h1" fontSize={{ base: '20px', md: '22px' }} color="gray.900">
            {pending
              ? '兑换已提交'
              : exchange.refunded
                ? '兑换未完成'
                : exchange.state === 1
                  ? '兑换完成'
                  : '兑换进行中'}
          </Heading>
          <Text textStyle="body.muted">
            {pending
              ? `已扣除 ${formatPoints(exchange.points)} 微豆，兑换单正在等待审核`
              : exchange.refunded
                ? `${formatPoints(exchange.points)} 微豆已退回你的账户`
                : `兑换单${exchange.stateLabel}`}
            {props.balanceAfter != null && pending ? `，当前余额 ${formatPoints(props.balanceAfter)} 微豆` : ''}
          </Text>
        </Stack>
        <FollowedExchangeCard exchange={exchange} followed={props} />
        <NextSteps />
        <Links
          primary={{ to: exchangeRecordPath(exchange.id), label: '查看兑换记录' }}
          secondary={{ to: EXCHANGE_PATH, label: '继续兑换' }}
        />
      </Stack>
    );
  }
  return <Frame>{body}</Frame>;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box bg="gray.50" minH="70vh">
      <Box maxW="640px" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '10' }}>
        <Panel>{children}</Panel>
      </Box>
    </Box>
  );
}

/** What happens after redeeming: review, issue, refund. */
function NextSteps({ title = '接下来' }: { title?: string }) {
  return (
    <Box textStyle="caption.soft" bg="gray.50" borderRadius="lg" p="3.5">
      <Text fontWeight="medium" color="gray.700" mb="1">
        {title}
      </Text>
      <Text>1. 运营人员审核兑换单，一般 1 个工作日内完成，节假日顺延。</Text>
      <Text>2. 审核通过后发放：虚拟商品的卡密显示在兑换记录里；现金 1–3 个工作日到账；实物 7 个工作日内发货。</Text>
      <Text>3. 审核未通过或发放失败时，微豆会全部退回，可在「微豆明细」查看。</Text>
    </Box>
  );
}

type LinkProps = { to: string; label: string };

function Links({ primary, secondary }: { primary: LinkProps; secondary: LinkProps }) {
  return (
    <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
      <Button asChild flex={{ base: 'none', sm: '1' }} colorPalette="brand" borderRadius="full" h="46px">
        <RouterLink to={primary.to}>{primary.label}</RouterLink>
      </Button>
      <Button
        asChild
        flex={{ base: 'none', sm: '1' }}
        variant="outline"
        colorPalette="brand"
        borderRadius="full"
        h="46px"
      >
        <RouterLink to={secondary.to}>{secondary.label}</RouterLink>
      </Button>
    </Flex>
  );
}

/**
 * `/exchange/success` for a visitor (no member call): what happens after redeeming, the login
 * prompt coming back to the same address, and the catalogue.
 */
export function ExchangeResultVisitorView({ loginHref }: { loginHref: string }) {
  return (
    <Frame>
      <Stack gap="5">
        <Stack align="center" textAlign="center" gap="2" pt="2">
          <Heading as="h1" fontSize={{ base: '20px', md: '22px' }} color="gray.900">
            兑换结果
          </Heading>
          <Text textStyle="body.muted">这里显示你刚提交的兑换单和它的进度。</Text>
        </Stack>
        <LoginPrompt text="登录后查看你的兑换结果" to={loginHref} name="我的兑换" />
        <NextSteps title="兑换之后" />
        <Links
          primary={{ to: EXCHANGE_PATH, label: '去兑换中心' }}
          secondary={{ to: loginHref, label: '登录查看兑换记录' }}
        />
      </Stack>
    </Frame>
  );
}
