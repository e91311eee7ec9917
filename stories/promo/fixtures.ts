import type { BannerItem } from '../../src/components/promo/BannerCarousel';
import type { EventItem } from '../../src/components/promo/EventCards';

/** Banners and campaigns as the demo seeds them (pictures from public/promo/). */
const pic = (name: string) => ({ image: `/promo/${name}.svg`, mobileImage: `/promo/${name}-m.svg` });

export const BANNERS: BannerItem[] = [
  { id: 1, title: '邀请好友一起赚微豆', ...pic('banner-invite'), link: '/home/invite' },
  { id: 2, title: '完善个人属性，收到更多任务邀请', ...pic('banner-survey'), link: '/user/survey' },
  { id: 3, title: '限时抢答：名额有限，先到先得', ...pic('banner-snap'), link: 'https://weidou.example/snap' },
];

export const LOGIN_BANNERS: BannerItem[] = [
  {
    id: 9,
    title: '认真答问卷，每一份意见都有回报',
    image: '/promo/login-welcome.svg',
    mobileImage: '/promo/login-welcome-m.svg',
    link: '/product',
  },
];

/** 2026-11-01 00:00 and 2026-12-01 00:00 Beijing. */
const NOV_1 = Date.UTC(2026, 9, 31, 16);
const DEC_1 = Date.UTC(2026, 10, 30, 16);

export const EVENTS: EventItem[] = [
  {
    id: 21,
    title: '每日签到挑战',
    summary: '连续签到 7 天，每天最高 20 微豆',
    image: '/promo/event-checkin.svg',
    link: '/home',
    startAt: NOV_1,
    endAt: DEC_1,
  },
  {
    id: 22,
    title: '双十一消费调研季',
    summary: '参与购物主题问卷，额外加赠微豆',
    image: '/promo/banner-rewards.svg',
    link: 'https://weidou.example/double11',
    startAt: NOV_1,
    endAt: Date.UTC(2027, 0, 15, 16),
  },
];
