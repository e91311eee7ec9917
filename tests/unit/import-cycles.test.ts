// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN §2: no file cycle inside src/; server modules stand on a small kernel, not on each
// other in a circle. A cycle makes load order matter and hides which layer owns what.

type Graph = Map<string, Set<string>>;

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file a relative specifier names (extensionless, or a folder's index), or null. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
  return found ? path.relative(ROOT, found) : null;
}

// Static imports and re-exports (`import x from`, `import './y'`, `export * from`) and dynamic
// `import('...')`. `import type` / `export type` load nothing at run time, so they are skipped.
const IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** File → the files it imports, for every source file under `dir`. */
function importGraph(dir: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(path.join(ROOT, dir))) {
    const deps = new Set<string>();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      const target = resolveSpecifier(file, match[2] ?? match[3] ?? '');
      if (target) deps.add(target);
    }
    graph.set(path.relative(ROOT, file), deps);
  }
  return graph;
}

/** Collapse every file of server/modules/<name>/ into one node `module:<name>`; other files are left out. */
function moduleGraph(files: Graph): Graph {
  const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
  const graph: Graph = new Map();
  for (const [file, deps] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(`module:${from}`) ?? new Set<string>();
    graph.set(`module:${from}`, edges);
    for (const dep of deps) {
      const to = moduleOf(dep);
      if (to && to !== from) edges.add(`module:${to}`);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each is a cycle. */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const dep of graph.get(node) ?? []) {
      if (!graph.has(dep)) continue;
      if (!index.has(dep)) {
        visit(dep);
        low.set(node, Math.min(low.get(node)!, low.get(dep)!));
      } else if (onStack.has(dep)) {
        low.set(node, Math.min(low.get(node)!, index.get(dep)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the walker itself works)', () => {
    const graph: Graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('src/ has no file cycle', () => {
    const graph = importGraph('src');
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph)).toEqual([]);
  });

  it('server/ has no module-level cycle between server/modules/* and no file cycle', () => {
    const files = importGraph('server');
    expect(moduleGraph(files).size).toBeGreaterThan(5);
    expect({ modules: cycles(moduleGraph(files)), files: cycles(files) }).toEqual({ modules: [], files: [] });
  });
});
