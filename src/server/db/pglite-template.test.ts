/**
 * The embedded database's first start (scripts/build-pglite-template.mjs, openDatabase): an
 * empty folder becomes a copy of the build's migrated template instead of running initdb, the
 * template itself is never written to, and a template of another PGlite version, or a folder
 * that already holds something, is left alone.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf } from '../../../tests/setup/test-database.ts';
import { openDatabase } from './client.ts';
import { beginPgliteTemplateCopy, copyPgliteTemplate } from './pglite-template.ts';

const PGLITE_VERSION = (
  JSON.parse(
    fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string }
).version;

/** Every file of a folder with its content's hash. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, name);
    if (!fs.statSync(full).isFile()) continue;
    files[name] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return files;
}

let root: string;
let template: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pglite-template-'));
  template = path.join(root, 'pglite-template');
  // The test set-up's migrated folder stands in for the build's (tests/setup/pglite-template.global.ts).
  fs.cpSync(inject('pgliteTemplateDir')!, template, { recursive: true });
  fs.writeFileSync(`${template}.json`, JSON.stringify({ pglite: PGLITE_VERSION }));
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the first start of the embedded database', () => {
  it('copies the template into an empty folder, which works, and leaves the template as it was', async () => {
    const before = snapshot(template);
    const dir = path.join(root, 'data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const database = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      const tables = await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
      );
      expect(rowsOf(tables)).toEqual([{ n: 1 }]);
      await database.db.execute(sql`create table written_after_the_copy (id int)`);
      await database.db.execute(sql`checkpoint`);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(`${dir}.from-template`)).toBe(false);
    expect(snapshot(template)).toEqual(before);

    // The next start opens what is there: the table made after the copy is still in it.
    const again = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
    try {
      const kept = await again.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'written_after_the_copy'`,
      );
      expect(rowsOf(kept)).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  });

  it('copies only into an empty folder, and only a whole template of this PGlite version', () => {
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep-me.txt'), 'mine');
    expect(copyPgliteTemplate(occupied, template)).toBe(false);
    expect(fs.readdirSync(occupied)).toEqual(['keep-me.txt']);

    const otherVersion = path.join(root, 'other-version');
    fs.cpSync(template, otherVersion, { recursive: true });
    fs.writeFileSync(`${otherVersion}.json`, JSON.stringify({ pglite: '0.0.1' }));
    const unnoted = path.join(root, 'unnoted');
    fs.cpSync(template, unnoted, { recursive: true });
    const partial = path.join(root, 'partial');
    fs.mkdirSync(path.join(partial, 'base'), { recursive: true });
    fs.writeFileSync(`${partial}.json`, JSON.stringify({ pglite: PGLITE_VERSION }));
    for (const refused of [otherVersion, unnoted, partial, path.join(root, 'missing'), undefined]) {
      const empty = fs.mkdtempSync(path.join(root, 'empty-'));
      expect(copyPgliteTemplate(empty, refused), String(refused)).toBe(false);
      expect(fs.readdirSync(empty)).toEqual([]);
    }

    const empty = fs.mkdtempSync(path.join(root, 'empty-'));
    expect(copyPgliteTemplate(empty, template)).toBe(true);
    expect(snapshot(empty)).toEqual(snapshot(template));
  });

  it('begins the copy on a worker thread only when there is one to make, and ends with the folder in place', async () => {
    const occupied = path.join(root, 'occupied-too');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'keep-me.txt'), 'mine');
    expect(beginPgliteTemplateCopy(occupied, template)).toBeUndefined();
    expect(beginPgliteTemplateCopy(path.join(root, 'no-template'), undefined)).toBeUndefined();
    expect(fs.readdirSync(occupied)).toEqual(['keep-me.txt']);

    // A folder not made yet (DATA_DIR/pglite on a first start) is made and filled.
    const dir = path.join(root, 'fresh-data', 'pglite');
    const copying = beginPgliteTemplateCopy(dir, template);
    expect(copying).toBeInstanceOf(Promise);
    // The copy is written beside the folder, which stays empty until the copy is whole.
    expect(fs.readdirSync(dir)).toEqual([]);
    await copying;
    expect(fs.existsSync(`${dir}.from-template`)).toBe(false);
    expect(snapshot(dir)).toEqual(snapshot(template));
    expect(beginPgliteTemplateCopy(dir, template)).toBeUndefined();

    // A copy that fails (a named pipe in the template, which cannot be copied) rejects and
    // puts nothing in place.
    const broken = path.join(root, 'broken');
    fs.cpSync(template, broken, { recursive: true });
    fs.copyFileSync(`${template}.json`, `${broken}.json`);
    execFileSync('mkfifo', [path.join(broken, 'base', 'a-pipe')]);
    const other = path.join(root, 'other-data', 'pglite');
    await expect(beginPgliteTemplateCopy(other, broken)).rejects.toThrow(/FIFO/);
    expect(fs.readdirSync(other)).toEqual([]);
  });
});
