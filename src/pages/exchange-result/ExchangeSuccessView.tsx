import { Box, Button, Circle, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { FollowedExchangeCard } from '../../components/exchange/ExchangeStatusCard';
import type { FollowedExchangeProps } from '../../components/exchange/followed';
import { formatPoints } from '../../components/exchange/format';
import { Panel } from '../../components/exchange/parts';

export interface ExchangeSuccessViewProps extends FollowedExchangeProps {
  /** Balance right after the redemption, when the page was reached from it. */
  balanceAfter?: number | null;
}

/** `/exchange/success`: the new exchange (normally 待审核) and what happens next. */
export function ExchangeSuccessView(props: ExchangeSuccessViewProps) {
  const { status, exchange } = props;
  let body: React.ReactNode;
  if (status === 'trackFailed' || (!exchange && status !== 'tracking'))
    body = <ErrorState paddingTop={60} description={props.error || undefined} onRetry={props.onRetry} />;
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
        <Box textStyle="caption.soft" bg="gray.50" borderRadius="lg" p="3.5">
          <Text fontWeight="medium" color="gray.700" mb="1">
            接下来
          </Text>
          <Text>1. 运营人员审核兑换单，一般 1 个工作日内完成，节假日顺延。</Text>
          <Text>2. 审核通过后发放：虚拟商品的卡密显示在兑换记录里；现金 1–3 个工作日到账；实物 7 个工作日内发货。</Text>
          <Text>3. 审核未通过或发放失败时，微豆会全部退回，可在「微豆明细」查看。</Text>
        </Box>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Button asChild flex={{ base: 'none', sm: '1' }} colorPalette="brand" borderRadius="full" h="46px">
            <RouterLink to={`/home/exchange?id=${exchange.id}`}>查看兑换记录</RouterLink>
          </Button>
          <Button
            asChild
            flex={{ base: 'none', sm: '1' }}
            variant="outline"
            colorPalette="brand"
            borderRadius="full"
            h="46px"
          >
            <RouterLink to="/exchange">继续兑换</RouterLink>
          </Button>
        </Flex>
      </Stack>
    );
  }
  return (
    <Box bg="gray.50" minH="70vh">
      <Box maxW="640px" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '10' }}>
        <Panel>{body}</Panel>
      </Box>
    </Box>
  );
}
