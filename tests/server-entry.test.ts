/**
 * The server's entry (src/server/main.ts, docs/architecture.md "First start") begins the
 * embedded database's template copy and the first admin's hash before the server's packages
 * load: built as `npm run build` builds it, main.js and what it imports statically hold only
 * Node's own modules and zod (for the configuration); the server itself (start.ts, with
 * Fastify, PGlite and Drizzle) is a separate chunk it imports afterwards.
 */
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUILD } from '../scripts/build-server.mjs';

async function buildServer(): Promise<Metafile> {
  const result = await build({
    ...SERVER_BUILD,
    write: false,
    metafile: true,
    sourcemap: false,
    outdir: 'dist/server-entry-test',
  });
  if (!result.metafile) throw new Error('esbuild gave no metafile');
  return result.metafile;
}

/** Every package or own module the output file loads before its code runs. */
function staticImports(metafile: Metafile, file: string, seen = new Set<string>()): Set<string> {
  for (const entry of metafile.outputs[file]?.imports ?? []) {
    if (entry.kind !== 'import-statement' || seen.has(entry.path)) continue;
    seen.add(entry.path);
    if (metafile.outputs[entry.path]) staticImports(metafile, entry.path, seen);
  }
  return seen;
}

describe('the server entry', () => {
  it('loads only Node and zod before it imports the server', async () => {
    const metafile = await buildServer();
    const entry = 'dist/server-entry-test/main.js';
    const packages = [...staticImports(metafile, entry)].filter((p) => !p.startsWith('dist/'));
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['zod']);
    expect(packages).toEqual(
      expect.arrayContaining(['node:worker_threads', 'node:crypto', 'node:fs']),
    );

    const [dynamic, ...more] = (metafile.outputs[entry]?.imports ?? []).filter(
      (entry) => entry.kind === 'dynamic-import',
    );
    expect(more).toEqual([]);
    expect(metafile.outputs[dynamic!.path]?.entryPoint).toBe('src/server/start.ts');
    const server = staticImports(metafile, dynamic!.path);
    for (const name of ['fastify', '@electric-sql/pglite', 'drizzle-orm', 'pg']) {
      expect(server).toContain(name);
    }
  });
});
