import { Box, Stack } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { FollowedExchangeCard } from '../../components/exchange/ExchangeStatusCard';
import type { FollowedExchangeProps } from '../../components/exchange/followed';
import { ExchangeTimeline, Panel } from '../../components/exchange/parts';

export type ExchangeRecordDetailViewProps = FollowedExchangeProps;

/** `/home/exchange?id=…`: one exchange, its state (刷新状态 follows it) and its history. */
export function ExchangeRecordDetailView(props: ExchangeRecordDetailViewProps) {
  const { status, exchange } = props;
  return (
    <Stack gap={{ base: '3', md: '4' }}>
      <BackHeader back={{ to: '/home/exchange', label: '兑换记录' }} title="兑换详情" heading />
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
