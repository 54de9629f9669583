/**
 * The embedded database's first start from the build's migrated template
 * (scripts/build-pglite-template.mjs): an empty data folder becomes a copy of it instead of
 * running initdb. Only Node's own modules here: main.ts starts the copy before the server's
 * packages load (docs/architecture.md, "First start").
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The installed PGlite's version (its package.json is not exported; found above its entry). */
export function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

/** Whether the template folder is there, whole, and of this PGlite version. */
function usableTemplate(folder: string | undefined): folder is string {
  if (!folder || !fs.existsSync(path.join(folder, 'PG_VERSION'))) return false;
  try {
    const note = JSON.parse(fs.readFileSync(`${folder}.json`, 'utf8')) as { pglite?: string };
    return note.pglite === pgliteVersion();
  } catch {
    return false;
  }
}

interface CopyPlan {
  template: string;
  /** Where the copy is written before it is renamed into place. */
  copy: string;
}

/**
 * The copy to make, or none: only into an empty (or missing) folder, and only from a usable
 * template. The copy goes beside the folder and is renamed into place when whole, so a start cut
 * short never leaves a half copy that looks like a database (PG_VERSION is the mark).
 */
function planCopy(dir: string, template: string | undefined): CopyPlan | undefined {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0 || !usableTemplate(template)) return undefined;
  const copy = `${dir}.from-template`;
  fs.rmSync(copy, { recursive: true, force: true });
  return { template, copy };
}

function putInPlace(dir: string, { copy }: CopyPlan) {
  fs.rmdirSync(dir);
  fs.renameSync(copy, dir);
}

/**
 * Makes the folder `dir` (made if missing), when it is empty, a copy of the template (when it
 * is usable). Returns whether it did.
 */
export function copyPgliteTemplate(dir: string, template: string | undefined): boolean {
  const plan = planCopy(dir, template);
  if (!plan) return false;
  fs.cpSync(plan.template, plan.copy, { recursive: true });
  putInPlace(dir, plan);
  return true;
}

/** The worker's whole program: one recursive copy (CommonJS, as `eval` workers run). */
const COPY_PROGRAM = `
const { workerData } = require('node:worker_threads');
require('node:fs').cpSync(workerData.from, workerData.to, { recursive: true });
`;

/**
 * `copyPgliteTemplate` with the copy itself (543 files, 0.05-0.6 s of the disk and of the
 * thread that makes it) on a worker thread, so the caller's thread goes on loading the server
 * meanwhile. Whether there is a copy to make is decided at once: undefined when there is
 * none, else the copy, which ends with the folder in place.
 */
export function beginPgliteTemplateCopy(
  dir: string,
  template: string | undefined,
): Promise<void> | undefined {
  const plan = planCopy(dir, template);
  if (!plan) return undefined;
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(COPY_PROGRAM, {
      eval: true,
      workerData: { from: plan.template, to: plan.copy },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the template copy stopped with code ${code}`)),
    );
  }).then(() => putInPlace(dir, plan));
}
