import { Box, Container, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PerkCard, type Perk } from '../../components/PerkCard';

export interface WelfareViewProps {
  /** The seasonal campaigns running or about to start (a slot the container fills later, src/pages/welfare/WelfareSeason.tsx), or nothing. */
  season?: ReactNode;
  /** The campaigns and perks whose pages are built. */
  perks: readonly Perk[];
}

/** 福利中心 (`/welfare`): every live campaign and perk, one tap each; the seasonal ones first. */
export function WelfareView({ season, perks }: WelfareViewProps) {
  return (
    <Container maxW="1200px" px={{ base: '4', md: '6' }} py={{ base: '5', md: '10' }}>
      <Heading as="h1" fontSize={{ base: '20px', md: '26px' }} color="ink">
        福利中心
      </Heading>
      <Box as="p" mt="1" textStyle="body.muted">
        抽奖、试用、课程与排行，做任务之外还能多拿奖励
      </Box>
      {season && <Box mt="5">{season}</Box>}
      <Box
        as="ul"
        listStyleType="none"
        mt="5"
        display="grid"
        gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
        gap={{ base: '3', md: '4' }}
      >
        {perks.map((perk) => (
          <li key={perk.to}>
            <PerkCard perk={perk} />
          </li>
        ))}
      </Box>
    </Container>
  );
}
