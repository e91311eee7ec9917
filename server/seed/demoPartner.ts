/**
 * The local demo partner (registered only with SEED_DEMO on): plain server-rendered zh-CN pages,
 * not part of the SPA, so a demo task can be done end to end offline.
 *
 * - GET /demo-partner/survey?rid=…           a short questionnaire with outcome buttons
 * - GET /demo-partner/survey/finish?rid&status  signs and redirects to
 *   `${PUBLIC_ORIGIN}/task/back?rid=…&status=…&ts=…&sig=…` (failures to /task/back/failure),
 *   exactly as a real survey exchange would
 * - GET /demo-partner/video, /demo-partner/page/:slug  targets of the demo video/browse tasks
 */
import { originOf } from '../http/origin';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { participations, surveyPartners, tasks } from '../db/schema-tasks';
import { withSignature } from '../modules/tasks/signature';
import { DEMO_PARTNER_CODE } from './demo';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei",sans-serif;color:#1f2328;background:#f4f6f8}
main{max-width:640px;margin:0 auto;padding:16px}
header{background:#2f6fde;color:#fff;padding:14px 16px;font-weight:600}
.card{background:#fff;border-radius:10px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.muted{color:#656d76;font-size:14px}
fieldset{border:0;margin:0 0 12px;padding:0}
legend{font-weight:600;margin-bottom:6px}
label{display:flex;gap:8px;align-items:center;padding:8px 0;min-height:44px}
.actions{display:grid;gap:10px;margin-top:16px}
button{font:inherit;min-height:48px;border-radius:8px;border:1px solid #2f6fde;background:#fff;color:#2f6fde;cursor:pointer}
button.primary{background:#2f6fde;color:#fff}
h1{font-size:20px;margin:8px 0}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

const notice = (title: string, text: string) =>
  page(
    title,
    `<header>演示调研平台</header><main><div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></div></main>`,
  );

async function demoParticipation(ctx: AppContext, rid: string) {
  const [row] = await ctx.db
    .select({ p: participations, t: tasks, partner: surveyPartners })
    .from(participations)
    .innerJoin(tasks, eq(tasks.id, participations.taskId))
    .innerJoin(surveyPartners, and(eq(surveyPartners.id, tasks.partnerId), eq(surveyPartners.code, DEMO_PARTNER_CODE)))
    .where(eq(participations.respondentId, rid))
    .limit(1);
  return row;
}

const QUESTIONS: { title: string; options: string[] }[] = [
  { title: '你平时多久参与一次线上调研？', options: ['几乎每天', '每周几次', '每月几次', '很少'] },
  { title: '你更喜欢哪种问卷？', options: ['5 分钟以内的短问卷', '10–20 分钟的深度问卷', '都可以'] },
  { title: '你最希望用微豆兑换什么？', options: ['话费 / 流量', '购物卡', '现金红包', '实物礼品'] },
];

/** Where the member goes back: complete to /task/back, the rest to /task/back/failure. */
function demoReturnPath(rid: string, status: string, nowMs: number): string {
  const path = status === '10' ? '/task/back' : '/task/back/failure';
  return `${path}?rid=${encodeURIComponent(rid)}&status=${status}&ts=${Math.floor(nowMs / 1000)}`;
}

const OUTCOMES = new Set(['10', '20', '40']);

const VIDEO_FRAMES: Record<string, string[]> = {
  default: ['轻盈新品 · 全新上市', '0 蔗糖 · 0 脂肪 · 真果汁', '清爽一夏，就在此刻', '感谢观看'],
  guide: [
    '欢迎来到微豆调研',
    '第一步：在“任务”里挑选感兴趣的调研',
    '第二步：认真作答，完成即得微豆',
    '第三步：用微豆兑换话费、购物卡和礼品',
  ],
};

const ARTICLES: Record<string, { title: string; paragraphs: string[] }> = {
  'app-trial': {
    title: '小鹿记账：三秒记一笔，月底不再糊涂',
    paragraphs: [
      '小鹿记账是一款面向年轻人的极简记账 App：打开即记，支持语音输入“午饭 28 元”自动识别金额和分类。',
      '每月自动生成消费报告，餐饮、交通、购物一目了然；设定预算后，超支前会提醒你。',
      '所有数据保存在本机并可加密备份，不需要绑定银行卡。',
      '本页面为演示内容，用于“应用试玩”任务：停留满规定时间后回到任务页领取微豆。',
    ],
  },
  insurance: {
    title: '如何挑选适合自己的百万医疗险',
    paragraphs: [
      '百万医疗险的核心是报销住院和特殊门诊的大额医疗费用，保费便宜、保额高，适合作为基础保障。',
      '挑选时重点看四点：免赔额（常见 1 万元）、续保条件（是否保证续保）、外购药和质子重离子是否覆盖、健康告知是否严格。',
      '有社保的人群购买时选择“有社保”费率，理赔时先走社保再走商业保险，保费更低。',
      '本文为演示内容，不构成任何投保建议。',
    ],
  },
};

export function registerDemoPartner(app: FastifyInstance, ctx: AppContext): void {
  app.get('/demo-partner/survey', async (request, reply) => {
    const rid = String((request.query as Record<string, unknown>).rid ?? '');
    const row = rid ? await demoParticipation(ctx, rid) : undefined;
    if (!row) return sendHtml(reply, 404, notice('链接无效', '找不到这条答题记录，请回到微豆调研重新开始任务。'));
    if (row.p.status !== 'started')
      return sendHtml(reply, 409, notice('本次答题已结束', '这条答题记录已经结算，请回到微豆调研查看结果。'));
    const minNote =
      row.t.minSeconds > 0
        ? `<p class="muted">本问卷的最短有效作答时长为 ${row.t.minSeconds} 秒，过快提交会被判为“答题过快”。</p>`
        : '';
    const questions = QUESTIONS.map(
      (q, i) =>
        `<fieldset><legend>${i + 1}. ${escapeHtml(q.title)}</legend>${q.options
          .map((o, j) => `<label><input type="radio" name="q${i + 1}" value="${j + 1}">${escapeHtml(o)}</label>`)
          .join('')}</fieldset>`,
    ).join('');
    return sendHtml(
      reply,
      200,
      page(
        `${row.t.title} - 演示调研平台`,
        `<header>演示调研平台</header><main>
<div class="card"><h1>${escapeHtml(row.t.title)}</h1>
<p class="muted">这是本地演示合作方的问卷页，模拟第三方调研平台：作答后点下方按钮，带着签名回到微豆调研结算。</p>${minNote}</div>
<form class="card" method="get" action="/demo-partner/survey/finish">
<input type="hidden" name="rid" value="${escapeHtml(rid)}">${questions}
<div class="actions">
<button class="primary" type="submit" name="status" value="10">完成</button>
<button type="submit" name="status" value="20">不符合条件</button>
<button type="submit" name="status" value="40">配额已满</button>
</div></form></main>`,
      ),
    );
  });

  app.get('/demo-partner/survey/finish', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const rid = String(query.rid ?? '');
    const status = String(query.status ?? '');
    const row = rid ? await demoParticipation(ctx, rid) : undefined;
    if (!row) return sendHtml(reply, 404, notice('链接无效', '找不到这条答题记录，请回到微豆调研重新开始任务。'));
    if (!OUTCOMES.has(status))
      return sendHtml(reply, 400, notice('请求无效', '请在问卷页点击“完成”“不符合条件”或“配额已满”。'));
    const signed = withSignature(row.partner.secret, demoReturnPath(rid, status, ctx.now()));
    return reply.header('cache-control', 'no-store').redirect(`${originOf(ctx.config, request)}${signed}`, 302);
  });

  app.get('/demo-partner/video', async (request, reply) => {
    const topic = String((request.query as Record<string, unknown>).topic ?? 'default');
    const frames = VIDEO_FRAMES[topic] ?? VIDEO_FRAMES.default!;
    const seconds = 4;
    const total = frames.length * seconds;
    // One CSS animation per frame (no script: the site's CSP allows none); the last frame stays.
    const keyframes = frames
      .map((_, i) => {
        const from = ((i / frames.length) * 100).toFixed(2);
        const to = (((i + 1) / frames.length) * 100).toFixed(2);
        const last = i === frames.length - 1;
        return `@keyframes f${i}{0%,${from}%{opacity:0}${from}%,${last ? '100' : to}%{opacity:1}${last ? '' : `${to}%,100%{opacity:0}`}}.s${i}{animation:f${i} ${total}s step-end forwards}`;
      })
      .join('');
    const slides = frames.map((f, i) => `<div class="slide s${i}">${escapeHtml(f)}</div>`).join('');
    const css = `${keyframes}
.screen{position:relative;aspect-ratio:16/9;background:linear-gradient(135deg,#1d3f8f,#2f6fde 60%,#5fa8ff);border-radius:10px;overflow:hidden;color:#fff}
.slide{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;text-align:center;padding:24px;font-size:22px;font-weight:600;opacity:0}
.bar{position:absolute;left:0;bottom:0;height:4px;background:#fff;animation:grow ${total}s linear forwards}
@keyframes grow{from{width:0}to{width:100%}}
@media (prefers-reduced-motion:reduce){.slide:last-child{opacity:1}}`;
    return sendHtml(
      reply,
      200,
      page(
        '演示短片',
        `<style>${css}</style><main><div class="screen" role="img" aria-label="演示短片">${slides}<div class="bar"></div></div><p class="muted">演示短片，时长约 ${total} 秒（本地内容，离线可播放）。</p></main>`,
      ),
    );
  });

  app.get('/demo-partner/page/:slug', async (request, reply) => {
    const article = ARTICLES[(request.params as { slug: string }).slug];
    if (!article) return sendHtml(reply, 404, notice('页面不存在', '这个演示页面不存在。'));
    return sendHtml(
      reply,
      200,
      page(
        article.title,
        `<main><article class="card"><h1>${escapeHtml(article.title)}</h1>${article.paragraphs
          .map((p) => `<p>${escapeHtml(p)}</p>`)
          .join('')}</article></main>`,
      ),
    );
  });
}
