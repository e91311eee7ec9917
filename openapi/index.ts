import { TAGS, type Operation } from './op';
import * as account from './operations/account';
import * as admin from './operations/admin';
import * as adminMembers from './operations/adminMembers';
import * as adminExchange from './operations/adminExchange';
import * as adminFeedback from './operations/adminFeedback';
import * as app from './operations/app';
import * as auth from './operations/auth';
import * as appraise from './operations/appraise';
import * as banners from './operations/banners';
import * as benefits from './operations/benefits';
import * as campaign from './operations/campaign';
import * as checkin from './operations/checkin';
import * as consignee from './operations/consignee';
import * as course from './operations/course';
import * as credits from './operations/credits';
import * as events from './operations/events';
import * as exchange from './operations/exchange';
import * as feedback from './operations/feedback';
import * as forum from './operations/forum';
import * as help from './operations/help';
import * as home from './operations/home';
import * as identity from './operations/identity';
import * as invites from './operations/invites';
import * as lottery from './operations/lottery';
import * as messages from './operations/messages';
import * as notices from './operations/notices';
import * as oss from './operations/oss';
import * as points from './operations/points';
import * as polls from './operations/polls';
import * as prize from './operations/prize';
import * as profile from './operations/profile';
import * as qrcode from './operations/qrcode';
import * as quality from './operations/quality';
import * as ranking from './operations/ranking';
import * as recruit from './operations/recruit';
import * as sms from './operations/sms';
import * as social from './operations/social';
import * as tasks from './operations/tasks';

/** The operations of each domain (one file per domain under `openapi/operations/`, as in `server/modules/`). */
export const operationGroups = {
  account,
  admin,
  adminMembers,
  adminExchange,
  adminFeedback,
  app,
  appraise,
  auth,
  banners,
  benefits,
  campaign,
  checkin,
  consignee,
  course,
  credits,
  events,
  exchange,
  feedback,
  forum,
  help,
  home,
  identity,
  invites,
  lottery,
  messages,
  notices,
  oss,
  points,
  polls,
  prize,
  profile,
  qrcode,
  quality,
  ranking,
  recruit,
  sms,
  social,
  tasks,
} as const;

/**
 * The operation table: every call of the API, once, in the order of the generated document —
 * by section (`TAGS`), then by id.
 */
export const operations: readonly Operation[] = Object.values(operationGroups)
  .flatMap((group) => Object.values(group) as Operation[])
  .sort((a, b) => TAGS.indexOf(a.tag) - TAGS.indexOf(b.tag) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

export * from './op';
export * from './codes';
export * from './enums';
