import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Dependency direction (DESIGN §2): openapi ← machines ← src; openapi ← server.
// Inside src, each layer imports only the layers below it (the order of SRC_LAYERS below);
// pages never import each other. Enforced with core `no-restricted-imports`
// (import-x's resolver needs native bindings the registry does not carry for every platform).
// Relative specifiers only (`../../server/app`), so packages like `react-dom/server` stay allowed.
const layer = (dir, message) => ({ regex: `^(\\.\\.?/)+(.*/)?${dir}(/|$)`, message });
const NOT_SRC = layer('src', '只有 src/ 自己可以引用 src/');
const NOT_SERVER = layer('server', 'server/ 只能被服务端引用');
const NOT_MACHINES = layer('machines', 'machines/ 只能被 src/ 与测试引用');
const NOT_STORIES = layer('stories', 'stories/ 不得被产品代码引用');
const NOT_OTHER_PAGE = [
  // a sibling page folder (../other, ../other/x); ../../components and ../../app stay allowed
  { regex: '^\\.\\./(?!\\.\\.?/)[^/]+(/.*)?$', message: '页面之间不得互相引用，共享组件放到 src/components' },
  { group: ['../../pages/**', '**/pages/*/**'], message: '页面之间不得互相引用，共享组件放到 src/components' },
];
const restrict = (patterns, paths = []) => ['error', { patterns, paths }];

// A page's path is written once, in the route table's modules (src/routing/): anywhere else in
// src/, a string or template starting with '/' and a letter or digit is a path of this site. Not a
// page's path: the contract's API paths (`/v1/…`, the generated client's typed keys), the API's
// base (`/api`) and files in public/ (`/promo/banner.svg`). esquery's regexes cannot hold a '/',
// hence \x2F.
const SITE_PATH = String.raw`^\x2F(?!v1\x2F|api(\x2F|$)|[^?#]*\.(svg|png|jpe?g|webp|gif|ico)$)[a-zA-Z0-9]`;
const SITE_PATH_MESSAGE = '页面路径只写在 src/routing/paths.ts：用那里的常量或路径函数（没有就在那里加一个）';
const NO_SITE_PATH = [
  'error',
  { selector: `Literal[value=/${SITE_PATH}/]`, message: SITE_PATH_MESSAGE },
  { selector: `TemplateLiteral[quasis.0.value.raw=/${SITE_PATH}/]`, message: SITE_PATH_MESSAGE },
];
const ZOD_IN_MACHINE = 'machines/ 只能 import type 契约的 schema 与 zod；表单检查用 openapi/rules 的纯函数';

// The layers inside src/, top to bottom; a file may import its own layer and the ones below.
//   app        shell, route table with the lazy page loaders, providers (src/main.tsx, src/entry-prerender.tsx too)
//   pages      one folder per page: container + props-only view
//   flows      effects: each domain's actors, the session context, the single-read loader
//   components shared props-only UI: no API, no router state (Link is fine)
//   api        the client, session and token storage, encryption
//   leaves     config.ts, services/ (storage, toast), routing/ (route metadata, guards): import none of the above
const SRC_LAYERS = ['app', 'pages', 'flows', 'components', 'api'];
const UPWARD_MESSAGE = {
  app: 'src/app/ 是外壳，只有入口文件引用它',
  pages: '页面只由 src/app/routes.tsx 引用；共享部分放到 src/flows 或 src/components',
  flows: 'src/flows/（副作用）只能被 app 与 pages 引用',
  components: 'src/components/ 只能被 app、pages 与 flows 引用',
  api: 'src/api/ 不得被底层模块引用',
};
/** The layers above `layer` (all of them for the leaves), as patterns a file of `layer` may not import. */
const upwardOf = (level) =>
  SRC_LAYERS.slice(0, level === 'leaves' ? SRC_LAYERS.length : SRC_LAYERS.indexOf(level)).map((dir) =>
    layer(dir, UPWARD_MESSAGE[dir]),
  );
