/**
 * The demo discussion group (its task is in ./demoTasks.ts): the board with three days of sections,
 * a moderator and a client observer who can log in (demo SMS outbox only, like the demo member),
 * the moderator's topics (some required, one see-after-posting) and replies from four demo
 * respondents — two of whom answered every required topic and so completed the task. The demo
 * member (13800000000) is left to start it. Seeded once: the board is unique per task.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { members } from '../db/schema';
import { forumBoards } from '../db/schema-forum';
import { participations, tasks } from '../db/schema-tasks';
import { isAppError } from '../http/errors';
import { DAY_MS } from '../kernel/time';
import { createMember, findMemberByMobile } from '../modules/auth/accounts';
import { addStaff, createBoard } from '../modules/forum/admin';
import { createReply, createTopic, updateIdentity } from '../modules/forum/service';
import { DEMO_FORUM_TITLE } from './demoTasks';

export const DEMO_FORUM_MODERATOR = { mobile: '13800000001', password: 'weidou2030', nickname: '演示主持人' } as const;
export const DEMO_FORUM_OBSERVER = { mobile: '13800000002', password: 'weidou2030', nickname: '演示观察员' } as const;

const HOUR = 3_600_000;
const RESPONDENTS = ['车主小周', '通勤的阿敏', '周末露营家', '新手司机小杨'];

interface DemoTopic {
  day: number;
  title: string;
  body: string;
  required?: boolean;
  seeAfterPosting?: boolean;
  /** Replies: respondent index and text. */
  replies: [number, string][];
}

const TOPICS: DemoTopic[] = [
  {
    day: 0,
    title: '自我介绍：你开的是什么车，平时怎么用？',
    body: '<p>欢迎大家！请简单介绍一下你的车型、购车时间，以及日常主要的用车场景（通勤、接送孩子、长途自驾等）。</p>',
    required: true,
    replies: [
      [0, '<p>大家好，开的是一台纯电 SUV，去年 10 月提的车，主要是每天通勤，单程 35 公里。</p>'],
      [1, '<p>插混轿车，买了一年半。工作日通勤用电，周末回老家用油，基本没有续航焦虑。</p>'],
      [2, '<p>纯电旅行车，最喜欢的是露营时能对外放电，<strong>电煮锅、投影仪</strong>都能带。</p>'],
      [3, '<p>刚拿驾照半年，家里的小型纯电车，主要在市区短途开。</p>'],
    ],
  },
  {
    day: 0,
    title: '充电经历：家充、公共快充，哪种用得多？',
    body: '<p>请分享你最近一次充电的经历：在哪里充、等了多久、花了多少钱，有没有遇到什么麻烦。可以配图。</p>',
    required: true,
    seeAfterPosting: true,
    replies: [
      [0, '<p>小区装了家充桩，晚上谷电充，一度电不到 4 毛。公共快充只在高速上用过。</p>'],
      [1, '<p>没有固定车位装不了桩，基本靠公司楼下的快充，半小时左右，偶尔要排队。</p>'],
      [2, '<p>自驾去山里那次，服务区快充坏了两个，等了 40 分钟，<em>体验很差</em>。</p>'],
    ],
  },
  {
    day: 1,
    title: '续航表现：冬天和夏天差别大吗？',
    body: '<p>和官方标称相比，你的车实际续航大概打几折？冬天开暖风、夏天开空调的时候差别有多大？</p>',
    required: true,
    replies: [
      [0, '<p>夏天大概八五折，冬天只有六五折左右，开暖风掉电很明显。</p>'],
      [2, '<p>冬天去北方露营，满电只跑了标称的一半多一点，之后都提前规划好充电站。</p>'],
    ],
  },
  {
    day: 2,
    title: '如果再买一次，你最看重哪三点？',
    body: '<p>自由发言：假如现在让你重新选车，你最看重的三点是什么？为什么？</p>',
    replies: [[1, '<p>1. 能不能装家充；2. 冬季续航；3. 售后网点离家远不远。</p>']],
  },
];

/** Seed the demo board once. Returns how many replies it created (0 = nothing to do). */
export async function seedDemoForum(ctx: AppContext): Promise<number> {
  if (ctx.config.sms.provider !== 'outbox') return 0;
  const [task] = await ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.title, DEMO_FORUM_TITLE), eq(tasks.type, 4)))
    .limit(1);
  if (!task) return 0;
  const [had] = await ctx.db.select({ id: forumBoards.id }).from(forumBoards).where(eq(forumBoards.taskId, task.id));
  if (had) return 0;
  const now = ctx.now();
  const start = now - 3 * DAY_MS;
  /** The app's context on the clock at `ms` (an instant). */
  const at = (ms: number): AppContext => ({ ...ctx, now: () => ms });

  let board;
  try {
    board = await createBoard(at(start - HOUR), task.hashId, {
      intro: '欢迎参加新能源汽车车主线上讨论组！每天的话题在对应版块里，标“必答”的请在截止前全部回答。',
      startAt: start,
      endAt: now + 5 * DAY_MS,
      requiredTopics: TOPICS.filter((t) => t.required).length,
      sections: ['第一天：用车与充电', '第二天：续航体验', '第三天：自由讨论'],
    });
  } catch (err) {
    if (isAppError(err)) return 0; // another server made it meanwhile
    throw err;
  }
  const staff = async (account: typeof DEMO_FORUM_MODERATOR | typeof DEMO_FORUM_OBSERVER) => {
    const found = await findMemberByMobile(ctx, account.mobile);
    return found?.id ?? (await createMember(at(start - DAY_MS), { ...account })).id;
  };
  const moderator = await staff(DEMO_FORUM_MODERATOR);
  const observer = await staff(DEMO_FORUM_OBSERVER);
  await addStaff(ctx, task.hashId, String(moderator), 1, '主持人 林老师');
  await addStaff(ctx, task.hashId, String(observer), 2, '客户观察员');

  const respondents: number[] = [];
  for (const [i, name] of RESPONDENTS.entries()) {
    const code = `FORUM${i}${randomBytes(2).toString('hex').toUpperCase()}`;
    const [m] = await ctx.db
      .insert(members)
      .values({ nickname: `演示车主${i + 1}`, memberCode: code, inviteCode: `I${code}`, createdAt: new Date(start) })
      .returning({ id: members.id });
    await ctx.db.insert(participations).values({
      taskId: task.id,
      memberId: m!.id,
      respondentId: randomBytes(16).toString('base64url'),
      startedAt: new Date(start + i * HOUR),
      expiresAt: board.board.endAt,
    });
    await updateIdentity(at(start + i * HOUR), m!.id, { taskHashId: task.hashId, name });
    respondents.push(m!.id);
  }

  let replies = 0;
  for (const [n, t] of TOPICS.entries()) {
    const posted = start + t.day * DAY_MS + (n + 1) * HOUR;
    const topic = await createTopic(at(posted), moderator, {
      taskHashId: task.hashId,
      sectionId: board.sections[t.day]!.id,
      title: t.title,
      body: t.body,
      required: t.required ?? false,
      seeAfterPosting: t.seeAfterPosting ?? false,
    });
    for (const [k, [who, body]] of t.replies.entries()) {
      await createReply(at(posted + (k + 1) * 47 * 60_000), respondents[who]!, topic.id, {
        requestKey: `demo-forum:${topic.id}:${k}`,
        body,
        images: [],
      });
      replies++;
    }
  }
  return replies;
}
