/**
 * Every call of the contract (spec §7) is made by the web app — named in src/ or machines/ — or is
 * listed below with why the browser does not make it. A call added to the contract and never used,
 * or a listed one the app starts to use, fails here, so the list stays true.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../openapi';

const root = path.resolve(import.meta.dirname, '../..');

/** Calls the web app does not make, and why. */
const NOT_MADE_BY_THE_WEB_APP: Record<string, string> = {
  partnerPostback: "a survey partner's server reports a result to ours; no browser makes it",
  inviteRegister:
    'the invite page checks the code (checkInvite) and hands it to /register, whose one registration flow records the inviter; kept for app clients that register from the invite screen',
  sendInviteCode:
    "the SMS code for inviteRegister's one-screen flow; the web app's /register sends its code with sendSmsCode",
  updateProperty:
    "the personal questionnaire (/user/survey, opened by 个人中心's 修改) writes the properties from its answers, so the answers and the properties cannot disagree; kept for app clients",
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield readFileSync(full, 'utf8');
  }
}

const app = [...sources(path.join(root, 'src')), ...sources(path.join(root, 'machines'))].join('\n');
const made = (id: string) => app.includes(`'${id}'`);

describe('the calls of spec §7 and the web app', () => {
  it('the app makes every call but the ones listed with their reason', () => {
    const missing = operations.map((op) => op.id).filter((id) => !made(id) && !(id in NOT_MADE_BY_THE_WEB_APP));
    expect(missing).toEqual([]);
  });

  it('every listed call is one of the contract and is really not made', () => {
    const ids = new Set(operations.map((op) => op.id));
    for (const id of Object.keys(NOT_MADE_BY_THE_WEB_APP)) {
      expect(ids.has(id), id).toBe(true);
      expect(made(id), `${id} is made now: take it off the list`).toBe(false);
    }
  });
});
