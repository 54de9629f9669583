/**
 * `npm start` rebuilds only when the build's inputs changed (scripts/build-stamp.mjs): the
 * decision on a throw-away folder laid out like the project.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_OUTPUTS,
  buildDecision,
  hashBuildInputs,
  writeStamp,
} from '../scripts/build-stamp.mjs';

let root: string;
const write = (file: string, contents: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), contents);
};
/** What a successful `npm run build` leaves. */
const build = () => {
  for (const file of BUILD_OUTPUTS) write(file, 'built');
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('vite.config.ts', 'export default {};');
  write('src/server/main.ts', 'console.log(1);');
  write('src/client/index.html', '<html></html>');
  write('src/client/public/sw.js', "const VERSION = 'dev';");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('buildDecision', () => {
  it('builds when dist is missing, then reuses the build until an input changes', () => {
    expect(buildDecision(root)).toMatchObject({ build: true });

    const first = buildDecision(root);
    build();
    writeStamp(root, first.hash);
    expect(buildDecision(root)).toEqual({
      build: false,
      reason: 'the sources are unchanged',
      hash: first.hash,
    });

    write('src/server/main.ts', 'console.log(2);');
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'the sources changed' });
  });

  it('counts added and removed sources, public files and the lock file, not test files', () => {
    const before = hashBuildInputs(root);
    write('src/server/feature.test.ts', 'test');
    expect(hashBuildInputs(root)).toBe(before);

    write('src/server/new.ts', 'export {};');
    const added = hashBuildInputs(root);
    expect(added).not.toBe(before);
    fs.rmSync(path.join(root, 'src/server/new.ts'));
    expect(hashBuildInputs(root)).toBe(before);

    write('src/client/public/sw.js', "const VERSION = 'dev'; // changed");
    expect(hashBuildInputs(root)).not.toBe(before);
    write('src/client/public/sw.js', "const VERSION = 'dev';");
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(hashBuildInputs(root)).not.toBe(before);
    write('package-lock.json', '{}');
    write('scripts/build-server.mjs', '// changed');
    expect(hashBuildInputs(root)).not.toBe(before);
  });

  it('builds when there is no stamp, an output is missing, or dist was rebuilt since', () => {
    build();
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'no build stamp yet' });

    writeStamp(root, buildDecision(root).hash);
    expect(buildDecision(root).build).toBe(false);

    fs.rmSync(path.join(root, 'dist/client/index.html'));
    expect(buildDecision(root)).toMatchObject({
      build: true,
      reason: 'dist/client/index.html is missing',
    });

    build();
    writeStamp(root, buildDecision(root).hash);
    // `npm run build` alone (tests, CI) rewrites dist from whatever the sources were then.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(root, 'dist/server/main.js'), later, later);
    expect(buildDecision(root)).toMatchObject({
      build: true,
      reason: 'dist/ was rebuilt since the stamp',
    });
  });

  it('treats an unreadable stamp as none', () => {
    build();
    write('dist/.build-stamp', 'not json');
    expect(buildDecision(root)).toMatchObject({ build: true, reason: 'no build stamp yet' });
  });
});
