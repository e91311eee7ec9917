/**
 * Ownership: every operation of the contract that takes an id — a field named like one (`id`,
 * `ids`, `…Id`, `rid`, `key`, `…Key`, `state`, `…Ticket`, `…Token`) in its path, query or body —
 * is declared below with whose the id is:
 *
 * - `'public'`: anyone may read or use it (a reward, a task, a region code);
 * - `member(record)`: it belongs to one member. Member A makes one record of that kind; member B
 *   calls the operation with A's id and gets exactly what B gets for an id that does not exist
 *   (HTTP status, code, msg), nothing of A's changes (every row of every table with a member_id
 *   of A's, and A's member row), and A calling it with the same id is told apart (another answer,
 *   or A's rows change) — so the id really reaches A's record. Where B is told "not yours" on
 *   purpose instead (`refusedAs`, with the reason), B gets exactly that refusal and nothing else;
 * - `'console'`: a console operation: staff act on any member's record, so no member owns the id;
 *   who may is the permission the operation declares (every role tried in
 *   console-permissions.test.ts) and each write is audited (console-audit.test.ts). Checked here:
 *   such an operation is `auth: 'staff'` with a permission;
 * - `{ reason }`: anything else, said in words (a bearer ticket that is its own credential…).
 *
 * An operation taking an id with no declaration fails the test, as does a declaration of a field
 * the operation does not have: a new operation is declared the day it lands.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, describeCode, type CodeName } from '../../openapi/codes';
import { operations, type Operation } from '../../openapi/index';
import { MAX_ID } from '../../openapi/schemas/common';
import * as tables from '../../server/db/tables';
import { routes } from '../../server/modules';
import { addPrize } from '../../server/modules/lottery/prizes';
import { startSession } from '../../server/modules/auth/tokens';
import { freshIp, freshMobile, harness, type Harness } from './accounts-helpers';
import { grant, newReward, saveAddress, validIdNumber } from './exchange-helpers';
import { goodAnswers, newPoll } from './polls-helpers';
import { answersFor, type AttemptData } from './course-helpers';
import { seedDemoCourse } from '../../server/seed/demoCourse';
import { benefit } from './rewards-helpers';
import { startOAuthTestProvider, type OAuthTestProvider } from './support/oauth-test-provider';
import { fieldKey, inputFields, requestOf, type Placed } from './support/contract-inputs';
import { newPartner, newTask } from './tasks-helpers';
import { browserForm, objectNameFor, png, postForm } from './uploads-helpers';
import type { OssPolicyData } from '../../server/providers/oss';
import { withSignature } from '../../server/modules/tasks/signature';

/** Field names that identify a record (or a secret standing for one). */
const ID_LIKE = /^(id|ids|rid|key|state|token)$|[a-z](Id|Ids|Key|Ticket|Token)$|^ticket$/;

type Location = 'params' | 'query' | 'body';
const LOCATIONS: readonly Location[] = ['params', 'query', 'body'];

/** `body.answers[].questionId` */
const labelOf = (location: Location, path: readonly string[]) => [location, ...path].join('.').replace(/\.\[\]/g, '[]');

/** The id-like fields of an operation, by label, with where they are. */
function idFieldsOf(o: Operation) {
  return LOCATIONS.flatMap((location) =>
    inputFields(o[location])
      .filter((f) => ID_LIKE.test(fieldKey(f.path)) && f.schema.def.type !== 'array')
      .map((f) => ({ label: labelOf(location, f.path), location, field: f })),
  );
}

/** What member A made, one of each kind (beforeAll). */
interface Records {
  exchangeId: number;
  requestKey: string;
  memberBenefitId: number;
  rewardId: number;
  pollId: number;
  pollRid: string;
  watchRid: string;
  surveyRid: string;
  surveyReturnLink: string;
  partnerSecret: string;
  refreshToken: string;
  idVerifyTicket: string;
  changeMobileTicket: string;
  changePasswordTicket: string;
  bindStates: Record<'wechat' | 'qq' | 'weibo' | 'alipay', { code: string; state: string }>;
  messageId: number;
  avatarKey: string;
  feedbackId: number;
  feedbackRequestKey: string;
  lotteryRequestKey: string;
  quizAttemptId: number;
  quizAnswers: { questionId: number; option: number }[];
}

