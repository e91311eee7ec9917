import { lazy, Suspense } from 'react';
import type { Perk } from '../../components/PerkCard';
import { campaignPaths, isRouted } from '../../routing/paths';
import { WelfareView } from './WelfareView';

/** Every campaign and perk of the site, in the order members look for them. */
export const PERKS: readonly Perk[] = [
  { icon: 'wheel', title: '幸运大转盘', text: '用微豆抽奖，天天有机会', to: '/lottery' },
  { icon: 'trial', title: '产品试用', text: '免费申领新品，试用后写报告', to: '/prize' },
  { icon: 'recruit', title: '校园推广大使', text: '在校园推广微豆调研，赚额外奖励', to: '/activities/recruit' },
  { icon: 'course', title: '新手课程', text: '几分钟学会认真答题', to: '/course' },
  { icon: 'quiz', title: '新手答题', text: '学完课程来答题，答对有奖励', to: '/answerSheet' },
  { icon: 'ranking', title: '排行榜', text: '看看谁拿到的微豆最多', to: '/ranking' },
  { icon: 'star', title: '月度答题之星', text: '每月认真答题的会员有奖', to: '/appraise' },
  { icon: 'invite', title: '邀请好友', text: '好友注册并答题，你也有奖励', to: '/home/invite' },
];

const ROUTED_PERKS = PERKS.filter((perk) => isRouted(perk.to));
/** The seasonal campaigns' pages (`/campaigns/:slug`): their cards only once those pages are built. */
const WelfareSeason = isRouted(campaignPaths.page('any')) ? lazy(() => import('./WelfareSeason')) : null;

/**
 * Container of `/welfare` 福利中心 (public): the seasonal campaigns running or about to start first
 * (./WelfareSeason.tsx, its own chunk with the API call), then the perks whose pages are built.
 */
export default function WelfarePage() {
  return (
    <WelfareView
      perks={ROUTED_PERKS}
      season={
        WelfareSeason && (
          <Suspense fallback={null}>
            <WelfareSeason />
          </Suspense>
        )
      }
    />
  );
}
