import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconBadge } from './IconBadge';
import {
  ChartIcon,
  GiftIcon,
  MegaphoneIcon,
  ShieldIcon,
  SurveyIcon,
  TargetIcon,
  TrialIcon,
  UsersIcon,
  VideoIcon,
} from './icons';

export type PerkIcon = 'wheel' | 'season' | 'trial' | 'recruit' | 'course' | 'quiz' | 'ranking' | 'star' | 'invite';

/** A campaign or perk of 福利中心: its page, name and one line. */
export interface Perk {
  icon: PerkIcon;
  title: string;
  text: string;
  to: string;
}

const ICONS: Record<PerkIcon, ReactNode> = {
  wheel: <TargetIcon />,
  season: <GiftIcon />,
  trial: <TrialIcon />,
  recruit: <MegaphoneIcon />,
  course: <VideoIcon />,
  quiz: <SurveyIcon />,
  ranking: <ChartIcon />,
  star: <ShieldIcon />,
  invite: <UsersIcon />,
};

/** A campaign's state beside its name: 进行中 (`live`) or 即将开始 (`soon`). */
export interface PerkBadge {
  label: string;
  tone: 'live' | 'soon';
}

/** One tap to a campaign or perk: icon, name and a line; `highlight` for a running seasonal campaign. */
export function PerkCard({ perk, highlight = false, badge }: { perk: Perk; highlight?: boolean; badge?: PerkBadge }) {
  return (
    <Flex
      asChild
      gap="3.5"
      p={{ base: '4', md: '5' }}
      align="center"
      borderRadius="xl"
      layerStyle="tile"
      bg={highlight ? 'brand.50' : undefined}
      _hover={{ borderColor: 'brand.200' }}
    >
      <RouterLink to={perk.to}>
        <IconBadge size="44px" iconSize="24px" borderRadius="lg">
          {ICONS[perk.icon]}
        </IconBadge>
        <Box minW="0">
          <Box fontWeight="semibold" fontSize="16px" color="ink">
            {perk.title}
            {badge && (
              <Box
                as="span"
                ms="2"
                px="2"
                py="0.5"
                borderRadius="full"
                fontSize="12px"
                fontWeight="medium"
                verticalAlign="middle"
                whiteSpace="nowrap"
                bg={badge.tone === 'live' ? 'brand.600' : 'gray.100'}
                color={badge.tone === 'live' ? 'white' : 'gray.700'}
              >
                {badge.label}
              </Box>
            )}
          </Box>
          <Box mt="0.5" textStyle="caption.muted" lineClamp={2}>
            {perk.text}
          </Box>
        </Box>
      </RouterLink>
    </Flex>
  );
}
