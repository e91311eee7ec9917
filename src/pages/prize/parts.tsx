import { Badge, Box, Container, Image, Text, type BoxProps } from '@chakra-ui/react';
import { BackHeader } from '../../components/BackHeader';
import { ErrorState, LoadingState } from '../../components/ListStates';
import { prizePhaseLabel, type PrizePhase } from '../../../openapi/rules/prize';
import { formatDateTime } from '../../components/shanghaiTime';

const PHASE_COLOR: Record<PrizePhase, string> = { upcoming: 'blue', open: 'green', closed: 'orange', drawn: 'gray' };

/** The trial's phase as a badge (申请中, 已截止，等待开奖…). */
export function PhaseBadge({ phase }: { phase: PrizePhase }) {
  return (
    <Badge colorPalette={PHASE_COLOR[phase]} borderRadius="full" px="2.5" py="0.5" fontSize="12px">
      {prizePhaseLabel[phase]}
    </Badge>
  );
}

/** The product's cover image (first image), square. */
export function Cover({ src, alt, width }: { src: string | undefined; alt: string; width?: BoxProps['width'] }) {
  return (
    <Box bg="gray.100" borderRadius="lg" overflow="hidden" width={width ?? 'full'} aspectRatio="1" flexShrink={0}>
      {src ? <Image src={src} alt={alt} width="full" height="full" objectFit="cover" /> : null}
    </Box>
  );
}

/** 申请时间 from – to. */
export const windowText = (t: { opensAt: number; closesAt: number }) =>
  `${formatDateTime(t.opensAt)} 至 ${formatDateTime(t.closesAt)}`;

/** The seed's hash, shown in full but breakable. */
export function HashText({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="13px" color="gray.600">
        {label}
      </Text>
      <Text fontFamily="mono" fontSize="12px" color="gray.800" wordBreak="break-all">
        {value}
      </Text>
    </Box>
  );
}

/** A trial's page before its data: loading, failed (retry) or a trial that is not there (no retry). */
export function NotReady(props: {
  back: { to: string; label: string };
  title: string;
  status: 'loading' | 'error' | 'notFound' | 'ready';
  error: string | null;
  onRetry?: () => void;
}) {
  const missing = props.status === 'notFound';
  return (
    <Container maxW="1040px" px={{ base: '4', md: '6' }} py="6">
      <BackHeader back={props.back} title={props.title} />
      {props.status === 'loading' ? (
        <LoadingState />
      ) : (
        // Not there: nothing to try again, and no failure to tell (one place per error).
        <ErrorState
          title={missing ? '这个试用不存在' : undefined}
          description={missing ? '它可能已经下线，去看看其他试用吧' : (props.error ?? undefined)}
          onRetry={missing ? undefined : props.onRetry}
        />
      )}
    </Container>
  );
}
