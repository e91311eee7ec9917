// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// DESIGN §2: openapi ← machines ← src; openapi ← server; pages never import each other.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
}

describe('lint enforces the dependency boundaries', () => {
  it.each([
    ['server/x.ts', "import '../src/config';"],
    ['server/x.ts', "import '../machines/header';"],
    ['openapi/x.ts', "import '../server/app';"],
    ['openapi/x.ts', "import '../src/config';"],
    ['machines/x.ts', "import '../src/config';"],
    ['machines/x.ts', "import 'react';"],
    ['src/x.ts', "import '../server/app';"],
    ['src/x.ts', "import '../stories/shell/Header.stories';"],
    ['src/pages/about/x.ts', "import '../landing/LandingPage';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(true);
  });

  it.each([
    ['src/pages/about/x.ts', "import '../../components/Footer';"],
    ['src/app/x.ts', "import '../../machines/header';"],
    ['server/x.ts', "import '../openapi/codes';"],
    ['machines/x.ts', "import '../openapi/codes';"],
    ['src/x.ts', "import 'react-dom/server';"],
  ])('%s may %s', async (file, code) => {
    expect(await restricted(file, code)).toBe(false);
  });
});
