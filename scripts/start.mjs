#!/usr/bin/env node
/**
 * `npm start`: build the SPA when dist/client is missing or older than its sources, and the server
 * bundle (dist/server.mjs, scripts/build-server.mjs) when it is older than server/ and openapi/;
 * then run the server in a child process, forwarding SIGINT/SIGTERM to it and exiting with its status.
 */
import { spawn, spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'dist/client/index.html');
/** What the client bundle is built from. */
const sources = [
  'src',
  'machines',
  'openapi',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/prerender.mjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why `output` must be built again from `inputs`, or null when it is up to date. */
function needsBuild(output, inputs) {
  if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  const built = statSync(output).mtimeMs;
  const newest = Math.max(...inputs.map((s) => newestMtime(path.join(root, s))));
  return newest > built ? 'sources changed since the last build' : null;
}

const reason = needsBuild(distIndex, sources);
if (reason) {
  console.log(`[start] building the web app (${reason}) …`);
  const started = Date.now();
  // `npm run build`: the SPA, then the prerendered static pages.
  const npmCli = process.env.npm_execpath;
  const build = npmCli
    ? spawnSync(process.execPath, [npmCli, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error('[start] 前端构建失败 / the web app build failed');
    process.exit(build.status ?? 1);
  }
  console.log(`[start] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const serverReason = needsBuild(SERVER_BUNDLE, ['server', 'openapi', 'package.json']);
if (serverReason) {
  console.log(`[start] bundling the server (${serverReason}) …`);
  await buildServer();
}

const server = spawn(process.execPath, [SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// Ctrl-C reaches both processes through the terminal; the server ignores the duplicate.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
