/**
 * The newcomer course's commands of `npm run ops` (scripts/ops.ts hands `course …` and `quiz …`
 * over): lessons (list with readers and questions, add from a file or inline — sanitized when
 * stored —, publish, unpublish), the quiz bank (list with the correct option and the lesson, add,
 * disable, enable) and the quiz settings kept in the database (pass mark, newcomer reward).
 * Everything goes through server/modules/course, so what operators set is what members get.
 */
import { QUIZ_ATTEMPTS_PER_DAY, QUIZ_SIZE } from '../openapi/rules/course';
import {
  addLesson,
  addQuestion,
  listLessonsForOperator,
  listQuestionsForOperator,
  setLessonPublished,
  setQuestionActive,
} from '../server/modules/course/admin';
import { quizSettings, setQuizSettings } from '../server/modules/course/service';
import { richTextArg, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const COURSE_HELP = `新手课程与答题 / newcomer course and quiz
  course list                                全部课程（含已下线）：顺序、状态、题库题数、学完人数
  course add --title T (--file F | --content HTML) [--summary S] [--minutes N] [--sort N]
                                             新增一课（已发布）；正文是 HTML，保存前清洗
  course publish <id> | course unpublish <id>  上线 / 下线一课（下线的课及其题目不再出现）
  quiz list [--lesson N]                     题库：题干、选项、正确答案、对应课程、是否启用
  quiz add --lesson N --stem 题干 --option A --option B [--option …] --correct K [--explanation 解析]
                                             新增单选题；--correct 是正确选项的序号（从 1 起）
  quiz disable <id> | quiz enable <id>       停用 / 启用一道题
  quiz settings [--pass N] [--reward N]      查看或修改及格线（答对题数，共 ${QUIZ_SIZE} 题）与新手奖励微豆（每人一次）；
                                             存在数据库中，立即生效（已开始的答题沿用开始时的及格线）；
                                             每天可答 ${QUIZ_ATTEMPTS_PER_DAY} 次、每次 ${QUIZ_SIZE} 题是固定规则（openapi/rules/course.ts）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function courseCommand(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case 'list': {
      const rows = await listLessonsForOperator(t.ctx.db);
      for (const line of t.table(
        ['编号 ID', '顺序', '标题 Title', '状态 State', '分钟', '题数 Questions', '学完 Readers', '更新 Updated'],
        rows.map((l) => [
          l.id,
          l.sort,
          l.title,
          l.published ? '已发布' : '已下线',
          l.minutes,
          l.questions,
          l.readers,
          t.time(l.updatedAt),
        ]),
      ))
        t.out(line);
      t.out(`共 ${rows.length} 课 / ${rows.length} lessons`);
      return;
    }
    case 'add': {
      const row = await addLesson(t.ctx, {
        title: str(values.title) ?? t.usage('请用 --title 给出课程标题'),
        content: richTextArg(values, t, '课程正文'),
        summary: str(values.summary),
        minutes: t.optInt('--minutes', str(values.minutes), 1),
        sort: t.optInt('--sort', str(values.sort), -1_000_000),
      });
      t.out(`✓ 已新增课程 #${row.id}「${row.title}」：顺序 ${row.sort}，约 ${row.minutes} 分钟`);
      t.out(`  会员查看：/course/${row.id}`);
      return;
    }
    case 'publish':
    case 'unpublish': {
      const id = t.optInt('课程 id / lesson id', args[1], 1) ?? t.usage(`用法 / usage: course ${args[0]} <id>`);
      const { row, already } = await setLessonPublished(t.ctx, id, args[0] === 'publish');
      const word = row.published ? '发布' : '下线';
      t.out(already ? `= 课程 #${row.id} 已经${word}过 / already` : `✓ 已${word}课程 #${row.id}「${row.title}」`);
      return;
    }
    default:
      t.usage('用法 / usage: course list | course add … | course publish <id> | course unpublish <id>');
  }
}

async function quizCommand(args: string[], values: ContentOpsValues, t: ContentOpsTools) {
  switch (args[0]) {
    case 'list': {
      const rows = await listQuestionsForOperator(t.ctx.db, t.optInt('--lesson', str(values.lesson), 1));
      for (const line of t.table(
        ['编号 ID', '课程 Lesson', '题干 Stem', '选项 Options', '正确答案 Correct', '状态 State'],
        rows.map((q) => [
          q.id,
          `#${q.lessonId} ${q.lessonTitle}`,
          q.stem,
          q.options.map((o, i) => `${i + 1}.${o}`).join(' '),
          `${q.correct + 1}.${q.options[q.correct]}`,
          q.active ? '启用' : '停用',
        ]),
      ))
        t.out(line);
      const active = rows.filter((q) => q.active).length;
      t.out(`共 ${rows.length} 题，启用 ${active} 题 / ${rows.length} questions, ${active} active`);
      if (active < QUIZ_SIZE)
        t.out(`  启用的题少于 ${QUIZ_SIZE} 道时答题不开放 / the quiz is closed below ${QUIZ_SIZE}`);
      return;
    }
    case 'add': {
      const options = Array.isArray(values.option) ? values.option.map(String) : [];
      const correct =
        t.optInt('--correct', str(values.correct), 1) ?? t.usage('请用 --correct 给出正确选项的序号（从 1 起）');
      const row = await addQuestion(t.ctx, {
        lessonId: t.optInt('--lesson', str(values.lesson), 1) ?? t.usage('请用 --lesson 给出题目对应的课程 id'),
        stem: str(values.stem) ?? t.usage('请用 --stem 给出题干'),
        options,
        correct: correct - 1,
        explanation: str(values.explanation),
      });
      t.out(`✓ 已新增题目 #${row.id}：课程 #${row.lessonId}，正确答案 ${row.correct + 1}.${row.options[row.correct]}`);
      return;
    }
    case 'disable':
    case 'enable': {
      const id = t.optInt('题目 id / question id', args[1], 1) ?? t.usage(`用法 / usage: quiz ${args[0]} <id>`);
      const { row, already } = await setQuestionActive(t.ctx, id, args[0] === 'enable');
      const word = row.active ? '启用' : '停用';
      t.out(already ? `= 题目 #${row.id} 已经${word} / already` : `✓ 已${word}题目 #${row.id}`);
      return;
    }
    case 'settings': {
      const passMark = t.optInt('--pass', str(values.pass), 1);
      const rewardPoints = t.optInt('--reward', str(values.reward), 1);
      const s =
        passMark === undefined && rewardPoints === undefined
          ? await quizSettings(t.ctx.db)
          : await setQuizSettings(t.ctx, { passMark, rewardPoints });
      t.out(
        `答题规则：每次 ${s.questionCount} 题，答对 ${s.passMark} 题及格；首次及格奖励 ${s.rewardPoints} 微豆（每人一次）；每天可答 ${s.attemptsPerDay} 次`,
      );
      return;
    }
    default:
      t.usage('用法 / usage: quiz list | quiz add … | quiz disable <id> | quiz enable <id> | quiz settings');
  }
}

/** Runs one course or quiz command; returns false for anything else. */
export async function runCourseOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command === 'course') await courseCommand(args, values, t);
  else if (command === 'quiz') await quizCommand(args, values, t);
  else return false;
  return true;
}
