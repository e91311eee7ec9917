/**
 * Ownership: every operation of the contract that takes an id — a field named like one (`id`,
 * `ids`, `…Id`, `rid`, `key`, `…Key`, `state`, `…Ticket`, `…Token`) in its path, query or body —
 * is declared here with whose the id is:
 *
 * - `'public'`: anyone may read or use it (a reward, a task, a region code);
 * - `member(record)`: it belongs to one member. Member A makes one record of that kind; member B
 *   calls the operation with A's id and gets exactly what B gets for an id that does not exist
 *   (HTTP status, code, msg), nothing of A's changes (every row of every table with a member_id
 *   of A's, and A's member row), and A calling it with the same id is told apart (another answer,
 *   or A's rows change) — so the id really reaches A's record. Where B is told "not yours" on
 *   purpose instead (`refusedAs`, with the reason), B gets exactly that refusal and nothing else;
 * - `{ reason }`: anything else, said in words (a bearer ticket that is its own credential…);
 *   console operations (`auth: 'staff'`) are declared so by themselves (`CONSOLE`).
 *
 * An operation taking an id with no declaration fails ownership-declared.test.ts, as does a
 * declaration of a field the operation does not have: a new operation is declared the day it lands.
 * ownership.test.ts makes A's records and calls each member-owned field as B and as A.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CodeName } from '../../openapi/codes';
import { operations, type Operation } from '../../openapi/index';
import { freshMobile } from './accounts-helpers';
import { validIdNumber } from './exchange-helpers';
import { goodAnswers } from './polls-helpers';
import { fieldKey, inputFields, type Placed } from './support/contract-inputs';

/** Field names that identify a record (or a secret standing for one). */
const ID_LIKE = /^(id|ids|rid|key|state|token)$|[a-z](Id|Ids|Key|Ticket|Token)$|^ticket$/;

export type Location = 'params' | 'query' | 'body';
export const LOCATIONS: readonly Location[] = ['params', 'query', 'body'];

/** `body.answers[].questionId` */
export const labelOf = (location: Location, path: readonly string[]) =>
  [location, ...path].join('.').replace(/\.\[\]/g, '[]');

/** The id-like fields of an operation, by label, with where they are. */
function idFieldsOf(o: Operation) {
  return LOCATIONS.flatMap((location) =>
    inputFields(o[location])
      .filter((f) => ID_LIKE.test(fieldKey(f.path)) && f.schema.def.type !== 'array')
      .map((f) => ({ label: labelOf(location, f.path), location, field: f })),
  );
}

/** What member A made, one of each kind (beforeAll). */
export interface Records {
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

export interface Member {
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
export type Owner = 'public' | { reason: string } | Member;

export const member = (value: Member['value'], more: Omit<Member, 'kind' | 'value'> = {}): Member => ({
  kind: 'member',
  value,
  ...more,
});
export const at = (path: string[], value: unknown): Placed => ({ path, value });

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

/** What a declaration's fields need at call time from the harness of the test that calls them. */
export interface CallEnv {
  /** The client's encryption of a mobile number (the harness's `enc`). */
  enc: (text: string) => string;
  /** A partner's signed return link for `rid`, at the harness's clock. */
  returnLink: (secret: string, rid: string) => string;
}

export type Ownership = Record<string, Owner | Record<string, Owner>>;

/** Every operation that takes an id, by operation id: one owner for all its ids, or one per field. */
export function ownershipOf(env: CallEnv): Ownership {
  const { enc, returnLink } = env;
  return {
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
    staffSignInVerify: {
      reason: 'console sign-in ticket: the password step’s single-use credential, 5 minutes, before any session',
    },
    logout: member((r) => r.refreshToken),
    passwordLogin: 'public',
    smsLogin: 'public',
    smsRegister: 'public',
    sendNewMobileSms: member((r) => r.changeMobileTicket, {
      with: () => ({ body: [at(['mobile'], enc(freshMobile()))] }),
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
}

/**
 * Console operations act on any member's records by design: what guards them is the staff
 * session and the operation's permission (console-permissions.test.ts), and each write is audited.
 */
const CONSOLE: Owner = { reason: 'console: staff act on any member’s records, guarded by permission and audited' };

export const isMember = (o: Owner): o is Member => typeof o === 'object' && 'kind' in o;

/** Each id-like field of each operation with its declared owner (undefined: not declared). */
export function declarations(ownership: Ownership) {
  return operations.flatMap((o) => {
    const entry = ownership[o.id] ?? (o.auth === 'staff' ? CONSOLE : undefined);
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
