/** `npm run ops` in-process for the ops tests: its exit code and what it printed. */
import { runOps } from '../../scripts/ops';
import type { AppContext } from '../../server/context';

export async function runOpsIn(
  ctx: AppContext,
  argv: string[],
  opts: { user: string; files?: Record<string, string> },
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const files = opts.files ?? {};
  const code = await runOps(argv, {
    ctx,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { USER: opts.user },
    readFile: (f) => {
      if (!(f in files)) throw new Error('ENOENT');
      return files[f]!;
    },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
