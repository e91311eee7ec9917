import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

// Dependency direction (DESIGN §2): openapi ← machines ← src; openapi ← server.
// Inside src, pages never import each other.
const boundaries = [
  {
    target: './openapi',
    from: ['./machines', './src', './server', './stories'],
    message: 'openapi/ 是契约，不依赖任何实现',
  },
  {
    target: './machines',
    from: ['./src', './server', './stories'],
    message: 'machines/ 不依赖 React、接口客户端或服务端',
  },
  { target: './src', from: ['./server', './stories'], message: 'src/ 不得引用 server/' },
  { target: './server', from: ['./src', './machines', './stories'], message: 'server/ 只依赖 openapi/' },
];

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
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Pages never import other pages; shared UI lives in src/components.
    files: ['src/pages/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // a sibling page folder (../other, ../other/x); ../../components and ../../app stay allowed
            { regex: '^\\.\\./(?!\\.\\.?/)[^/]+(/.*)?$', message: '页面之间不得互相引用，共享组件放到 src/components' },
            {
              group: ['../../pages/**', '**/pages/*/**'],
              message: '页面之间不得互相引用，共享组件放到 src/components',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react', 'react-dom', 'react-router-dom', 'openapi-fetch'], patterns: ['@chakra-ui/*'] },
      ],
    },
  },
);
