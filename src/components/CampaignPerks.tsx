import { Box } from '@chakra-ui/react';
import { PerkCard } from './PerkCard';
import { shanghaiParts, pad } from './shanghaiTime';

/** A campaign as 福利中心 lists it (listCampaigns), with its page. */
export interface CampaignPerk {
  slug: string;
  title: string;
  description: string;
  phase: 'running' | 'upcoming';
  startsAt: number;
  endsAt: number;
  /** Its page (`/campaigns/spring`, `/christmas`). */
  to: string;
}

/** `12月6日` or `12月6日 10:00` in Beijing time (the hour only when it is not midnight). */
export function campaignDay(ms: number): string {
  const p = shanghaiParts(ms);
  const day = `${p.month}月${p.day}日`;
  return p.hour === 0 && p.minute === 0 ? day : `${day} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** The campaign's last day from its (exclusive) end: ending at midnight, the day before. */
export function campaignLastDay(endsAt: number): string {
  const p = shanghaiParts(endsAt);
  return p.hour === 0 && p.minute === 0 ? campaignDay(endsAt - 60_000).replace(/ .*/, '') : campaignDay(endsAt);
}

/**
 * 福利中心's seasonal campaigns: every running one (highlighted, 进行中, its last day and line) and
 * every one about to start (即将开始, its first day and line), each a tap to its page; nothing when
 * there is none.
 */
export function CampaignPerks({ campaigns }: { campaigns: readonly CampaignPerk[] }) {
  if (campaigns.length === 0) return null;
  return (
    <Box
      as="ul"
      listStyleType="none"
      aria-label="限时活动"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
      gap={{ base: '3', md: '4' }}
    >
      {campaigns.map((c) => {
        const running = c.phase === 'running';
        return (
          <li key={c.slug}>
            <PerkCard
              highlight={running}
              badge={running ? { label: '进行中', tone: 'live' } : { label: '即将开始', tone: 'soon' }}
              perk={{
                icon: 'season',
                title: c.title,
                // When first: the line is cut after two lines on a phone.
                text: running
                  ? `${campaignLastDay(c.endsAt)} 结束：${c.description || '限时活动进行中'}`
                  : `${campaignDay(c.startsAt)} 开始：${c.description || '敬请期待'}`,
                to: c.to,
              }}
            />
          </li>
        );
      })}
    </Box>
  );
}
