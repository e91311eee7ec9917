// `npm run bench`: build if needed, then the size report and Lighthouse mobile on /.
// Lighthouse lives in bench/'s own package.json (its tree breaks the app's lockfile); installed on demand.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, cwd = root) => execSync(cmd, { cwd, stdio: 'inherit' });

if (!existsSync(path.join(root, 'dist/client/.vite/manifest.json'))) run('npm run build');
run('node bench/size.mjs');
if (!existsSync(path.join(root, 'bench/node_modules/lighthouse')))
  run('npm install --no-audit --no-fund', path.join(root, 'bench'));
run('node bench/lighthouse.mjs /');
