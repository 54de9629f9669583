/**
 * The server's entry (src/server/main.ts, docs/architecture.md "First start") begins the
 * embedded database's template copy and the first admin's hash before the server's packages
 * load: built as `npm run build` builds it, main.js and what it imports statically hold only
 * Node's own modules and zod (for the configuration); the server itself (start.ts, with
 * Fastify, PGlite and Drizzle) is a separate chunk it imports afterwards. The packages are
 * bundled into the chunks, but for those that must load from node_modules.
 */
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { builtinModules } from 'node:module';
import { EXTERNAL, SERVER_BUILD } from '../scripts/build-server.mjs';

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

/** Every output file and package the output file loads before its code runs. */
function staticImports(metafile: Metafile, file: string, seen = new Set<string>()): Set<string> {
  for (const entry of metafile.outputs[file]?.imports ?? []) {
    if (entry.kind !== 'import-statement' || seen.has(entry.path)) continue;
    seen.add(entry.path);
    if (metafile.outputs[entry.path]) staticImports(metafile, entry.path, seen);
  }
  return seen;
}

/** The packages an output file and what it loads statically hold, bundled or loaded. */
function packagesOf(metafile: Metafile, file: string): string[] {
  const files = [file, ...staticImports(metafile, file)];
  const names = new Set<string>();
  for (const name of files) {
    const output = metafile.outputs[name];
    if (!output) {
      names.add(name);
      continue;
    }
    for (const input of Object.keys(output.inputs)) {
      const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (inPackage) names.add(inPackage[1]!);
    }
  }
  return [...names].sort();
}

describe('the server entry', () => {
  it('loads only Node and zod before it imports the server', async () => {
    const metafile = await buildServer();
    const entry = 'dist/server-entry-test/main.js';
    const packages = packagesOf(metafile, entry);
    expect(packages.filter((name) => !name.startsWith('node:'))).toEqual(['zod']);
    expect(packages).toEqual(
      expect.arrayContaining(['node:worker_threads', 'node:crypto', 'node:fs']),
    );

    const [dynamic, ...more] = (metafile.outputs[entry]?.imports ?? []).filter(
      (entry) => entry.kind === 'dynamic-import',
    );
    expect(more).toEqual([]);
    expect(metafile.outputs[dynamic!.path]?.entryPoint).toBe('src/server/start.ts');
    const server = packagesOf(metafile, dynamic!.path);
    for (const name of ['fastify', '@electric-sql/pglite', 'drizzle-orm', 'pg']) {
      expect(server).toContain(name);
    }
  });

  it('bundles the packages but those that load their own files, native code or optional parts', async () => {
    const metafile = await buildServer();
    const loaded = new Set(
      Object.values(metafile.outputs).flatMap((output) =>
        output.imports.filter((entry) => entry.external).map((entry) => entry.path),
      ),
    );
    const packages = [...loaded]
      .filter((name) => !name.startsWith('node:') && !builtinModules.includes(name.split('/')[0]!))
      .sort();
    // Loaded from node_modules at run time: none but these (scripts/build-server.mjs), and the
    // optional native helpers ws asks for inside a try (not installed).
    const allowed = [...EXTERNAL, 'bufferutil', 'utf-8-validate'];
    expect(
      packages.filter((name) => !allowed.some((ok) => name === ok || name.startsWith(`${ok}/`))),
    ).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['@electric-sql/pglite', 'pino', 'sharp']));
  });
});