const SRC_BASE = [NOT_SERVER, NOT_STORIES];
/** Shared components take props: whatever calls the API is a flow. */
const NOT_API = layer('api', '共享组件只接收 props，不调用 API：请求放到 src/flows');
const ROUTER_STATE = {
  name: 'react-router-dom',
  allowImportNames: ['Link', 'NavLink'],
  message: '共享组件不读路由状态：由页面容器通过 props 传入',
};

// Server modules (server/modules/<name>/), top line to bottom: a module imports only modules on a
// lower line, never one on its own line or above, so there is no circle. Every module may use
// server/kernel, db, http and providers. A new module takes the line under the lowest module it
// needs (tests/unit/lint-boundaries.test.ts holds every module folder to one line).
export const SERVER_MODULE_LINES = [
  ['campaign', 'console', 'prize'],
  ['feedback', 'lottery'],
  ['account', 'exchange', 'forum', 'polls', 'social'],
  ['home', 'identity', 'qrcode', 'recruit', 'sms', 'staff', 'tasks'],
  ['auth', 'benefits'],
  ['appraise', 'checkin', 'course', 'invites', 'profile', 'ranking'],
  [
    'consignee',
    'credits',
    'help',
    'messages',
    'notices',
    'points',
    'promotions',
    'quality',
    'releases',
    'site',
    'uploads',
  ],
];
/** For each module: the modules on its own line and above, which it may not import. */
const serverModuleRules = SERVER_MODULE_LINES.flatMap((line, i) =>
  line.map((name) => {
    const banned = SERVER_MODULE_LINES.slice(0, i + 1)
      .flat()
      .filter((other) => other !== name);
    return {
      files: [`server/modules/${name}/**/*.ts`],
      rules: {
        'no-restricted-imports': restrict([
          NOT_SRC,
          NOT_MACHINES,
          NOT_STORIES,
          {
            regex: `^(\\.\\./)+(modules/)?(${banned.join('|')})(/|$)`,
            message: `server/modules/${name} 只能引用更低层的模块（eslint.config.js SERVER_MODULE_LINES）；上层要响应它的事件时，传入钩子函数`,
          },
        ]),
      },
    };
  }),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'storybook-static',
      'data',
      'bench',
      'openapi/schema.d.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['openapi/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([NOT_SRC, NOT_SERVER, NOT_MACHINES, NOT_STORIES]) },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          NOT_SRC,
          NOT_SERVER,
          NOT_STORIES,
          { group: ['@chakra-ui/*'], message: 'machines/ 不依赖界面库' },
          // zod is loaded with an operation's first call (src/api): a machine on a page's first load must not pull it in.
          { group: ['**/openapi/schemas/*'], allowTypeImports: true, message: ZOD_IN_MACHINE },
        ],
        [
          'react',
          'react-dom',
          'react-router-dom',
          'openapi-fetch',
          { name: 'zod', allowTypeImports: true, message: ZOD_IN_MACHINE },
        ],
      ),
    },
  },
  {
    // Machines never touch the browser: their effects are provided by the app (src/flows).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({
          name,
          message: 'machines/ 不接触浏览器：副作用在 machine.provide(...) 中由 src/flows 提供',
        })),
      ],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(SRC_BASE) } },
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/routing/**', 'src/admin/routing/**'], rules: { 'no-restricted-syntax': NO_SITE_PATH } },
  {
    files: ['src/pages/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([...SRC_BASE, ...upwardOf('pages'), ...NOT_OTHER_PAGE]) },
  },
  {
    files: ['src/flows/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([...SRC_BASE, ...upwardOf('flows')]) },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([...SRC_BASE, ...upwardOf('components'), NOT_API], [ROUTER_STATE]) },
  },
  { files: ['src/api/**/*.ts'], rules: { 'no-restricted-imports': restrict([...SRC_BASE, ...upwardOf('api')]) } },
  {
    files: ['src/config.ts', 'src/services/**/*.ts', 'src/routing/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([...SRC_BASE, ...upwardOf('leaves')]) },
  },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict([NOT_SRC, NOT_MACHINES, NOT_STORIES]) } },
  ...serverModuleRules,
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
);
