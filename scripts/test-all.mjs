// `npm test`: every check, in the least time a two-core machine allows (README "Test it").
// The type check, lint and build run one after another beside the unit, component and API
// tests (Vitest leaves about a third of two cores idle while its files start and its crash
// tests wait on other processes); the end-to-end tests need the build and run last, on their
// own. Vitest's output is shown as it comes; the other lane's is shown when each step ends,
// so the two never interleave. Any failure fails the run, and the end-to-end tests then do
// not start.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`; resolves to its exit code, with its output kept or streamed. */
function run(script, { stream }) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    if (!stream) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      if (!stream) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const failed = [];

async function checksAndBuild() {
  for (const script of ['typecheck', 'lint', 'test:chromium', 'build']) {
    const code = await run(script, { stream: false });
    console.log(`\n[npm test] ${script}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds()})\n`);
    if (code !== 0) return void failed.push(script);
  }
}

async function unitTests() {
  const code = await run('test:unit', { stream: true });
  console.log(`\n[npm test] test:unit: ${code === 0 ? 'passed' : 'FAILED'} (${seconds()})\n`);
  if (code !== 0) failed.push('test:unit');
}

await Promise.all([checksAndBuild(), unitTests()]);
if (failed.length > 0) {
  console.error(`[npm test] failed: ${failed.join(', ')}; the end-to-end tests did not run.`);
  process.exit(1);
}
const code = await run('test:e2e:built', { stream: true });
console.log(`\n[npm test] end-to-end: ${code === 0 ? 'passed' : 'FAILED'} (${seconds()})`);
process.exit(code);
