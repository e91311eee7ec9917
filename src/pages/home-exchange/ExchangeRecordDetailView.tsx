import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { FollowedExchangeCard } from '../../components/exchange/ExchangeStatusCard';
import type { FollowedExchangeProps } from '../../components/exchange/followed';
import { isDisputableState } from '../../components/exchange/format';
import { ExchangeTimeline, Panel } from '../../components/exchange/parts';
import { PillLink } from '../../components/PillLink';
import { EXCHANGE_RECORDS_PATH } from '../../routing/paths';

export interface ExchangeRecordDetailViewProps extends FollowedExchangeProps {
  /** The feedback form about this exchange (shown once it is rejected or failed); null while that form is not built. */
  feedbackPath?: string | null;
}

/** `/home/exchange?id=…`: one exchange, its state (刷新状态 follows it) and its history. */
export function ExchangeRecordDetailView(props: ExchangeRecordDetailViewProps) {
  const { status, exchange } = props;
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader back={{ to: EXCHANGE_RECORDS_PATH, label: '兑换记录' }} title="兑换详情" heading />
      {status === 'trackFailed' || (!exchange && status !== 'tracking') ? (
        <Panel>
          <ErrorState paddingTop={40} description={props.error || undefined} onRetry={props.onRetry} />
        </Panel>
      ) : !exchange ? (
        <Panel>
          <LoadingState paddingTop={40} />
        </Panel>
      ) : (
        <>
          <Panel>
            <FollowedExchangeCard exchange={exchange} followed={props} />
            {props.feedbackPath && isDisputableState(exchange.state) && (
              <Flex
                mt="4"
                pt="3"
                gap="3"
                align="center"
                justify="space-between"
                borderTopWidth="1px"
                borderColor="gray.100"
              >
                <Text textStyle="caption.muted">对处理结果有疑问？</Text>
                <PillLink to={props.feedbackPath}>反馈问题</PillLink>
              </Flex>
            )}
          </Panel>
          {exchange.history && exchange.history.length > 0 && (
            <Panel title="状态记录">
              <Box>
                <ExchangeTimeline history={exchange.history} />
              </Box>
            </Panel>
          )}
        </>
      )}
    </Stack>
  );
}
