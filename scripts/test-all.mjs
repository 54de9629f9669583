// `npm test`: every check, in the least time a two-core machine allows (README "Test it").
// Two lanes at once: the type check, lint and build one after another, and the unit,
// component and API tests (Vitest leaves part of two cores idle while its files start and its
// crash tests wait on other processes). The end-to-end tests need the build: they start as
// soon as it is made, beside whatever Vitest has left. Output never interleaves: the first
// lane's steps print when each ends, Vitest's streams until the end-to-end tests start and is
// then held and printed when Vitest ends. Any failure fails the run; the end-to-end tests do
// not start when the type check, lint or build failed.
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const failed = [];

/**
 * Runs `npm run <script>`; resolves to its exit code. `out` decides where each chunk of its
 * output goes at the moment it comes.
 */
function run(script, out) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    child.stdout.on('data', (chunk) => out(chunk));
    child.stderr.on('data', (chunk) => out(chunk));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Output kept until `flush`. */
function held() {
  const chunks = [];
  return {
    out: (chunk) => chunks.push(chunk),
    flush: () => process.stdout.write(Buffer.concat(chunks.splice(0))),
  };
}

const report = (step, code) => {
  console.log(`\n[npm test] ${step}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds()})\n`);
  if (code !== 0) failed.push(step);
};

// Vitest: streamed while it runs alone.
const vitestHeld = held();
let vitestStreams = true;
const unit = run('test:unit', (chunk) =>
  vitestStreams ? process.stdout.write(chunk) : vitestHeld.out(chunk),
).then((code) => {
  vitestHeld.flush();
  report('test:unit (Vitest)', code);
});

let built = true;
for (const script of ['typecheck', 'lint', 'test:chromium', 'build']) {
  const step = held();
  const code = await run(script, step.out);
  step.flush();
  report(script, code);
  if (code !== 0) {
    built = false;
    break;
  }
}

if (built) {
  vitestStreams = false;
  console.log('[npm test] end-to-end tests start; Vitest output follows when it ends.\n');
  report(
    'end-to-end (Playwright)',
    await run('test:e2e:built', (chunk) => process.stdout.write(chunk)),
  );
}
await unit;
if (!built) console.error('[npm test] the end-to-end tests did not run.');
console.log(
  failed.length === 0
    ? `[npm test] all passed in ${seconds()}`
    : `[npm test] FAILED: ${failed.join(', ')} (${seconds()})`,
);
process.exit(failed.length === 0 ? 0 : 1);
