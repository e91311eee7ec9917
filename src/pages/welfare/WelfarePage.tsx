import { lazy, Suspense } from 'react';
import type { Perk } from '../../components/PerkCard';
import {
  campaignPaths,
  isRouted,
  ANSWER_SHEET_PATH,
  APPRAISE_PATH,
  COURSE_PATH,
  HOME_INVITE_PATH,
  LOTTERY_PATH,
  PRIZE_PATH,
  RANKING_PATH,
  RECRUIT_PATH,
} from '../../routing/paths';
import { WelfareView } from './WelfareView';

/** Every campaign and perk of the site, in the order members look for them. */
export const PERKS: readonly Perk[] = [
  { icon: 'wheel', title: '幸运大转盘', text: '用微豆抽奖，天天有机会', to: LOTTERY_PATH },
  { icon: 'trial', title: '产品试用', text: '免费申领新品，试用后写报告', to: PRIZE_PATH },
  { icon: 'recruit', title: '校园推广大使', text: '在校园推广微豆调研，赚额外奖励', to: RECRUIT_PATH },
  { icon: 'course', title: '新手课程', text: '几分钟学会认真答题', to: COURSE_PATH },
  { icon: 'quiz', title: '新手答题', text: '学完课程来答题，答对有奖励', to: ANSWER_SHEET_PATH },
  { icon: 'ranking', title: '排行榜', text: '看看谁拿到的微豆最多', to: RANKING_PATH },
  { icon: 'star', title: '月度答题之星', text: '每月认真答题的会员有奖', to: APPRAISE_PATH },
  { icon: 'invite', title: '邀请好友', text: '好友注册并答题，你也有奖励', to: HOME_INVITE_PATH },
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