interface Member {
  kind: 'member';
  /** A's value for this field. */
  value: (r: Records) => unknown;
  /** An id of the same form that names nothing (default: the largest id, or random text that fits). */
  missing?: (r: Records) => unknown;
  /** Other fields the call needs to reach the id (fresh for each call). */
  with?: (r: Records) => Partial<Record<Location, Placed[]>>;
  /**
   * B is refused with this code instead of the missing-id answer, on purpose (say why). A still
   * loses nothing, and the answer carries nothing of A's.
   */
  refusedAs?: { code: CodeName; why: string };
}
type Owner = 'public' | 'console' | { reason: string } | Member;

const member = (value: Member['value'], more: Omit<Member, 'kind' | 'value'> = {}): Member => ({
  kind: 'member',
  value,
  ...more,
});
const at = (path: string[], value: unknown): Placed => ({ path, value });

/**
 * A rid is 128 random bits that only its member's own links carry; the answer to another member's
 * rid says so (3004 这条答题记录不属于当前账号) so that a member who switched accounts half-way
 * through a survey knows why it is refused (src/flows/polls.ts, machines/surveyHandoff.ts).
 */
const FOREIGN_RID = { code: 'PARTICIPATION_FOREIGN', why: 'a rid tells a switched account why' } as const;

const OAUTH_LOGIN_STATE = {
  reason: 'login state: issued to a browser before anyone is logged in; single use, it is its own credential',
};
const QR_TICKET = {
  reason: 'QR login ticket: names a desktop’s login request; whoever scans and confirms it is who it logs in',
};
const BIND_TICKET = { reason: 'bind ticket: the social callback’s single-use credential, before any login' };
const REFRESH = { reason: 'the refresh token is the credential itself: whoever holds it is its member' };
const FORUM_BOARD = {
  reason:
    'forum ids (board by task hash id, section, topic, reply, participant) name a discussion group’s shared posts; access is by role on that board (tests/api/forum.test.ts); upload keys are taken only from the caller’s own folder, request keys only among the caller’s own replies',
};
const POSTBACK = { reason: 'partner postback: the partner’s signature over the rid says who may, not a member' };

/** A new ticket's other fields: a fresh request key, no screenshots. */
const newFeedback = () => ({ body: [at(['requestKey'], randomUUID()), at(['images'], [])] });

const bindState = (platform: keyof Records['bindStates']) =>
  member((r) => r.bindStates[platform].state, {
    missing: () => randomBytes(24).toString('base64url'),
    with: (r) => ({ body: [at(['code'], r.bindStates[platform].code)] }),
  });

const STAFF_SIGN_IN_TICKET = {
  reason:
    'console sign-in ticket: issued by the password step to whoever passed it, single use for 5 minutes; it is its own credential',
};

