/**
 * The newcomer course for a fresh `npm start` (SEED_DEMO): five lessons on answering surveys well,
 * written from what our quality rules flag (server/modules/polls/quality.ts, spec §3 reasons 1–5),
 * and a quiz bank of 24 questions about them. Seeded once per database (a kv marker claimed in the
 * same transaction as the rows), so what operators change later is kept.
 */
import type { AppContext } from '../context';
import type { Tx } from '../kernel/db';
import { addLesson, addQuestion, type LessonInput } from '../modules/course/admin';
import { claimSeed } from './marker';

const MARKER = 'seed:course-demo';

interface DemoQuestion {
  stem: string;
  /** The first option is the right one here; the quiz shuffles options per attempt. */
  options: string[];
  explanation: string;
}

const lessons: (LessonInput & { questions: DemoQuestion[] })[] = [
  {
    title: '第一课：读懂题目再作答',
    summary: '看清题干、选项和“单选/多选”，别凭第一眼作答',
    minutes: 3,
    content: `<p>每一份问卷背后，都有人要用你的回答做决定。读懂题目，是答好问卷的第一步。</p>
<h3>先看题型</h3>
<ul><li><strong>单选题</strong>只能选一个最符合的答案；<strong>多选题</strong>选出所有符合的答案；<strong>排序题</strong>按你的真实偏好排列。</li>
<li>题干里的“最”“主要”“过去三个月内”等字眼决定了答案范围，读漏了很容易答偏。</li></ul>
<h3>再看时间范围和对象</h3>
<p>“过去一个月你买过哪些饮料”和“你平时喝哪些饮料”是两道不同的题。问的是<strong>你本人</strong>还是<strong>家庭</strong>，也要分清。</p>
<h3>遇到不清楚的选项</h3>
<p>没有合适的答案时，选“其他”并写明，或选“不清楚/不适用”，不要随便挑一个凑数。</p>
<h3>不要求快</h3>
<p>答题太快会被判为“未认真作答”：系统会对照题量估算合理的用时。按正常速度读完每道题，比抢时间更划算。</p>`,
    questions: [
      {
        stem: '一道题写着“过去三个月内，你购买过以下哪些品牌？（多选）”，正确的做法是？',
        options: [
          '只选过去三个月内真正买过的所有品牌',
          '选自己听说过的品牌',
          '只选一个最喜欢的品牌',
          '全部选上以免漏掉',
        ],
        explanation: '题干限定了“过去三个月内”和“购买过”，多选题要选出所有符合的答案，不多也不少。',
      },
      {
        stem: '题目中没有符合你情况的选项时，应该怎么做？',
        options: ['选“其他”并写明，或选“不适用”', '随便选一个最接近的凑数', '跳过这份问卷的所有题目', '选第一个选项'],
        explanation: '随便凑数会让数据失真；有“其他”或“不适用”时就如实选择。',
      },
      {
        stem: '关于答题速度，下面哪种说法正确？',
        options: ['答得太快可能被判为未认真作答', '越快完成奖励越多', '速度不影响任何结果', '只要答完，用时越短越好'],
        explanation: '系统会估算合理用时，明显过快的答卷会被视为未认真作答。',
      },
      {
        stem: '“你家中谁负责购买日用品？”这道题问的是？',
        options: ['家庭中的购买者，不一定是你本人', '一定是你本人', '你最喜欢的日用品品牌', '你每月的日用品花费'],
        explanation: '读清题目问的对象：这里问的是家庭中负责购买的人。',
      },
      {
        stem: '单选题要求选“最主要的原因”，你有两个原因，应该？',
        options: ['选出其中最主要的一个', '两个都选', '都不选', '选“其他”把两个都写上'],
        explanation: '单选题只能选一个，“最主要”要求你判断哪一个更重要。',
      },
    ],
  },
  {
    title: '第二课：认真写好开放题',
    summary: '开放题要写具体、写真话，乱码和复制题目会被判为无效',
    minutes: 3,
    content: `<p>开放题让你用自己的话回答，是客户最看重的部分，也是质量检查最严格的地方。</p>
<h3>会被判为“开放题乱答”的写法</h3>
<ul><li>重复的字或词：“啊啊啊啊”“1111”“不知道不知道不知道”；</li>
<li>键盘乱敲：“asdfgh”“qwer”“sdfjkl”；</li>
<li>只有数字或标点，没有一个字；</li>
<li>把题目原样复制一遍当作答案。</li></ul>
<p>这些答案会被标记为低质量，这次任务只能拿到很少的奖励，也会拉低你的答题质量等级。</p>
<h3>好的开放题答案</h3>
<p>问“你为什么喜欢这款产品”，写“包装方便携带，口味偏淡，适合早上喝”比写“好”有用得多。一两句具体的话就够，不需要长篇大论。</p>
<h3>真的没有想法时</h3>
<p>可以写“没有特别的想法”或“没用过，不了解”，这是真实的回答，不算乱答。</p>`,
    questions: [
      {
        stem: '下面哪个开放题答案会被判为“乱答”？',
        options: ['asdfgh', '包装方便携带，口味偏淡', '没用过，不了解', '价格有点贵，但质量不错'],
        explanation: '键盘连续乱敲（asdf、qwer 等）会被识别为开放题乱答。',
      },
      {
        stem: '开放题“你对这款饮料有什么建议？”，哪种回答最好？',
        options: ['希望出小瓶装，一次喝不完', '好', '哈哈哈哈', '你对这款饮料有什么建议'],
        explanation: '具体、真实的一句话最有价值；重复字和复制题目都会被判为乱答。',
      },
      {
        stem: '对某个问题确实没有想法时，开放题应该怎么写？',
        options: ['如实写“没有特别的想法”', '随便敲几个字母', '复制题目', '写“1111”凑字数'],
        explanation: '如实说明没有想法是有效回答；乱敲和凑字数会被判为低质量。',
      },
      {
        stem: '开放题被判为乱答后会怎样？',
        options: ['只能拿到很少的奖励，并拉低答题质量等级', '没有任何影响', '奖励翻倍', '账号立即注销'],
        explanation: '低质量答卷仍算完成，但只发低质量奖励，并影响你的质量等级。',
      },
      {
        stem: '“不知道不知道不知道”这样的答案会被怎样看待？',
        options: ['被判为重复内容，属于开放题乱答', '被当作认真的回答', '会得到额外奖励', '系统看不出来'],
        explanation: '同一段内容重复三次以上属于开放题乱答。',
      },
    ],
  },
  {
    title: '第三课：认识甄别题和注意力题',
    summary: '问卷里会有检查是否认真读题的题目，按要求作答即可',
    minutes: 2,
    content: `<p>很多问卷里会放一两道“注意力题”（也叫陷阱题），用来确认答题的人在认真读题。</p>
<h3>常见的样子</h3>
<ul><li>“本题请选择‘比较同意’”——只要照做就行；</li>
<li>“请选出下列哪个是水果”，夹在一组关于手机的题目里；</li>
<li>选项里出现一个<strong>并不存在的品牌</strong>，问你是否用过。</li></ul>
<h3>为什么会答错</h3>
<p>答错注意力题，几乎都是因为没读题、凭惯性一路点同一列。系统会记为“陷阱题未通过”。</p>
<h3>虚构的品牌</h3>
<p>问卷有时会列出一个虚构的品牌。如果你说自己用过、很熟悉，系统会记为“认知不合理”。没见过就说没见过，这才是客户想要的答案。</p>`,
    questions: [
      {
        stem: '问卷中出现“本题请选择‘比较同意’”，你应该？',
        options: ['选择“比较同意”', '按自己的真实态度选', '选“非常同意”', '跳过这道题'],
        explanation: '这是注意力题，按题目要求作答即可；答错会记为陷阱题未通过。',
      },
      {
        stem: '选项里有一个你从没见过的品牌，问你是否使用过，应该？',
        options: ['如实选择“没见过/没用过”', '选“经常使用”显得更有经验', '选“非常熟悉”', '随便选一个'],
        explanation: '问卷会放入虚构品牌检查答题真实性，说用过会被记为认知不合理。',
      },
      {
        stem: '答错注意力题最常见的原因是？',
        options: ['没读题，凭惯性一路点同一列', '题目太难', '网络太慢', '选项太多'],
        explanation: '注意力题本身很简单，答错几乎都是因为没有认真读题。',
      },
      {
        stem: '注意力题（陷阱题）答错后，系统会记录为？',
        options: ['陷阱题未通过', '开放题乱答', '配额已满', '答题超时'],
        explanation: '答错注意力题对应低质量原因“陷阱题未通过”。',
      },
      {
        stem: '一组关于手机的题目中间突然问“下列哪个是水果”，这是？',
        options: ['检查你是否在认真读题的注意力题', '出错的题目，可以乱选', '与奖励无关的广告', '需要跳过的题'],
        explanation: '这是典型的注意力题，认真读题就能答对。',
      },
    ],
  },
  {
    title: '第四课：前后一致，独立作答',
    summary: '前后矛盾和重复的答卷都会被识别出来',
    minutes: 3,
    content: `<p>一份可信的答卷，前后说的是同一个人。</p>
<h3>前后一致</h3>
<p>如果你前面说“从不喝咖啡”，后面又说“每天喝两杯咖啡”，系统会记为“逻辑错误”。问卷经常用不同的说法问同一件事，认真回想自己的真实情况就不会矛盾。</p>
<h3>不要复制答案</h3>
<ul><li>和别人的答卷一模一样，或者用同一台设备替别人答题，都会被记为“数据重复”；</li>
<li>一个人只用自己的账号，在自己的设备上答题。</li></ul>
<h3>不要一路点同一列</h3>
<p>矩阵题（一排排“非常同意…非常不同意”）每一行都是不同的问题。全部选同一列通常既不真实，也容易和反向题矛盾。</p>`,
    questions: [
      {
        stem: '前面说“从不喝咖啡”，后面又说“每天喝两杯咖啡”，会被记为？',
        options: ['逻辑错误', '陷阱题未通过', '配额已满', '有效答卷'],
        explanation: '前后矛盾的回答会被识别为逻辑错误。',
      },
      {
        stem: '用同一台手机帮家人答同一份问卷，会怎样？',
        options: ['会被记为数据重复', '两份都算有效', '奖励翻倍', '没有任何影响'],
        explanation: '同一设备出现不同会员的答卷会被识别为数据重复。',
      },
      {
        stem: '矩阵题有 10 行态度题，正确的答法是？',
        options: ['每一行都读题，按真实态度分别作答', '全部选同一列节省时间', '全部选中间项', '只答第一行'],
        explanation: '每一行都是不同的问题，一路点同一列既不真实又容易矛盾。',
      },
      {
        stem: '问卷用不同的说法问同一件事，目的是？',
        options: ['检查前后回答是否一致', '凑题量', '让你多拿奖励', '测试网速'],
        explanation: '换个说法再问一次，是检查前后一致的常见方法。',
      },
      {
        stem: '和朋友对好答案一起提交一模一样的答卷，结果是？',
        options: ['会被识别为数据重复', '两人都能拿到全额奖励', '提高质量等级', '系统无法发现'],
        explanation: '答案完全相同的答卷会被识别为数据重复。',
      },
    ],
  },
  {
    title: '第五课：如实回答甄别问题',
    summary: '被甄别掉也有意义，编造条件进入问卷得不偿失',
    minutes: 2,
    content: `<p>很多问卷开头会问几道<strong>甄别题</strong>：年龄、职业、最近是否买过某类产品。客户只需要特定的人群。</p>
<h3>被甄别掉很正常</h3>
<p>不符合条件被甄别掉，说明这份问卷不是为你准备的，下一份可能就适合你。</p>
<h3>不要为了进入问卷而编造</h3>
<ul><li>编造的条件和后面的回答往往对不上，会被记为逻辑错误或认知不合理；</li>
<li>个人资料（性别、出生日期、所在城市）要和实际一致，系统用它们为你匹配合适的任务。</li></ul>
<h3>真实比“合适”更重要</h3>
<p>客户要的是真实人群的真实想法。如实回答，你会收到更多真正适合你的任务，答题质量也会越来越高。</p>`,
    questions: [
      {
        stem: '问卷开头问“过去一个月是否买过洗衣液”，你没买过，应该？',
        options: ['如实选择“没有”', '选“买过”以便进入问卷', '随便选一个', '关掉问卷重新打开再选'],
        explanation: '甄别题要如实回答；编造条件进入问卷往往会在后面露出矛盾。',
      },
      {
        stem: '被问卷甄别掉意味着？',
        options: ['这份问卷不是为你准备的，下一份可能适合你', '账号出了问题', '你答错了题', '以后不能再答题'],
        explanation: '甄别掉说明不在客户要找的人群里，很正常。',
      },
      {
        stem: '为什么个人资料要和实际一致？',
        options: ['系统用它为你匹配合适的任务', '资料越年轻奖励越多', '资料不会被使用', '只是为了好看'],
        explanation: '性别、年龄、城市等资料用于匹配任务，不实的资料会带来更多甄别失败。',
      },
      {
        stem: '为了进入问卷而编造条件，最可能的后果是？',
        options: ['后面的回答对不上，被记为低质量', '拿到更多奖励', '提高质量等级', '没有任何后果'],
        explanation: '编造的条件和后续回答常常矛盾，会被识别为逻辑错误或认知不合理。',
      },
    ],
  },
];

/** Lessons and questions: what the demo seed stores (also read by tests). */
export const DEMO_COURSE = lessons;

export async function seedDemoCourse(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx: Tx) => {
    if (!(await claimSeed(tx, MARKER, ctx.now()))) return 0;
    const w = { db: tx, now: ctx.now };
    for (const { questions, ...lesson } of lessons) {
      const row = await addLesson(w, lesson);
      for (const q of questions)
        await addQuestion(w, {
          lessonId: row.id,
          stem: q.stem,
          options: q.options,
          correct: 0,
          explanation: q.explanation,
        });
    }
    return lessons.length;
  });
}
