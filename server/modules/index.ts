/**
 * The handler registry: every module's bindings, in one list. `buildApp` registers these; the
 * conformance test compares them with the contract's operation table.
 * A contract operation without a binding still gets a route that checks auth and input and then
 * answers 501 NOT_AVAILABLE, so the surface is complete while modules are being built.
 *
 * Allowed direction between modules: a module imports only modules on a lower line of
 * `SERVER_MODULE_LINES` (eslint.config.js, where lint enforces it), never one on its own line or
 * above (so no circle). Every module may use server/kernel, db, http and providers.
 *
 * `messages` sits on the lowest line so that any module can tell a member about an event in the
 * event's own transaction (messages/send.ts `postEventMessage`, words in messages/events.ts).
 *
 * A lower module that must act on an upper one's events takes a hook (a function passed in) rather
 * than importing it; shared helpers without a domain go to server/kernel.
 */
import type { RouteBinding } from '../http/handle';
import { routes as account } from './account/routes';
import { routes as appraise } from './appraise/routes';
import { routes as campaign } from './campaign/routes';
import { routes as auth } from './auth/routes';
import { routes as benefits } from './benefits/routes';
import { routes as checkin } from './checkin/routes';
import { routes as consignee } from './consignee/routes';
import { routes as consoleMembers } from './console/routes';
import { routes as consoleReview } from './console/routes-review';
import { routes as course } from './course/routes';
import { routes as credits } from './credits/routes';
import { routes as exchange } from './exchange/routes';
import { routes as feedback } from './feedback/routes';
import { routes as forum } from './forum/routes';
import { routes as help } from './help/routes';
import { routes as home } from './home/routes';
import { routes as identity } from './identity/routes';
import { routes as invites } from './invites/routes';
import { routes as lottery } from './lottery/routes';
import { routes as messages } from './messages/routes';
import { routes as notices } from './notices/routes';
import { routes as points } from './points/routes';
import { routes as polls } from './polls/routes';
import { routes as profile } from './profile/routes';
import { routes as promotions } from './promotions/routes';
import { routes as qrcode } from './qrcode/routes';
import { routes as quality } from './quality/routes';
import { routes as ranking } from './ranking/routes';
import { routes as recruit } from './recruit/routes';
import { routes as prize } from './prize/routes';
import { routes as releases } from './releases/routes';
import { routes as site } from './site/routes';
import { routes as sms } from './sms/routes';
import { routes as staff } from './staff/routes';
import { routes as social } from './social/routes';
import { routes as tasks } from './tasks/routes';
import { routes as uploads } from './uploads/routes';

export const routes: readonly RouteBinding[] = [
  ...auth,
  ...sms,
  ...staff,
  ...consoleMembers,
  ...consoleReview,
  ...account,
  ...qrcode,
  ...social,
  ...points,
  ...checkin,
  ...exchange,
  ...identity,
  ...consignee,
  ...tasks,
  ...polls,
  ...profile,
  ...benefits,
  ...credits,
  ...invites,
  ...uploads,
  ...messages,
  ...notices,
  ...promotions,
  ...releases,
  ...site,
  ...quality,
  ...help,
  ...ranking,
  ...home,
  ...feedback,
  ...forum,
  ...course,
  ...appraise,
  ...recruit,
  ...lottery,
  ...prize,
  ...campaign,
];