/** Every operation that takes an id, by operation id: one owner for all its ids, or one per field. */
const OWNERSHIP: Record<string, Owner | Record<string, Owner>> = {
  staffSignInVerify: STAFF_SIGN_IN_TICKET,
  listAudit: 'console',
  listReviewQueue: 'console',
  getReviewItem: 'console',
  approveExchange: 'console',
  rejectExchange: 'console',
  bulkApproveExchanges: 'console',
  listTickets: 'console',
  getTicket: 'console',
  takeTicket: 'console',
  processTicket: 'console',
  replyTicket: 'console',
  closeTicket: 'console',
  deleteSavedReply: 'console',
  // auth, SMS
  alipayCallback: OAUTH_LOGIN_STATE,
  qqCallback: OAUTH_LOGIN_STATE,
  wechatCallback: OAUTH_LOGIN_STATE,
  weiboCallback: OAUTH_LOGIN_STATE,
  checkLoginQrcode: QR_TICKET,
  scanLoginQrcode: QR_TICKET,
  confirmLoginQrcode: QR_TICKET,
  snsBind: BIND_TICKET,
  snsRegister: BIND_TICKET,
  refreshToken: REFRESH,
  logout: member((r) => r.refreshToken),
  passwordLogin: 'public',
  smsLogin: 'public',
  smsRegister: 'public',
  sendNewMobileSms: member((r) => r.changeMobileTicket, {
    with: () => ({ body: [at(['mobile'], h.enc(freshMobile()))] }),
  }),
  // member centre
  bindWechat: bindState('wechat'),
  bindQq: bindState('qq'),
  bindWeibo: bindState('weibo'),
  bindAlipay: bindState('alipay'),
  changeMobile: member((r) => r.changeMobileTicket),
  changePassword: member((r) => r.changePasswordTicket),
  submitIdVerify: member((r) => r.idVerifyTicket, {
    with: () => ({ body: [at(['realName'], '张三'), at(['idNumber'], validIdNumber())] }),
  }),
  updateAvatar: member((r) => r.avatarKey),
  checkBasicSurvey: 'public',
  submitBasicSurvey: 'public',
  saveConsignee: 'public',
  updateProperty: 'public',
  decodeFocusTask: 'public',
  getFocusMember: 'public',
  // The forum: boards, topics and replies are a discussion group's, not one member's. Who reaches
  // them is decided by the role on that board (respondent, moderator, observer; anyone else
  // FORUM_NO_ACCESS), tested per role in tests/api/forum.test.ts.
  updateFocusMember: FORUM_BOARD,
  listForumTopics: FORUM_BOARD,
  getForumTopic: FORUM_BOARD,
  createForumTopic: FORUM_BOARD,
  moderateForumTopic: FORUM_BOARD,
  listForumReplies: FORUM_BOARD,
  createForumReply: FORUM_BOARD,
  moderateForumReply: FORUM_BOARD,
  listForumMemberPosts: FORUM_BOARD,
  completeForumMember: FORUM_BOARD,
  getForumRespondent: FORUM_BOARD,
  listForumRespondents: FORUM_BOARD,
  // content
  browseRedirect: 'public',
  // A notice is a site-wide announcement: its id names the same notice for everyone (visitors
  // read it too). What a member does with one — opening it, marking it read — writes only their
  // own notice_reads row, and no answer carries another member's read state (tests/api/notices.test.ts).
  getNotice: 'public',
  readNotices: 'public',
  listCategories: 'public',
  listQuestions: 'public',
  // A help article is site content: its id names the same article for everyone (visitors read it
  // too). A vote writes only the caller's own help_votes row, and no answer carries another
  // member's vote, only the count (tests/api/help.test.ts).
  getQuestion: 'public',
  voteQuestion: 'public',
  // An answering-tips article beside the ranking is site content, the same for everyone.
  getRankingTip: 'public',
  // A lesson is site content: its id names the same lesson for everyone (visitors read it too).
  // Marking it read writes only the caller's own course_progress row (tests/api/course.test.ts).
  getCourse: 'public',
  readCourse: 'public',
  // A quiz attempt is its member's; the question ids of an answer sheet name bank questions.
  getQuizResult: member((r) => r.quizAttemptId),
  submitQuiz: {
    'params.id': member((r) => r.quizAttemptId, { with: (r) => ({ body: [at(['answers'], r.quizAnswers)] }) }),
    'body.answers[].questionId': 'public',
  },
  listRegions: 'public',
  // A prize trial is site content, the same for everyone; applying and confirming an address write
  // only the caller's own application row (tests/api/prize.test.ts).
  getPrize: 'public',
  applyPrize: 'public',
  getPrizeResult: 'public',
  confirmPrizeShipTo: 'public',
  // The report reads and writes only the caller's own winning application; anyone else is
  // refused as not a winner (tests/api/prize-trials.test.ts); the question ids are the poll's.
  getPrizeReport: 'public',
  submitPrizeReport: {
    'params.id': 'public',
    'body.answers[].questionId': 'public',
    'body.answers[].optionIds[]': 'public',
    'body.answers[].matrix[].rowId': 'public',
    'body.answers[].matrix[].optionId': 'public',
  },
  listMessages: member((r) => r.messageId),
  readMessages: member((r) => r.messageId),
  readFlashMessage: {
    reason:
      'a screen message id: one announcement shown to every member; marking it seen writes only the caller’s own seen row',
  },
  // tasks and polls
  getTask: 'public',
  startTask: 'public',
  getTaskOutcome: member((r) => r.surveyRid, { refusedAs: FOREIGN_RID }),
  finishWatchTask: member((r) => r.watchRid, { refusedAs: FOREIGN_RID }),
  submitTaskCallback: {
    'body.url': member((r) => r.surveyReturnLink, {
      missing: (r) => returnLink(r.partnerSecret, randomBytes(16).toString('base64url')),
      refusedAs: FOREIGN_RID,
    }),
  },
  partnerPostback: POSTBACK,
  getPoll: {
    'params.id': 'public',
    'query.rid': member((r) => r.pollRid, {
      with: (r) => ({ params: [at(['id'], r.pollId)] }),
      refusedAs: FOREIGN_RID,
    }),
  },
  submitPoll: {
    'body.pollId': 'public',
    'body.respondentId': member((r) => r.pollRid, {
      with: (r) => ({ body: [at(['pollId'], r.pollId), at(['answers'], goodAnswers())] }),
      refusedAs: FOREIGN_RID,
    }),
    'body.answers[].questionId': 'public',
    'body.answers[].optionIds[]': 'public',
    'body.answers[].matrix[].rowId': 'public',
    'body.answers[].matrix[].optionId': 'public',
  },
  // benefits
  getBenefit: 'public',
  allowBenefit: 'public',
  claimBenefit: 'public',
  useBenefitValue: 'public',
  checkBenefit: {
    'params.id': member((r) => r.memberBenefitId, {
      with: (r) => ({ body: [at(['target'], { type: 'exchange', id: r.rewardId })] }),
    }),
    'body.target.id': 'public',
  },
  useBenefit: {
    'body.memberBenefitId': member((r) => r.memberBenefitId, {
      with: (r) => ({ body: [at(['target'], { type: 'exchange', id: r.rewardId })] }),
    }),
    'body.target.id': 'public',
  },
  // feedback: a ticket, and the records and request key a ticket is made with
  getFeedbackRecord: {
    'query.rid': member((r) => r.surveyRid),
    'query.exchangeId': member((r) => r.exchangeId),
    'query.benefitId': member((r) => r.memberBenefitId),
  },
  createFeedback: {
    'body.rid': member((r) => r.surveyRid, { with: newFeedback }),
    'body.exchangeId': member((r) => r.exchangeId, { with: newFeedback }),
    'body.benefitId': member((r) => r.memberBenefitId, { with: newFeedback }),
    // B's call with A's key makes B's own ticket, as a fresh key does; A is told the key was used.
    'body.requestKey': member((r) => r.feedbackRequestKey, {
      missing: () => randomUUID(),
      with: () => ({ body: [at(['images'], []), at(['content'], '另一段不同的问题描述：兑换的卡密无法使用。')] }),
    }),
  },
  // recruitment: the one application is looked up by the caller, the key only tells a resend apart
  submitRecruitApplication: {
    reason: 'request key: compared only with the caller’s own application (one per member), it never names another’s',
  },
  listFeedback: { reason: 'query.state is the ticket status filter (待受理, 已确认…), not an id' },
  getFeedback: member((r) => r.feedbackId),
  replyFeedback: member((r) => r.feedbackId, { with: () => ({ body: [at(['images'], [])] }) }),
  confirmFeedback: member((r) => r.feedbackId),
  reopenFeedback: member((r) => r.feedbackId),
  rateFeedback: member((r) => r.feedbackId),
  // the lucky wheel: B's call with A's key is B's own spin, as a fresh key is; A is told the key was used
  // (another seed with it).
  spinLottery: {
    'body.requestKey': member((r) => r.lotteryRequestKey, {
      missing: () => randomUUID(),
      with: () => ({ body: [at(['source'], 'points'), at(['memberSeed'], randomBytes(16).toString('hex'))] }),
    }),
  },
  // seasonal campaigns: the key is looked up only among the caller's own draws (unique per member and
  // campaign), so another member's key is a fresh key of B's.
  drawCampaign: {
    reason: 'request key: compared only with the caller’s own draws of the campaign, it never names another’s',
  },
  // exchange
  getReward: 'public',
  getExchange: member((r) => r.exchangeId),
  listExchanges: { reason: 'query.state is the exchange status filter (待审核, 已发放…), not an id' },
  redeemReward: {
    'body.rewardId': 'public',
    'body.requestKey': member((r) => r.requestKey, {
      missing: () => randomUUID(),
      with: (r) => ({ body: [at(['rewardId'], r.rewardId)] }),
    }),
    'body.memberBenefitId': member((r) => r.memberBenefitId, {
      with: (r) => ({ body: [at(['rewardId'], r.rewardId), at(['requestKey'], randomUUID())] }),
    }),
  },
};

