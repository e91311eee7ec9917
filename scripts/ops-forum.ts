/**
 * The discussion-group forum's commands of `npm run ops` (scripts/ops.ts hands `forum …` over):
 * make a discussion-group task's board (from then on starting the task opens the board), add
 * sections, moderators and observers, post a topic as a moderator, and export a board's replies as
 * CSV for the client. Everything goes through server/modules/forum, as the API does.
 */
import { writeFileSync } from 'node:fs';
import {
  addSection,
  addStaff,
  createBoard,
  exportReplies,
  memberByRef,
  taskByRef,
} from '../server/modules/forum/admin';
import { createTopic } from '../server/modules/forum/service';
import { parseTime, richTextArg, type ContentOpsTools, type ContentOpsValues } from './ops-content';

export const FORUM_HELP = `座谈会论坛 / discussion-group forum
  forum create --task <哈希id|id> [--section 名称]... [--title T] [--intro I] [--start 时间] [--end 时间]
               [--required-topics N]         为座谈会任务（类型 4）建论坛及版块；截止时间默认为任务截止时间；
                                             N 为整个讨论计划的必答话题数（话题逐日发布时，答满 N 个才算完成）
  forum section add --task X --name 名称 [--intro I]   增加版块
  forum moderator add --task X --member <id|手机号> [--name 显示名]   设为主持人
  forum observer add --task X --member <id|手机号> [--name 显示名]    设为客户观察员（只看不发言）
  forum topic add --task X --section <版块id> --moderator <id|手机号> --title T (--content HTML | --file F)
                  [--required] [--see-after-posting]   以主持人身份发布话题（必答 / 先回复后可见）
  forum export --task X [--out 文件.csv]     导出全部回复（CSV，UTF-8 带 BOM；不给 --out 则打印）`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export async function runForumOps(
  command: string,
  args: string[],
  values: ContentOpsValues,
  t: ContentOpsTools,
): Promise<boolean> {
  if (command !== 'forum') return false;
  const taskRef = () => str(values.task) ?? t.usage('缺少 --task / missing --task');
  /** The task's hash id (the board's key) from a hash id or a numeric id. */
  const hashId = async () => (await taskByRef(t.ctx.db, taskRef())).hashId;
  const what = args.slice(0, 2).join(' ');
  switch (args[0] === 'create' || args[0] === 'export' ? args[0] : what) {
    case 'create': {
      const sections = list(values.section);
      const r = await createBoard(t.ctx, taskRef(), {
        title: str(values.title),
        intro: str(values.intro),
        startAt: parseTime('--start', str(values.start), t),
        endAt: parseTime('--end', str(values.end), t),
        requiredTopics: t.optInt('--required-topics', str(values['required-topics']), 1) ?? null,
        sections: sections.length > 0 ? sections : ['讨论区'],
      });
      t.out(
        `✓ 已为任务 #${r.task.id}（${r.task.hashId}）建座谈会论坛 #${r.board.id}：${t.time(r.board.startAt)} – ${t.time(r.board.endAt)}`,
      );
      for (const s of r.sections) t.out(`  版块 #${s.id} ${s.name}`);
      t.out(`  论坛地址 / board: /bbs/${r.task.hashId}`);
      return true;
    }
    case 'section add': {
      const name = str(values.name) ?? t.usage('缺少 --name / missing --name');
      const s = await addSection(t.ctx, await hashId(), name, str(values.intro) ?? null);
      t.out(`✓ 已增加版块 #${s.id} ${s.name}`);
      return true;
    }
    case 'moderator add':
    case 'observer add': {
      const member = str(values.member) ?? t.usage('缺少 --member / missing --member');
      const role = args[0] === 'moderator' ? 1 : 2;
      const row = await addStaff(t.ctx, await hashId(), member, role, str(values.name));
      t.out(`✓ 会员 #${row.memberId} 现为${role === 1 ? '主持人' : '客户观察员'}，显示名“${row.name}”`);
      return true;
    }
    case 'topic add': {
      const sectionId =
        t.optInt('--section', list(values.section)[0], 1) ?? t.usage('缺少 --section（版块 id）/ missing --section');
      const moderator = await memberByRef(
        t.ctx.db,
        str(values.moderator) ?? t.usage('缺少 --moderator / missing --moderator'),
      );
      const title = str(values.title) ?? t.usage('缺少 --title / missing --title');
      const topic = await createTopic(t.ctx, moderator.id, {
        taskHashId: await hashId(),
        sectionId,
        title,
        body: richTextArg(values, t, '话题内容'),
        required: values.required === true,
        seeAfterPosting: values['see-after-posting'] === true,
      });
      t.out(
        `✓ 已发布话题 #${topic.id} ${topic.title}${topic.required ? '（必答）' : ''}${topic.seeAfterPosting ? '（先回复后可见）' : ''}`,
      );
      return true;
    }
    case 'export': {
      const { csv, rows } = await exportReplies(t.ctx.db, await hashId());
      const out = str(values.out);
      if (out === undefined) t.out(csv.replace(/^\uFEFF/, '').trimEnd());
      else {
        writeFileSync(out, csv, 'utf8');
        t.out(`✓ 已导出 ${rows} 条回复到 ${out}`);
      }
      return true;
    }
    default:
      return t.usage(
        '用法 / usage: forum create | forum section add | forum moderator add | forum observer add | forum topic add | forum export',
      );
  }
}
