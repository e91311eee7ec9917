import type { FocusMember, FocusTask } from '../../machines/forumBoard';
import type { ForumAuthor, ForumReply, ForumTopic, ForumTopicDetail } from '../../src/components/forum/parts';

/** One discussion group as the stories show it: three days of a drinks-packaging board. */

export const T = Date.UTC(2026, 10, 24, 2, 30);
export const HASH = 'Fg7x2K';

export const board: FocusTask = {
  taskId: 41,
  taskHashId: HASH,
  title: '新品气泡水包装座谈会',
  intro: '连续三天，每天主持人会发布两三个问题。请用自己的话说说真实的想法，可以配图。',
  startAt: T,
  endAt: T + 3 * 86_400_000,
  sections: [
    { id: 1, name: '第一天：第一印象', intro: null, topicCount: 3, requiredCount: 2 },
    { id: 2, name: '第二天：口味', intro: null, topicCount: 2, requiredCount: 1 },
    { id: 3, name: '第三天：价格', intro: null, topicCount: 1, requiredCount: 1 },
  ],
};

export const progress = {
  requiredAnswered: 2,
  requiredTotal: 4,
  completed: false,
  completedAt: null,
  points: 300,
  pointsStatus: 'none' as const,
  deadline: T + 3 * 86_400_000,
};

export const respondent: FocusMember = {
  memberId: 7,
  name: '受访者 07',
  avatar: null,
  role: 0,
  taskId: 41,
  taskHashId: HASH,
  progress,
};
export const moderator: FocusMember = { ...respondent, memberId: 2, name: '主持人 小周', role: 1, progress: null };
export const observer: FocusMember = { ...respondent, memberId: 3, name: '观察员 A', role: 2, progress: null };

export const moderatorAuthor: ForumAuthor = { memberId: 2, name: '主持人 小周', avatar: null, role: 1 };
const lin: ForumAuthor = { memberId: 9, name: '小林', avatar: null, role: 0 };
const me: ForumAuthor = { memberId: 7, name: '受访者 07', avatar: null, role: 0 };

const topic = (id: number, title: string, extra: Partial<ForumTopic> = {}): ForumTopic => ({
  id,
  taskHashId: HASH,
  sectionId: 1,
  title,
  author: moderatorAuthor,
  required: false,
  seeAfterPosting: false,
  pinned: false,
  closed: false,
  hidden: false,
  highlighted: false,
  replyCount: 0,
  answered: false,
  lastReplyAt: null,
  createdAt: T,
  ...extra,
});

export const topics: ForumTopic[] = [
  topic(1, '请先看看这三款包装，第一眼最喜欢哪一款？为什么？', {
    pinned: true,
    required: true,
    replyCount: 12,
    answered: true,
    lastReplyAt: T + 3_600_000,
  }),
  topic(2, '包装上的哪些文字你会仔细看？', { required: true, replyCount: 5, lastReplyAt: T + 7_200_000 }),
  topic(3, '你通常在什么场合喝气泡水？', {
    highlighted: true,
    replyCount: 9,
    answered: true,
    lastReplyAt: T + 9_000_000,
  }),
  topic(4, '（已结束）报名确认', { closed: true, replyCount: 20, lastReplyAt: T - 3_600_000 }),
];

export const topicDetail: ForumTopicDetail = {
  ...topics[1]!,
  body: '<p>请看看下面三款包装的正面和背面。</p><p>你在超市拿起一瓶气泡水时，<strong>最先看</strong>的是哪几行字？</p>',
  images: [],
  canReply: true,
  repliesVisible: true,
};

export const replies: ForumReply[] = [
  {
    id: 101,
    topicId: 2,
    floor: 1,
    author: lin,
    body: '<p>我先看配料表，主要看有没有糖和代糖。</p>',
    images: [],
    quote: null,
    hidden: false,
    highlighted: true,
    mine: false,
    createdAt: T + 600_000,
  },
  {
    id: 102,
    topicId: 2,
    floor: 2,
    author: me,
    body: '<p>同意，另外也会看热量，最好写在正面。</p>',
    images: [],
    quote: { id: 101, authorName: '小林', excerpt: '我先看配料表，主要看有没有糖和代糖。', hidden: false },
    hidden: false,
    highlighted: false,
    mine: true,
    createdAt: T + 1_200_000,
  },
  {
    id: 103,
    topicId: 2,
    floor: 3,
    author: moderatorAuthor,
    body: '<p>谢谢两位！热量写在正面这一点很有意思，其他人怎么看？</p>',
    images: [],
    quote: null,
    hidden: false,
    highlighted: false,
    mine: false,
    createdAt: T + 1_800_000,
  },
];
