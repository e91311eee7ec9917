/**
 * The message commands of `npm run ops` (scripts/ops.ts hands them over): send a site message to
 * one member, a list or everyone, and set, withdraw and list the screen message (弹屏). Everything
 * goes through server/modules/messages, so the content is sanitized and a broadcast is stored once.
 *
 * Links: a message links to a page of the site, a screen message's button to one or to an https
 * address. A path is refused unless a page renders it (`isRouted`, src/routing/paths.ts: the route
 * table as data, a leaf that imports no page), so nothing links to a page that is not built.
 */
import { findMember } from '../server/modules/exchange/admin';
import { sendMessage, type Audience, type MessageTypeValue } from '../server/modules/messages/send';
import { listScreenMessages, setScreenMessage, withdrawScreenMessage } from '../server/modules/messages/screen';
import { DAY_MS } from '../server/kernel/time';
import { isRouted } from '../src/routing/paths';
import type { BenefitOpsTools, BenefitOpsValues } from './ops-benefits';

export const MESSAGE_HELP = `站内消息 / messages
  message send (--member <mobile|memberId> | --members <id或手机号,…> | --all) --title T --content C
             [--type system|task|exchange|feedback|activity 或 1–5] [--link /站内路径]
                                             发送站内消息：一位会员、名单或全体会员（全体 = 发送时已注册的会员，只存一条）
  screen set --title T --content C [--image https://…] [--link /路径|https://…] [--button 按钮文字]
             [--start "YYYY-MM-DD HH:mm"] [--end "YYYY-MM-DD HH:mm"]
                                             设置弹屏消息（北京时间；默认立即开始、7 天后结束）；每位会员只弹一次，较新的优先
  screen withdraw <id>                       撤下弹屏消息
  screen list [--limit N]                    弹屏消息列表与已看人数`;

export type MessageOpsTools = Pick<BenefitOpsTools, 'ctx' | 'out' | 'usage' | 'table' | 'time' | 'limit'>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const TYPE_NAMES: Record<string, MessageTypeValue> = {
  system: 1,
  task: 2,
  exchange: 3,
  feedback: 4,
  activity: 5,
};

function messageType(text: string | undefined, t: MessageOpsTools): MessageTypeValue | undefined {
  if (text === undefined) return undefined;
  const v = TYPE_NAMES[text] ?? (/^[1-5]$/.test(text) ? (Number(text) as MessageTypeValue) : undefined);
  if (v === undefined) t.usage(`--type 应为 system、task、exchange、feedback、activity 或 1–5：${text}`);
  return v;
}

/** A path a page renders (query and hash allowed), or the usage error. */
function routedLink(link: string, t: MessageOpsTools, allowHttps: boolean): string {
  if (allowHttps && /^https:\/\/[^\s/]+(\/\S*)?$/i.test(link)) return link;
  const path = link.split(/[?#]/)[0]!;
  if (!link.startsWith('/') || link.startsWith('//') || !isRouted(path))
    t.usage(
      `链接 ${link} 不是站内已有的页面${allowHttps ? '，也不是 https 地址' : ''} / not a routed page${allowHttps ? ' or an https URL' : ''}`,
    );
  return link;
}

/** `2030-01-01 10:00` or `2030-01-01` (Beijing) → epoch ms. */
export function beijingTime(text: string, name: string, t: Pick<MessageOpsTools, 'usage'>): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text.trim());
  const [day, hh = '00', mm = '00'] = m ? [`${m[1]}-${m[2]}-${m[3]}`, m[4], m[5]] : [''];
  const ms = Date.parse(`${day}T${hh}:${mm}:00+08:00`);
  // Date.parse rolls 02-30 over to March: the day must read back as written.
  if (!m || Number.isNaN(ms) || new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16) !== `${day}T${hh}:${mm}`)
    t.usage(`${name} 应为北京时间 "YYYY-MM-DD HH:mm" 或 "YYYY-MM-DD"：${text}`);
  return ms;
}

