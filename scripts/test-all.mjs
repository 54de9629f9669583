// `npm test`: every check, in the least time a two-core machine allows (README "Test it").
// The end-to-end tests are the longest part and need the build, so the build is made first and
// they start as soon as it is; the unit, component and API tests (Vitest) run from the start,
// and the type check and lint beside the end-to-end tests. The machine is busy for the whole
// run: the more of the work that can run at once, the less of it waits behind a core that
// something else keeps busy. Output never interleaves: Vitest's streams until the end-to-end
// tests start and is then held, like the type check's and lint's, until the end-to-end tests
// have ended. Any failure fails the run, and the last lines printed name each failed test with
// the first lines of its error (a CI log is often read from its tail); the end-to-end tests do
// not start when the build failed, and are stopped when the type check or lint fails.
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const failed = [];

/**
 * Runs `npm run <script>`; resolves to its exit code. `out` decides where each chunk of its
 * output goes at the moment it comes.
 */
function run(script, out) {
  const child = spawn('npm', ['run', '--silent', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    // Its own process group, so a stop reaches the runner's workers and browsers too.
    detached: true,
  });
  child.stdout.on('data', (chunk) => out(chunk));
  child.stderr.on('data', (chunk) => out(chunk));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already ended.
    }
  };
  running.add(stop);
  const done = new Promise((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(stop);
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
  return Object.assign(done, { stop });
}

/** The steps running now; a Ctrl-C (or a stop of the whole run) stops each step's group. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const stop of running) stop();
    process.exit(130);
  });
}

/** Where output goes when nothing holds it. */
const toStdout = (text) => process.stdout.write(text);

/** Output kept until `flush` (to standard output, or to another holder's `out`). */
function held() {
  const chunks = [];
  return {
    out: (chunk) => chunks.push(Buffer.from(chunk)),
    flush: (out = toStdout) => out(Buffer.concat(chunks.splice(0))),
  };
}

/**
 * Every line a step printed, kept to name its failed tests at the end: Vitest's ` FAIL  file >
 * test` and `×` lines, Playwright's `✘` lines and its numbered `1) [project] › file` list. After
 * a `FAIL` or numbered heading, the first lines of its error and the test file's line it points
 * at are kept too, so a log read from its tail says why each test failed, not only which.
 */
const failureLines = [];
const FAILURE = /^\s*(FAIL\s|×\s|✘\s|\d+\) \[)/;
const ERROR_HEADING = /^\s*(FAIL\s|\d+\) \[)/;
/** Where an error's own text ends: Playwright's call log, a code frame, a stack line. */
const ERROR_END = /^\s*(call log:|>?\s*\d+ \||at |❯ |⎯)/i;
const TEST_LOCATION = /^\s*(at |❯ ).*\.(spec|test)\.tsx?:\d+/;
const ERROR_LINES = 16;
function noting(step, out) {
  let rest = '';
  // The error being read after a heading: lines kept, and whether its text has ended.
  let error = null;
  return (chunk) => {
    out(chunk);
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      // eslint-disable-next-line no-control-regex -- colour codes when a terminal asks for them
      const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
      if (FAILURE.test(plain)) {
        const named = `${step}: ${plain.trim()}`;
        if (!failureLines.includes(named)) failureLines.push(named);
        error = ERROR_HEADING.test(plain) ? { kept: 0, ended: false, seen: 0 } : null;
        continue;
      }
      if (!error || plain.trim() === '') continue;
      error.seen += 1;
      if (!error.ended && ERROR_END.test(plain)) error.ended = true;
      if (!error.ended && error.kept < ERROR_LINES) {
        failureLines.push(`    ${plain.trim()}`);
        error.kept += 1;
      } else if (error.ended && TEST_LOCATION.test(plain)) {
        failureLines.push(`    ${plain.trim()}`);
        error = null;
      } else if (error.seen > 60) {
        error = null;
      }
    }
  };
}

const report = (step, code, out = toStdout) => {
  out(`\n[npm test] ${step}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds()})\n\n`);
  if (code !== 0) failed.push(step);
};

// Vitest: streamed while it runs alone.
const vitestHeld = held();
let vitestStreams = true;
const unit = run(
  'test:unit',
  noting('Vitest', (chunk) => (vitestStreams ? toStdout : vitestHeld.out)(chunk)),
);

/** Runs scripts one after another, each one's output printed when it ends; false at a failure. */
async function inTurn(scripts, out = toStdout) {
  for (const script of scripts) {
    const step = held();
    const code = await run(script, noting(script, step.out));
    step.flush(out);
    report(script, code, out);
    if (code !== 0) return false;
  }
  return true;
}

const built = await inTurn(['test:chromium', 'build']);
// The type check and lint beside the end-to-end tests, their output held until those have
// ended (they run when the build failed too: their findings are worth having).
const checksHeld = held();
let e2e = null;
const checks = inTurn(['typecheck', 'lint'], checksHeld.out).then((passed) => {
  if (!passed && e2e) {
    checksHeld.out(
      '\n[npm test] the type check or lint failed: the end-to-end tests were stopped.\n',
    );
    e2e.stop();
  }
});
if (built) {
  vitestStreams = false;
  console.log('[npm test] end-to-end tests start; the output of Vitest follows theirs.\n');
  e2e = run('test:e2e:built', noting('Playwright', toStdout));
  report('end-to-end (Playwright)', await e2e);
}
await checks;
checksHeld.flush();
// Vitest's held output after the end-to-end tests, so theirs is never cut in two.
const unitCode = await unit;
vitestHeld.flush();
report('test:unit (Vitest)', unitCode);
if (!built) console.error('[npm test] the build failed: the end-to-end tests did not run.');
if (failureLines.length > 0) {
  console.log('[npm test] failed tests, as each runner named them:');
  for (const line of failureLines) console.log(`  ${line}`);
}
console.log(
  failed.length === 0
    ? `[npm test] all passed in ${seconds()}`
    : `[npm test] FAILED: ${failed.join(', ')} (${seconds()})`,
);
process.exit(failed.length === 0 ? 0 : 1);
