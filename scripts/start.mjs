// `npm start`: builds only when the build's inputs changed since the last build made here
// (scripts/build-stamp.mjs), then runs the built server in the foreground. `npm run build`
// itself is unchanged and always builds.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDecision, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const decision = buildDecision(root);
if (decision.build) {
  console.log(`npm start: building (${decision.reason}); takes about half a minute`);
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm start: the build failed, not starting the server');
    process.exit(result.status ?? 1);
  }
  writeStamp(root, decision.hash);
} else {
  console.log(
    'npm start: reusing the build in dist/ (sources unchanged; `npm run build` forces one)',
  );
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist/server/main.js'), ...process.argv.slice(2)],
  { cwd: process.cwd(), stdio: 'inherit' },
);
// Ctrl+C reaches the whole process group anyway; SIGTERM from a supervisor reaches only us.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so whoever started us sees it.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