async function audienceOf(values: BenefitOpsValues, t: MessageOpsTools): Promise<{ audience: Audience; who: string }> {
  const one = str(values.member);
  const list = str(values.members);
  const all = values.all === true;
  if ([one !== undefined, list !== undefined, all].filter(Boolean).length !== 1)
    t.usage('请指定 --member、--members 或 --all 中的一个 / give exactly one of --member, --members, --all');
  if (all) return { audience: { kind: 'all' }, who: '全体会员' };
  if (one !== undefined) {
    const m = await findMember(t.ctx.db, one);
    return { audience: { kind: 'member', memberId: m.id }, who: `会员 #${m.id} ${m.nickname}` };
  }
  const entries = list!
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) t.usage('--members 是逗号分隔的会员 id 或手机号');
  const ids: number[] = [];
  for (const e of entries) ids.push((await findMember(t.ctx.db, e)).id);
  return { audience: { kind: 'list', memberIds: ids }, who: `名单中的 ${new Set(ids).size} 位会员` };
}

/** Runs one message command; returns false when `command` is not one of them. */
export async function runMessageOps(
  command: string,
  args: string[],
  values: BenefitOpsValues,
  t: MessageOpsTools,
): Promise<boolean> {
  switch (command) {
    case 'message': {
      if (args[0] !== 'send')
        t.usage('用法 / usage: message send (--member M | --members A,B | --all) --title T --content C');
      const title = str(values.title);
      const content = str(values.content);
      if (!title) t.usage('请用 --title 给出标题');
      if (!content) t.usage('请用 --content 给出内容（可用 HTML：p、strong、a、img 等）');
      const type = messageType(str(values.type), t);
      const link = str(values.link);
      if (link !== undefined) routedLink(link, t, false);
      const { audience, who } = await audienceOf(values, t);
      const sent = await sendMessage(t.ctx, audience, { title: title!, content: content!, type, link });
      t.out(
        audience.kind === 'all'
          ? `✓ 已向全体会员发送消息 #${sent.id}（发送时已注册 ${sent.recipients} 位；之后注册的会员收不到）/ broadcast sent`
          : `✓ 已向${who}发送消息 #${sent.id} / sent to ${sent.recipients}`,
      );
      return true;
    }
    case 'screen': {
      const sub = args[0];
      if (sub === 'set') {
        const title = str(values.title);
        const content = str(values.content);
        if (!title) t.usage('请用 --title 给出标题');
        if (content === undefined) t.usage('请用 --content 给出内容');
        const images = Array.isArray(values.image) ? values.image : [];
        if (images.length > 1) t.usage('弹屏只能有一张配图 / one --image only');
        const link = str(values.link);
        if (link !== undefined) routedLink(link, t, true);
        const start = str(values.start);
        const end = str(values.end);
        const startAt = start === undefined ? undefined : beijingTime(start, '--start', t);
        const endAt = end === undefined ? (startAt ?? t.ctx.now()) + 7 * DAY_MS : beijingTime(end, '--end', t);
        const row = await setScreenMessage(t.ctx, {
          title: title!,
          content: content!,
          image: images[0] ?? null,
          link: link ?? null,
          buttonText: str(values.button),
          startAt,
          endAt,
        });
        t.out(
          `✓ 已设置弹屏消息 #${row.id}「${row.title}」，${t.time(row.startAt)} 至 ${t.time(row.endAt)}（北京时间）；每位会员只弹一次 / screen message set`,
        );
        return true;
      }
      if (sub === 'withdraw') {
        const id = Number(args[1]);
        if (!Number.isSafeInteger(id) || id < 1) t.usage('用法 / usage: screen withdraw <id>');
        const row = await withdrawScreenMessage(t.ctx, id);
        t.out(`✓ 已撤下弹屏消息 #${row.id}「${row.title}」/ withdrawn`);
        return true;
      }
      if (sub === 'list') {
        const now = t.ctx.now();
        const rows = await listScreenMessages(t.ctx.db, t.limit);
        const state = (s: (typeof rows)[number]['s']) =>
          s.withdrawnAt
            ? '已撤下'
            : s.startAt.getTime() > now
              ? '未开始'
              : s.endAt.getTime() <= now
                ? '已结束'
                : '展示中';
        for (const line of t.table(
          ['编号 ID', '标题 Title', '开始 Start', '结束 End', '状态 State', '已看 Seen', '链接 Link'],
          rows.map(({ s, seen }) => [s.id, s.title, t.time(s.startAt), t.time(s.endAt), state(s), seen, s.link]),
        ))
          t.out(line);
        return true;
      }
      t.usage('用法 / usage: screen set … | screen withdraw <id> | screen list');
      return true;
    }
    default:
      return false;
  }
}
