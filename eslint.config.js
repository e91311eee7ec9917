import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Dependency direction (DESIGN §2): openapi ← machines ← src; openapi ← server.
// Inside src, pages never import each other. Enforced with core `no-restricted-imports`
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

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'storybook-static', 'data', 'bench', 'openapi/schema.d.ts', 'test-results', 'playwright-report'],
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
  { files: ['openapi/**/*.ts'], rules: { 'no-restricted-imports': restrict([NOT_SRC, NOT_SERVER, NOT_MACHINES, NOT_STORIES]) } },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [NOT_SRC, NOT_SERVER, NOT_STORIES, { group: ['@chakra-ui/*'], message: 'machines/ 不依赖界面库' }],
        ['react', 'react-dom', 'react-router-dom', 'openapi-fetch'],
      ),
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict([NOT_SERVER, NOT_STORIES]) } },
  { files: ['src/pages/*/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict([NOT_SERVER, NOT_STORIES, ...NOT_OTHER_PAGE]) } },
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': restrict([NOT_SRC, NOT_MACHINES, NOT_STORIES]) } },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { console: 'readonly', process: 'readonly' } } },
);
