// What `npm start` (scripts/start.mjs) uses to decide whether to rebuild: a hash of every
// input of `npm run build`, compared with the one written to dist/.build-stamp after the last
// successful build. Pure file reads, no build tools, so it stays fast (a few MB of sources).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders whose every file is a build input (test files excepted, see isBuildInput). */
export const INPUT_DIRS = ['src'];

/** Single files that are build inputs; a missing one simply counts as missing. */
export const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/build-pglite-template.mjs',
  'scripts/pglite-unused-databases.mjs',
  'scripts/compress-client.mjs',
  'scripts/check-js-budget.mjs',
];

/** What `npm run build` writes that the server needs; if one is missing the build runs. */
export const BUILD_OUTPUTS = [
  'dist/server/main.js',
  'dist/server/pglite-template/PG_VERSION',
  'dist/client/index.html',
];

export const STAMP_FILE = 'dist/.build-stamp';

/** Test files sit beside the code but never reach the build. */
function isBuildInput(relativePath) {
  return !/\.test\.tsx?$/.test(relativePath) && !relativePath.split('/').includes('.DS_Store');
}

/** Every input file, relative to root with forward slashes, sorted. */
export function listBuildInputs(root) {
  const files = [];
  for (const dir of INPUT_DIRS) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const relative = path
        .relative(root, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/');
      if (isBuildInput(relative)) files.push(relative);
    }
  }
  for (const file of INPUT_FILES) {
    if (fs.existsSync(path.join(root, file))) files.push(file);
  }
  return [...new Set(files)].sort();
}

/** SHA-256 over each input's path and contents: any edit, addition or removal changes it. */
export function hashBuildInputs(root) {
  const hash = createHash('sha256');
  for (const file of listBuildInputs(root)) {
    const contents = fs.readFileSync(path.join(root, file));
    hash.update(`${file}\0${contents.length}\0`).update(contents);
  }
  return hash.digest('hex');
}

/** The outputs' modification times: a later `npm run build` alone changes them. */
function outputTimes(root) {
  return Object.fromEntries(
    BUILD_OUTPUTS.map((file) => [file, Math.round(fs.statSync(path.join(root, file)).mtimeMs)]),
  );
}

/**
 * Whether `npm start` must build, and why: `{ build, reason, hash }`. It builds when an output
 * is missing, when there is no stamp (a build made by `npm run build` alone, or an interrupted
 * one), when the stamp's hash differs from the inputs' or when the outputs changed since the
 * stamp was written (`npm run build` ran since, possibly on other sources).
 */
export function buildDecision(root) {
  const hash = hashBuildInputs(root);
  const missing = BUILD_OUTPUTS.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return { build: true, reason: `${missing} is missing`, hash };
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return { build: true, reason: 'no build stamp yet', hash };
  }
  if (stamp?.inputs !== hash) return { build: true, reason: 'the sources changed', hash };
  const times = outputTimes(root);
  const rebuilt = BUILD_OUTPUTS.some((file) => stamp.outputs?.[file] !== times[file]);
  if (rebuilt) return { build: true, reason: 'dist/ was rebuilt since the stamp', hash };
  return { build: false, reason: 'the sources are unchanged', hash };
}

/** Written only after a build succeeded, with the hash computed before it started. */
export function writeStamp(root, hash) {
  const file = path.join(root, STAMP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ inputs: hash, outputs: outputTimes(root) })}\n`);
}
