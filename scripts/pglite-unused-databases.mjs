// The embedded database's template holds only the database the server opens, "postgres":
// initdb's template0 and template1 are dropped, which halves the files a first start copies
// (docs/architecture.md, "First start"). Nothing creates a database in PGlite, so nothing needs
// the templates a new one is copied from. Used by the build's template
// (scripts/build-pglite-template.mjs) and the tests' (tests/setup/pglite-template.global.ts).

/** @param {(sql: string) => Promise<unknown>} exec runs one statement on the new database */
export async function dropUnusedDatabases(exec) {
  for (const name of ['template0', 'template1']) {
    await exec(`alter database ${name} with is_template false allow_connections true`);
    await exec(`drop database ${name}`);
  }
}
