/**
 * Helpers of the accounts e2e spec: fresh mobile numbers, SMS codes read from the e2e server's
 * outbox (`${E2E_DATA_DIR}/outbox.jsonl`, one JSON line per message — server/providers/sms/outbox.ts),
 * registering through the page or straight through the API, and the logged-in header at
 * desktop and phone sizes.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { SMS_RESEND_SECONDS } from './timing';

/** One line of the outbox (server/providers/sms/outbox.ts `OutboxLine`). */
interface OutboxLine {
  channel: 'sms' | 'email';
  to: string;
  code: string;
  purpose: string;
  text: string;
  /** ISO 8601 */
  at: string;
}

/** The time one mobile must wait between two codes on the e2e server. */
const RESEND_INTERVAL_MS = SMS_RESEND_SECONDS * 1000;

/** A mainland mobile number nobody has used yet: `139` + 8 random digits. */
export function randomMobile(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The nickname the server gives a new member (server/modules/auth/accounts.ts createMember). */
export function defaultNickname(mobile: string): string {
  return `微豆用户${mobile.slice(-4)}`;
}

/** Desktop (header with avatar, nickname and dropdown) or phone (menu button) project. */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'phone';
}

function outboxPath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dir, 'outbox.jsonl');
}

async function outboxLines(): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(outboxPath(), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/**
 * The newest SMS code sent to `mobile` for `purpose` (login, register, reset, bind), waiting up to
 * 5 s for it to arrive. `after`: only codes sent at or after this time.
 */
export async function readSmsCode(mobile: string, purpose?: string, after?: Date): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const hit = (await outboxLines())
      .filter(
        (l) =>
          l.channel === 'sms' &&
          l.to === mobile &&
          (purpose === undefined || l.purpose === purpose) &&
          (after === undefined || Date.parse(l.at) >= after.getTime() - 1_000),
      )
      .at(-1);
    if (hit) return hit.code;
    if (Date.now() > deadline) {
      throw new Error(`no SMS code for ${mobile}${purpose ? ` (${purpose})` : ''} in ${outboxPath()} within 5 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many SMS codes went to `mobile` so far. */
export async function smsCount(mobile: string): Promise<number> {
  return (await outboxLines()).filter((l) => l.channel === 'sms' && l.to === mobile).length;
}

/* ---- the API, as the app calls it (mobile and code RSA-encrypted, PKCS#1 v1.5) ---- */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(request: APIRequestContext, method: 'get' | 'post', url: string, body?: unknown): Promise<T> {
  const res = await request[method](url, body === undefined ? {} : { data: body });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${method.toUpperCase()} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

async function encryptor(request: APIRequestContext): Promise<(value: string) => string> {
  const { publicKey } = await call<{ publicKey: string }>(request, 'get', '/api/v1/auth/rsa-key');
  return (value) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(value, 'utf8')).toString(
      'base64',
    );
}

export interface RegisteredMember {
  mobile: string;
  password?: string;
  nickname: string;
  /** When its registration code was sent (the next code to this mobile needs RESEND_INTERVAL_MS). */
  codeSentAt: number;
  /** The access token registration answered with (registerViaApi), for the member API's calls. */
  token?: string;
}

/** Register a member without a browser: send the register code, read it from the outbox, register. */
export async function registerViaApi(
  request: APIRequestContext,
  options: { mobile?: string; password?: string } = {},
): Promise<RegisteredMember> {
  const mobile = options.mobile ?? randomMobile();
  const encrypt = await encryptor(request);
  const codeSentAt = Date.now();
  await call(request, 'post', '/api/v1/auth/sms/send', { mobile: encrypt(mobile), scene: 'register' });
  const code = await readSmsCode(mobile, 'register');
  const { token } = await call<{ token: string }>(request, 'post', '/api/auth/sms/register', {
    mobile: encrypt(mobile),
    code: encrypt(code),
    ...(options.password ? { password: options.password } : {}),
    agreement: true,
  });
  return { mobile, password: options.password, nickname: defaultNickname(mobile), codeSentAt, token };
}

/**
 * Members registered ahead for later tests of every project, handed out once each: the first
 * worker registers them for all `projects` (kept in a file of the e2e data directory); a worker
 * of another project later claims its own, whose 60 s have long passed by then. A worker that
 * finds nothing left for its project (a restart after a failure) registers fresh ones.
 */
export async function claimMembers<K extends string>(
  request: APIRequestContext,
  project: string,
  projects: readonly string[],
  specs: Record<K, { password?: string }>,
): Promise<Record<K, RegisteredMember>> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  const file = path.join(dir, 'e2e-members.json');
  let pool: Record<string, Record<K, RegisteredMember> | null> = {};
  try {
    pool = JSON.parse(await readFile(file, 'utf8')) as typeof pool;
  } catch {
    // first worker of the run
  }
  const mine = pool[project];
  if (mine) {
    pool[project] = null;
    await writeFile(file, JSON.stringify(pool));
    return mine;
  }
  const registerAll = async () => {
    const out: Partial<Record<K, RegisteredMember>> = {};
    for (const key of Object.keys(specs) as K[]) out[key] = await registerViaApi(request, specs[key]);
    return out as Record<K, RegisteredMember>;
  };
  const own = await registerAll();
  if (!(project in pool)) {
    pool[project] = null;
    for (const other of projects) if (!(other in pool)) pool[other] = await registerAll();
    await writeFile(file, JSON.stringify(pool));
  }
  return own;
}

/** Wait until `member`'s mobile may receive another code (a few seconds on the e2e server). */
export async function waitForResend(member: RegisteredMember): Promise<void> {
  const wait = member.codeSentAt + RESEND_INTERVAL_MS + 1_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/* ---- the pages ---- */

/** Click 获取验证码 in the current form and return the code the outbox received. */
export async function requestCode(page: Page, mobile: string, purpose: string): Promise<string> {
  const sentAfter = new Date();
  await page.getByRole('button', { name: '获取验证码' }).click();
  // The button turns into the 60 s countdown once the server accepted the send.
  await expect(page.getByRole('button', { name: /\d+s 后重发/ })).toBeVisible();
  return readSmsCode(mobile, purpose, sentAfter);
}

/**
 * /register → mobile → 获取验证码 → the code from the outbox → (password) → agree → 注册.
 * Ends on /home (or wherever `redirect` pointed).
 */
export async function registerViaUi(
  page: Page,
  options: { mobile?: string; password?: string } = {},
): Promise<RegisteredMember> {
  const mobile = options.mobile ?? randomMobile();
  await page.goto('/register');
  const form = page.getByRole('form', { name: '注册' });
  await form.getByLabel('手机号').fill(mobile);
  const codeSentAt = Date.now();
  const code = await requestCode(page, mobile, 'register');
  await form.getByLabel('短信验证码').fill(code);
  if (options.password) await form.getByLabel('登录密码').fill(options.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return { mobile, password: options.password, nickname: defaultNickname(mobile), codeSentAt };
}

/** The header shows the member: avatar + nickname on desktop; on a phone inside the opened menu. */
export async function expectLoggedInHeader(page: Page, phone: boolean, nickname: string): Promise<void> {
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: /^消息/ })).toBeVisible();
  await expect(header.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
  if (phone) {
    await header.getByRole('button', { name: '打开菜单' }).click();
    const menu = header.locator('#phone-menu');
    await expect(menu.getByText(nickname, { exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
    await header.getByRole('button', { name: '关闭菜单' }).click();
    await expect(menu).toBeHidden();
  } else {
    const account = header.getByRole('button', { name: nickname });
    await expect(account).toBeVisible();
    // The avatar (no picture yet: the nickname's first character) sits before the nickname.
    await expect(account.locator('[aria-hidden="true"]').first()).toHaveText(nickname.charAt(0));
  }
}

/** 退出登录 from the header: the account dropdown on desktop, the menu on a phone. */
export async function logoutViaHeader(page: Page, phone: boolean): Promise<void> {
  const header = page.locator('header').first();
  if (phone) {
    await header.getByRole('button', { name: '打开菜单' }).click();
    await header.locator('#phone-menu').getByRole('button', { name: '退出登录' }).click();
  } else {
    await header.getByRole('button', { name: /微豆用户|微信测试用户/ }).click();
    await header.getByRole('menu', { name: '账户菜单' }).getByRole('menuitem', { name: '退出登录' }).click();
  }
  // Logout finishes (POST /v1/auth/logout, then storage cleared) before the member goes on.
  await expect(page).toHaveURL(/\/login(\?|$)/);
  // A visitor's header: no bell (the login page itself is the way in, so no 登录/注册 on it).
  await expect(header.getByRole('link', { name: /^消息/ })).toHaveCount(0);
  await expect(header.getByRole('link', { name: '登录/注册' })).toHaveCount(0);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'token')).toBe(false);
}

/** /login, the 密码登录 tab, mobile + password, 登录. */
export async function passwordLogin(page: Page, mobile: string, password: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByRole('tab', { name: '密码登录' }).click();
  const form = page.getByRole('form', { name: '密码登录' });
  await form.getByLabel('手机号').fill(mobile);
  await form.getByLabel('密码', { exact: true }).fill(password);
  await form.getByRole('button', { name: '登录', exact: true }).click();
}
