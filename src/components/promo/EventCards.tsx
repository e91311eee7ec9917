import { Box, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { shanghaiParts } from '../shanghaiTime';
import { PromoLink } from './PromoLink';

/** One campaign in progress (the contract's CampaignEvent). */
export interface EventItem {
  id: number;
  title: string;
  summary: string | null;
  image: string;
  link: string;
  startAt: number;
  endAt: number;
}

export interface EventCardsProps {
  events: readonly EventItem[];
  /** Cards per row from `md` up (2 in a narrow column, 3 on a full-width page). */
  columns?: number;
}

/** `11月1日 – 11月30日` (Beijing days); the year only when it is not the same for both. */
export function eventPeriod(startAt: number, endAt: number): string {
  const s = shanghaiParts(startAt);
  // The end is an instant: an event ending at 00:00 ends on the day before.
  const e = shanghaiParts(endAt - 1);
  const day = (p: typeof s, withYear: boolean) => `${withYear ? `${p.year}年` : ''}${p.month}月${p.day}日`;
  const years = s.year !== e.year;
  return `${day(s, years)} – ${day(e, years)}`;
}

/** 热门活动: a card per campaign — its picture, name, one line, dates — leading to its page. */
export function EventCards({ events, columns = 3 }: EventCardsProps) {
  if (events.length === 0) return null;
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, md: columns }} gap={{ base: '3', md: '4' }}>
      {events.map((e) => (
        <Box as="li" key={e.id} data-testid="event-card">
          <PromoLink
            href={e.link}
            display="block"
            height="100%"
            layerStyle="card"
            overflow="hidden"
            transition="transform .2s, box-shadow .2s"
            _hover={{ transform: 'translateY(-2px)', boxShadow: '0 8px 24px rgba(227, 93, 6, 0.12)' }}
          >
            <Image src={e.image} alt="" width="100%" aspectRatio={2} objectFit="cover" display="block" bg="gray.100" />
            <Box p="4">
              <Text fontSize="16px" fontWeight="semibold" color="ink" lineClamp={1}>
                {e.title}
              </Text>
              {e.summary && (
                <Text mt="1" textStyle="body.muted" lineClamp={2}>
                  {e.summary}
                </Text>
              )}
              <Text mt="2" textStyle="caption.soft">
                活动时间：{eventPeriod(e.startAt, e.endAt)}
              </Text>
            </Box>
          </PromoLink>
        </Box>
      ))}
    </SimpleGrid>
  );
}
