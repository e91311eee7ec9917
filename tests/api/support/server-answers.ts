/**
 * What the server's source says each operation can answer, found without running it: every
 * `new AppError('X', msg, data?)` and `result(Code.X, data?)` reachable from an operation's
 * handler. server/ is parsed with the TypeScript parser (no type checking, well under a second);
 * calls are followed between top-level declarations through relative imports, re-exports and
 * namespace imports, starting at each `handle(operation, handler)` binding. Calls through
 * objects (`ctx.sms.send`) and functions passed in as hooks are not followed; refusals are
 * found "as far as the source shows them", which is what the contract tests compare with.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One coded answer in the source. */
export interface AnswerSite {
  /** Catalogue name (`RATE_LIMITED`, `SEND_TOO_FREQUENT`…). */
  code: string;
  /** Whether the answer carries `data`. */
  data: boolean;
  /** `server/modules/auth/codes.ts:73` */
  at: string;
}

export interface OperationAnswers {
  sites: AnswerSite[];
  /** The handler reads `member` (answers 401 when nobody is logged in). */
  readsMember: boolean;
}

type DeclKey = string; // `${file}#${name}`

interface Decl {
  refs: Set<DeclKey>;
  sites: AnswerSite[];
}

interface FileInfo {
  /** local name → where it comes from: a declaration key, or a whole module (`file#*`). */
  scope: Map<string, DeclKey>;
  /** exported name → declaration key (own declarations and re-exports). */
  exports: Map<string, DeclKey>;
  source: ts.SourceFile;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return null;
}

function codeNameOf(node: ts.Expression | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isPropertyAccessExpression(node) && node.expression.getText() === 'Code') return node.name.text;
  return null;
}

function isUndefined(node: ts.Expression | undefined): boolean {
  return !node || (ts.isIdentifier(node) && node.text === 'undefined');
}

/** Scan server/ (below `root`) and return, per operation id, the coded answers its handler can reach. */
export function scanServerAnswers(root: string): Map<string, OperationAnswers> {
  const files = new Map<string, FileInfo>();
  const decls = new Map<DeclKey, Decl>();
  const bindings: { file: string; operation: string; handler: ts.Expression }[] = [];

  for (const file of listFiles(path.resolve(root))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const info: FileInfo = { scope: new Map(), exports: new Map(), source };
    files.set(file, info);
    for (const stmt of source.statements) {
      if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
        const target = resolveModule(file, stmt.moduleSpecifier.text);
        const clause = stmt.importClause;
        if (!target || !clause) continue;
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) info.scope.set(bindings.name.text, `${target}#*`);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) {
            info.scope.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`);
          }
        }
      } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) {
        const target = resolveModule(file, stmt.moduleSpecifier.text);
        if (target && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
          for (const el of stmt.exportClause.elements) {
            info.exports.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`);
          }
        }
      } else if (ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) {
        if (stmt.name) declare(file, info, stmt.name.text, stmt);
      } else if (ts.isVariableStatement(stmt)) {
        for (const d of stmt.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) declare(file, info, d.name.text, d);
        }
      }
    }
  }

  function declare(file: string, info: FileInfo, name: string, node: ts.Node) {
    const key = `${file}#${name}`;
    info.scope.set(name, key);
    info.exports.set(name, key);
    decls.set(key, { refs: new Set(), sites: [] });
    collect(file, info.source, node, decls.get(key)!);
  }

  /** Walk `node`: record answer sites, referenced identifiers (resolved later) and `handle()` bindings. */
  function collect(file: string, source: ts.SourceFile, node: ts.Node, into: Decl) {
    const at = (n: ts.Node) =>
      `${path.relative(process.cwd(), file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (n: ts.Node): void => {
      if (ts.isNewExpression(n) && n.expression.getText() === 'AppError') {
        const code = codeNameOf(n.arguments?.[0]);
        if (code) into.sites.push({ code, data: !isUndefined(n.arguments?.[2]), at: at(n) });
      } else if (ts.isCallExpression(n) && n.expression.getText() === 'result') {
        const code = codeNameOf(n.arguments[0]);
        if (code) into.sites.push({ code, data: !isUndefined(n.arguments[1]), at: at(n) });
      } else if (ts.isCallExpression(n) && n.expression.getText() === 'handle' && n.arguments.length === 2) {
        const [operation, handler] = n.arguments;
        // A binding names an operation imported from openapi/operations/; its export name is its id.
        const imported =
          operation && ts.isIdentifier(operation) ? files.get(file)?.scope.get(operation.text) : undefined;
        if (handler && imported?.includes(`${path.sep}openapi${path.sep}operations${path.sep}`)) {
          bindings.push({ file, operation: imported.split('#')[1]!, handler });
          return; // the handler is walked per binding, not as part of the enclosing `routes`
        }
      }
      if (ts.isIdentifier(n)) into.refs.add(n.text);
      else if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
        into.refs.add(`${n.expression.text}.${n.name.text}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
  }

  /** A name used in `file` → the declaration it means, following re-exports. */
  function resolve(file: string, name: string): DeclKey | null {
    const info = files.get(file)!;
    const [head, member] = name.split('.') as [string, string | undefined];
    let key = info.scope.get(head);
    if (!key) return null;
    if (key.endsWith('#*')) {
      if (!member) return null;
      key = `${key.slice(0, -2)}#${member}`;
    }
    for (let hops = 0; hops < 10 && !decls.has(key); hops++) {
      const [target, exported] = key.split('#') as [string, string];
      const next = files.get(target)?.exports.get(exported);
      if (!next || next === key) return null;
      key = next;
    }
    return decls.has(key) ? key : null;
  }

  const resolved = new Map<DeclKey, DeclKey[]>();
  function edges(key: DeclKey): DeclKey[] {
    let out = resolved.get(key);
    if (!out) {
      const file = key.split('#')[0]!;
      out = [...decls.get(key)!.refs].map((r) => resolve(file, r)).filter((k): k is DeclKey => k !== null);
      resolved.set(key, out);
    }
    return out;
  }

  const result = new Map<string, OperationAnswers>();
  for (const b of bindings) {
    const own: Decl = { refs: new Set(), sites: [] };
    collect(b.file, files.get(b.file)!.source, b.handler, own);
    const seen = new Set<DeclKey>();
    const sites = [...own.sites];
    const file = b.file;
    const stack = [...own.refs].map((r) => resolve(file, r)).filter((k): k is DeclKey => k !== null);
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key)) continue;
      seen.add(key);
      sites.push(...decls.get(key)!.sites);
      stack.push(...edges(key));
    }
    const readsMember =
      (ts.isArrowFunction(b.handler) || ts.isFunctionExpression(b.handler)) &&
      b.handler.parameters.some(
        (p) => ts.isObjectBindingPattern(p.name) && p.name.elements.some((e) => e.name.getText() === 'member'),
      );
    const previous = result.get(b.operation);
    result.set(b.operation, {
      sites: [...(previous?.sites ?? []), ...sites],
      readsMember: Boolean(previous?.readsMember) || readsMember,
    });
  }
  return result;
}
