/**
 * Zod in the browser runs without `new Function` (decision 016). Its object parser compiles a
 * fast path with `new Function` when it may, and finds out whether it may by trying one; under
 * our Content-Security-Policy (script-src without 'unsafe-eval', src/server/app.ts) that probe
 * is refused and the browser reports a CSP violation. `jitless` skips the probe and the
 * compiling.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod on a
 * page) and a schema reads them when it is built. Setting the flag there, rather than importing
 * zod's `config`, keeps zod out of the entry bundle: main.tsx imports this module first, and
 * zod-config.test.ts checks that zod reads the flag from there.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };

zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

export {};
