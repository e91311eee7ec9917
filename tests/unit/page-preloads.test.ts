import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageModules, pagePreloads, withPreloads } from '../../scripts/page-preloads.mjs';
import { ROUTES } from '../../src/routing/paths';

const root = path.resolve(import.meta.dirname, '../..');

describe('scripts/page-preloads.mjs', () => {
  it("finds every page's module in src/app/routes.tsx", () => {
    // A manifest keyed like Vite's: one key per page source file.
    const manifest = Object.fromEntries(
      readdirSync(path.join(root, 'src/pages'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('Page.tsx'))
        .map((f) => [`src/pages/${f.split(path.sep).join('/')}`, { file: `assets/${path.basename(f)}.js` }]),
    );
    const modules = pageModules(readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8'), manifest);
    expect(Object.keys(modules).sort()).toEqual([...new Set(ROUTES.map((r) => r.page))].sort());
    expect(modules['task-list']).toBe('src/pages/task-list/TaskListPage.tsx');
  });

  it("preloads a page's chunk and its imports, not what the entry loads already, JS only", () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_client.js': { file: 'assets/client.js', imports: ['_react.js'] },
      'src/pages/login/LoginPage.tsx': {
        file: 'assets/login.js',
        isDynamicEntry: true,
        imports: ['_client.js', 'style.css'],
      },
      'style.css': { file: 'assets/style.css' },
    };
    const files = pagePreloads(manifest, 'src/pages/login/LoginPage.tsx');
    expect(files).toEqual(['assets/login.js', 'assets/client.js']);
    expect(withPreloads('<html><head><title>t</title></head><body></body></html>', files)).toBe(
      '<html><head><title>t</title>' +
        '    <link rel="modulepreload" crossorigin href="/assets/login.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/client.js">\n' +
        '  </head><body></body></html>',
    );
  });

  it('refuses a page whose chunk the build did not make', () => {
    expect(() => pageModules(`login: () => import('../pages/login/LoginPage'),`, {})).toThrow(/login/);
  });
});