const isMember = (o: Owner): o is Member => typeof o === 'object' && 'kind' in o;

/** Each id-like field of each operation with its declared owner (undefined: not declared). */
function declarations() {
  return operations.flatMap((o) => {
    const entry = OWNERSHIP[o.id];
    const fields = idFieldsOf(o);
    const perField = entry && typeof entry === 'object' && !('kind' in entry) && !('reason' in entry);
    const labels = new Set([...fields.map((f) => f.label), ...(perField ? Object.keys(entry) : [])]);
    return [...labels].map((label) => ({
      operation: o,
      label,
      owner: (perField ? (entry as Record<string, Owner>)[label] : (entry as Owner | undefined)) as Owner | undefined,
    }));
  });
}

const built = new Set(routes.map((r) => r.operation.id));

let h: Harness;
let provider: OAuthTestProvider;
let a: { id: number; token: string };
let b: { id: number };
let records: Records;

function returnLink(secret: string, rid: string): string {
  const ts = Math.floor(h.clock.now() / 1000);
  return withSignature(secret, `/task/back?rid=${encodeURIComponent(rid)}&status=10&ts=${ts}`);
}

/** Every row of A's (as JSON): A's member row and the rows of each table with a member_id of A's. */
async function rowsOf(memberId: number): Promise<Record<string, string[]>> {
  const db = h.app.ctx.db;
  const out: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
    const key = name === 'members' ? columns.id : columns.memberId;
    if (!key) continue;
    // In a stable order: an UPDATE moves a row in PostgreSQL's heap order.
    const rows = await db.select().from(table).where(eq(key, memberId));
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function call(
  who: number,
  operation: Operation,
  placed: Partial<Record<Location, Placed[]>>,
): Promise<{ status: number; code: number; msg: string; data?: unknown }> {
  const req = requestOf(operation, placed);
  // A fresh session for every call: logout ends the one it came with.
  const { token } = await startSession(h.app.ctx, who);
  const res = await h.app.inject({
    method: req.method,
    url: req.url,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}` },
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
  });
  const body = JSON.parse(res.body) as { code: number; msg: string; data?: unknown };
  return { status: res.statusCode, ...body };
}

/** An id of the field's form that names nothing. */
function missingValue(schema: { def: { type: string }; safeParse(v: unknown): { success: boolean } }): unknown {
  if (schema.def.type === 'number') return MAX_ID;
  const text = [randomBytes(16).toString('base64url'), randomUUID(), randomBytes(4).toString('hex')];
  return text.find((t) => schema.safeParse(t).success) ?? text[0];
}

async function smsTicket(scene: string): Promise<string> {
  const mobile = aMobile;
  const sent = await h.call('POST', '/api/v1/sms/send', { token: a.token, body: { scene } });
  if (sent.code !== 200) throw new Error(`send ${scene}: ${sent.code} ${sent.msg}`);
  const checked = await h.call('POST', '/api/v1/sms/check', {
    token: a.token,
    body: { scene, code: h.enc(h.lastCode(mobile, scene)) },
  });
  if (checked.code !== 200) throw new Error(`check ${scene}: ${checked.code} ${checked.msg}`);
  h.clock.advance(61_000);
  return (checked.data as { verifyTicket: string }).verifyTicket;
}
let aMobile: string;

beforeAll(async () => {
  h = await harness('ownership');
  provider = await startOAuthTestProvider();
  await h.env.closeAll();
  h.app = await h.env.build({ oauth: provider.config }, { now: h.clock.now });
  const ctx = h.app.ctx;
  aMobile = freshMobile();
  const loginA = await h.register(aMobile);
  a = { id: loginA.member.id, token: loginA.token };
  b = { id: (await h.register(freshMobile())).member.id };
  for (const m of [a.id, b.id]) {
    await grant(ctx, m, 100_000);
    await saveAddress(ctx, m);
  }
  const start = async (hashId: string) => {
    const s = await h.call('POST', `/api/v1/process/tasks/${hashId}/start`, { token: a.token });
    if (s.code !== 200) throw new Error(`start: ${s.code} ${s.msg}`);
    return (s.data as { respondentId: string }).respondentId;
  };

  // An exchange, made with a request key; a coupon held.
  const reward = await newReward(ctx, { pointsCost: 100, stock: 100 });
  const requestKey = randomUUID();
  const redeemed = await h.call('POST', '/api/v1/exchange/redeem', {
    token: a.token,
    body: { rewardId: reward.id, requestKey },
  });
  if (redeemed.code !== 200) throw new Error(`redeem: ${redeemed.code} ${redeemed.msg}`);
  const coupon = await benefit(ctx, { kind: 2, value: 10, couponUnit: 'fen', name: '测试折扣券' });
  const claimed = await h.call('POST', `/api/v1/benefits/${coupon.id}`, { token: a.token });
  if (claimed.code !== 200) throw new Error(`claim: ${claimed.code} ${claimed.msg}`);

  // Participations: a poll, a video, a partner survey (with its signed return link).
  const poll = await newPoll(ctx);
  const pollTask = await newTask(ctx, { kind: 'poll', pollId: poll.id, minSeconds: 30 });
  const video = await newTask(ctx, { kind: 'video', watchSeconds: 30, partnerId: null });
  const partner = await newPartner(ctx);
  const survey = await newTask(ctx, { partnerId: partner.id });
  const surveyRid = await start(survey.hashId);

  // Verify tickets of each scene, a bind state per platform, a message.
  const bindStates = {} as Records['bindStates'];
  const platforms = { wechat: 1, qq: 2, weibo: 3, alipay: 4 } as const;
  for (const [name, platform] of Object.entries(platforms)) {
    const auth = await h.call('GET', `/api/v1/auth/sns/authorize?platform=${platform}&purpose=bind`, {
      token: a.token,
    });
    if (auth.code !== 200) throw new Error(`authorize ${name}: ${auth.code} ${auth.msg}`);
    provider.signIn({ id: `owner-${name}` });
    const back = await provider.authorize((auth.data as { url: string }).url);
    bindStates[name as keyof typeof platforms] = { code: back.code, state: back.state };
  }
  const [message] = await ctx.db
    .insert(tables.messages)
    .values({ audience: 'member', title: '测试消息', content: '只给 A 的消息' })
    .returning();
  await ctx.db.insert(tables.messageInbox).values({ messageId: message!.id, memberId: a.id });

  // A picture A uploaded to A's avatar folder through the built-in receiver.
  const policy = await h.call('GET', '/api/v1/oss/policy?module=avatar', { token: a.token });
  if (policy.code !== 200) throw new Error(`policy: ${policy.code} ${policy.msg}`);
  const avatarPolicy = policy.data as OssPolicyData;
  const avatarKey = avatarPolicy.dir + objectNameFor();
  const uploaded = await postForm(
    h.app,
    browserForm(avatarPolicy, avatarKey, { bytes: png(4, 4), type: 'image/png' }),
    avatarPolicy.host,
  );
  if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);

  // A feedback ticket, made with a request key.
  const feedbackRequestKey = randomUUID();
  const ticket = await h.call('POST', '/api/v1/feedback', {
    token: a.token,
    body: { requestKey: feedbackRequestKey, category: 1, content: '问卷答完了，微豆一直没有到账。' },
  });
  if (ticket.code !== 200) throw new Error(`feedback: ${ticket.code} ${ticket.msg}`);

  // A bought spin of the lucky wheel, made with a request key.
  await addPrize(ctx, { name: '谢谢参与', kind: 'none', weight: 1 });
  const lotteryRequestKey = randomUUID();
  const spun = await h.call('POST', '/api/v1/lottery/spin', {
    token: a.token,
    body: { source: 'points', requestKey: lotteryRequestKey, memberSeed: randomBytes(16).toString('hex') },
  });
  if (spun.code !== 200) throw new Error(`spin: ${spun.code} ${spun.msg}`);

  // A quiz attempt started on the demo course's bank, not submitted yet.
  await seedDemoCourse(ctx);
  const quiz = await h.call('POST', '/api/v1/answer-sheet/attempts', { token: a.token });
  if (quiz.code !== 200) throw new Error(`quiz: ${quiz.code} ${quiz.msg}`);
  const attempt = quiz.data as AttemptData;

  records = {
    quizAttemptId: attempt.attemptId,
    quizAnswers: await answersFor(ctx, attempt),
    exchangeId: (redeemed.data as { exchange: { id: number } }).exchange.id,
    requestKey,
    memberBenefitId: (claimed.data as { id: number }).id,
    rewardId: reward.id,
    pollId: poll.id,
    pollRid: await start(pollTask.hashId),
    watchRid: await start(video.hashId),
    surveyRid,
    surveyReturnLink: returnLink(partner.secret, surveyRid),
    partnerSecret: partner.secret,
    refreshToken: loginA.refreshToken,
    idVerifyTicket: await smsTicket('id_verify'),
    changeMobileTicket: await smsTicket('change_mobile'),
    changePasswordTicket: await smsTicket('change_password'),
    bindStates,
    messageId: message!.id,
    avatarKey,
    feedbackId: (ticket.data as { id: number }).id,
    feedbackRequestKey,
    lotteryRequestKey,
  };
  const unset = Object.entries(records).filter(([, v]) => v === undefined || v === null);
  if (unset.length) throw new Error(`records not made: ${unset.map(([k]) => k).join(', ')}`);
}, 120_000);
afterAll(async () => {
  await h.env.cleanup();
  await provider?.close();
});

describe('ownership of every id an operation takes', () => {
  const all = declarations();

  it('every id-taking operation is declared, field by field, and only fields it has', () => {
    const undeclared = all.filter((d) => d.owner === undefined).map((d) => `${d.operation.id} ${d.label}`);
    expect(undeclared, 'declare these in OWNERSHIP').toEqual([]);
    const stale = Object.keys(OWNERSHIP).filter((id) => !operations.some((o) => o.id === id));
    expect(stale, 'not in the contract').toEqual([]);
    const known = (o: Operation, label: string) =>
      LOCATIONS.some((l) => inputFields(o[l]).some((f) => labelOf(l, f.path) === label));
    const unknown = all.filter((d) => !known(d.operation, d.label)).map((d) => `${d.operation.id} ${d.label}`);
    expect(unknown, 'declared fields the operation does not have').toEqual([]);
    const counts = { member: 0, public: 0, console: 0, reason: 0 };
    for (const d of all)
      counts[d.owner === 'public' || d.owner === 'console' ? d.owner : isMember(d.owner!) ? 'member' : 'reason']++;
    console.log(
      `ownership: ${new Set(all.map((d) => d.operation.id)).size} id-taking operations, ${all.length} fields: ` +
        `${counts.member} member, ${counts.public} public, ${counts.console} console, ${counts.reason} with a reason`,
    );
    const notConsole = all
      .filter((d) => d.owner === 'console' && !(d.operation.auth === 'staff' && d.operation.permission))
      .map((d) => d.operation.id);
    expect(notConsole, "declared 'console' but not a staff operation with a permission").toEqual([]);
  });

  const checks = all.filter((d) => d.owner && isMember(d.owner));
  it.each(checks.map((d) => [`${d.operation.id} ${d.label}`, d] as const))(
    '%s: B with A’s id is refused as for a missing one; A keeps everything',
    async (_, d) => {
      const owner = d.owner as Member;
      const [location, ...rest] = d.label.replace(/\[\]/g, '.[]').split('.') as [Location, ...string[]];
      const field = inputFields(d.operation[location]).find((f) => labelOf(location, f.path) === d.label)!;
      const place = (value: unknown) => {
        const placed = owner.with?.(records) ?? {};
        (placed[location] ??= []).push(at(rest, value));
        return placed;
      };
      const before = await rowsOf(a.id);
      const theirs = await call(b.id, d.operation, place(owner.value(records)));
      const missing = await call(b.id, d.operation, place(owner.missing?.(records) ?? missingValue(field.schema)));
      expect(await rowsOf(a.id), 'A’s rows after B’s calls').toEqual(before);

      const notBuilt = !built.has(d.operation.id);
      // The missing id gets past input checks and login: the call reaches the lookup.
      if (!notBuilt) expect([400, 401], JSON.stringify(missing)).not.toContain(missing.status);
      const shape = (r: typeof theirs) => ({ status: r.status, code: r.code, msg: r.msg });
      if (owner.refusedAs) {
        const refusal = describeCode(Code[owner.refusedAs.code])!;
        expect(theirs).toEqual({ status: refusal.http, code: refusal.code, msg: refusal.msg });
      } else {
        expect(shape(theirs), `missing id: ${JSON.stringify(missing)}`).toEqual(shape(missing));
      }

      // A with the same id is told apart: the id reaches A's record.
      if (!notBuilt) {
        const own = await call(a.id, d.operation, place(owner.value(records)));
        const changed = JSON.stringify(await rowsOf(a.id)) !== JSON.stringify(before);
        expect(changed || JSON.stringify(shape(own)) !== JSON.stringify(shape(theirs)), JSON.stringify(own)).toBe(true);
      }
    },
  );
});
