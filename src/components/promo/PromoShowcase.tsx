import { Stack } from '@chakra-ui/react';
import { BannerCarousel, type BannerItem } from './BannerCarousel';
import { EventCards, type EventItem } from './EventCards';

export interface PromoShowcaseProps {
  banners: readonly BannerItem[];
  events: readonly EventItem[];
  /** What the carousel is, for screen readers. */
  label?: string;
}

/** A page's banners above its campaigns (the landing page's 活动与福利); either may be empty. */
export function PromoShowcase({ banners, events, label }: PromoShowcaseProps) {
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <BannerCarousel banners={banners} label={label} />
      <EventCards events={events} />
    </Stack>
  );
}
