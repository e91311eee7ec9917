// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';

// DESIGN §2: openapi ← machines ← src; openapi ← server; inside src the layers
// app → pages → flows → components → api → leaves (config, services, routing); pages never
// import each other; machines never touch the browser.
const eslint = new ESLint({ cwd: process.cwd() });
/** The server's module lines, as the lint config declares them (a JS file without types). */
const lintConfig: string = '../../eslint.config.js';
const { SERVER_MODULE_LINES } = (await import(lintConfig)) as { SERVER_MODULE_LINES: string[][] };

async function refused(filePath: string, code: string, rule = 'no-restricted-imports'): Promise<boolean> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === rule);
}

describe('lint enforces the dependency boundaries', () => {
  // The first lint loads the config and its plugins: slower than one test's default timeout.
  beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/x.ts' }), 60_000);

  it.each([
    ['server/x.ts', "import '../src/config';"],
    ['server/x.ts', "import '../machines/header';"],
    ['openapi/x.ts', "import '../server/app';"],
    ['openapi/x.ts', "import '../src/config';"],
    ['machines/x.ts', "import '../src/config';"],
    ['machines/x.ts', "import 'react';"],
    // zod only as types in machines: it loads with an operation's first call, not with a page
    ['machines/x.ts', "import { CreateFeedbackBody } from '../openapi/schemas/feedback';"],
    ['machines/x.ts', "import { z } from 'zod';"],
    ['src/x.ts', "import '../server/app';"],
    ['src/x.ts', "import '../stories/shell/Header.stories';"],
    ['src/pages/about/x.ts', "import '../landing/LandingPage';"],
    // pages → app
    ['src/pages/about/x.ts', "import '../../app/routes';"],
    // flows → app, flows → pages
    ['src/flows/x.ts', "import '../app/Shell';"],
    ['src/flows/x.ts', "import '../pages/login/LoginPage';"],
    // components → app, pages, flows, api; no router state
    ['src/components/x.tsx', "import '../app/routes';"],
    ['src/components/auth/x.tsx', "import '../../pages/login/LoginView';"],
    ['src/components/auth/x.tsx', "import '../../flows/useLoginFlow';"],
    ['src/components/x.tsx', "import { api } from '../api';"],
    ['src/components/x.tsx', "import { useNavigate } from 'react-router-dom';"],
    // api → app, flows, components
    ['src/api/x.ts', "import '../app/AppRoot';"],
    ['src/api/x.ts', "import '../flows/session';"],
    ['src/api/x.ts', "import '../components/Header';"],
    // leaves → anything above them
    ['src/routing/x.ts', "import '../pages/home/HomePage';"],
    ['src/routing/x.ts', "import '../app/routes';"],
    ['src/services/x.ts', "import '../api';"],
    ['src/config.ts', "import './components/Footer';"],
    // server modules: only modules on a lower line (SERVER_MODULE_LINES)
    ['server/modules/lottery/x.ts', "import '../campaign/campaigns';"],
    ['server/modules/points/x.ts', "import '../messages/send';"],
    ['server/modules/auth/x.ts', "import { x } from '../tasks/service';"],
    ['server/modules/x.ts', "import '../src/config';"],
  ])('%s may not %s', async (file, code) => {
    expect(await refused(file, code)).toBe(true);
  });

  it.each([
    ['src/pages/about/x.ts', "import '../../components/Footer';"],
    ['src/app/x.ts', "import '../../machines/header';"],
    ['server/x.ts', "import '../openapi/codes';"],
    ['machines/x.ts', "import '../openapi/codes';"],
    ['machines/x.ts', "import type { CreateFeedbackBody } from '../openapi/schemas/feedback';"],
    ['machines/x.ts', "import type { z } from 'zod';"],
    ['machines/x.ts', "import { textProblem } from '../openapi/rules/text';"],
    ['src/x.ts', "import 'react-dom/server';"],
    ['src/app/x.ts', "import '../pages/home/HomePage';"],
    ['src/pages/about/x.ts', "import '../../flows/useLoad';"],
    ['src/pages/about/x.ts', "import '../../routing/paths';"],
    ['src/flows/x.ts', "import '../components/handoff/HandoffView';"],
    ['src/flows/x.ts', "import '../api';"],
    ['src/components/x.tsx', "import { Link } from 'react-router-dom';"],
    ['src/components/x.tsx', "import '../services/toast';"],
    ['src/api/x.ts', "import '../services/storage';"],
    ['src/routing/x.ts', "import { matchPath } from 'react-router-dom';"],
    ['src/services/x.ts', "import '../config';"],
    ['server/modules/campaign/x.ts', "import '../lottery/service';"],
    ['server/modules/tasks/x.ts', "import '../points/ledger';"],
    ['server/modules/sms/x.ts', "import '../../providers/sms';"],
    ['server/modules/sms/x.ts', "import './service';"],
  ])('%s may %s', async (file, code) => {
    expect(await refused(file, code)).toBe(false);
  });

  it.each(['fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'])(
    'machines/ may not use the global %s',
    async (name) => {
      expect(await refused('machines/x.ts', `export const x = () => ${name};`, 'no-restricted-globals')).toBe(true);
    },
  );

  it('every server module has its one line in SERVER_MODULE_LINES', () => {
    const folders = readdirSync('server/modules', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const listed = SERVER_MODULE_LINES.flat();
    expect(new Set(listed).size, 'a module on two lines').toBe(listed.length);
    expect([...listed].sort()).toEqual(folders);
  });

  // A path of the site is written once, in src/routing/ (docs/add-a-page.md step 7).
  it.each([
    ['src/pages/about/x.tsx', "export const to = '/home/gold';"],
    ['src/components/x.tsx', "export const to = '/task?module=2';"],
    ['src/flows/x.ts', 'export const to = (id: number) => `/exchange/detail/${id}`;'],
    ['src/app/x.tsx', 'export const x = <a href="/home/user">个人中心</a>;'],
    ['src/pages/x/x.tsx', "export const notFound = '/404';"],
  ])('%s may not write the path in %s', async (file, code) => {
    expect(await refused(file, code, 'no-restricted-syntax')).toBe(true);
  });

  it.each([
    ['src/routing/x.ts', "export const GOLD = '/home/gold';"],
    ['src/api/x.ts', "export const op = '/v1/members/me';"],
    ['src/config.ts', "export const API = '/api';"],
    ['src/pages/share/x.ts', "export const art = '/promo/banner-invite-m.svg';"],
    ['src/flows/x.ts', 'export const trailing = /\\/$/;'],
    ['stories/x.tsx', "export const to = '/home/gold';"],
  ])('%s may write %s', async (file, code) => {
    expect(await refused(file, code, 'no-restricted-syntax')).toBe(false);
  });

  it('machines/ may use a context field of the same name', async () => {
    expect(
      await refused('machines/x.ts', 'export const x = (c: { window: number }) => c.window;', 'no-restricted-globals'),
    ).toBe(false);
  });
});
