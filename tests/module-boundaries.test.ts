/**
 * The lint keeps the module boundaries (docs/architecture.md "Module boundaries"): each case
 * lints a file that is not in the tree, at a path inside src/, with ESLint's own Node API and the
 * project's eslint.config.js, and names the rule that must (or must not) report it.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

// The first lint reads the whole import graph (no-cycle): tens of seconds on a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintFiles([path.join(root, 'src/server/app.ts')]);
}, 180_000);

/** The rules that report `code` as the file `file` (relative to the project). */
async function rulesReporting(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('a feature imports another feature only through its public entry', () => {
  const file = 'src/server/features/seo/boundary-probe.ts';

  it("reports the server's seo importing a file inside orders", async () => {
    const code = "import { placeOrder } from '../orders/place-order.ts';\nexport { placeOrder };\n";
    expect(await rulesReporting(file, code)).toEqual([BOUNDARY]);
  });

  it('lets it import settings through settings/index.ts', async () => {
    const code = "import { getSetting } from '../settings/index.ts';\nexport { getSetting };\n";
    expect(await rulesReporting(file, code)).toEqual([]);
  });

  it('reports it through the #server alias too', async () => {
    const code =
      "import { getSetting } from '#server/features/settings/settings.service.ts';\nexport { getSetting };\n";
    expect(await rulesReporting(file, code)).toEqual([BOUNDARY]);
  });

  it("reports the server's kitchen importing a file inside orders (every server feature is bounded)", async () => {
    const code = "import { iso } from '../orders/orders.service.ts';\nexport { iso };\n";
    expect(await rulesReporting('src/server/features/kitchen/boundary-probe.ts', code)).toEqual([
      BOUNDARY,
    ]);
  });

  it('lets the kitchen import it through orders/index.ts', async () => {
    const code = "import { iso } from '../orders/index.ts';\nexport { iso };\n";
    expect(await rulesReporting('src/server/features/kitchen/boundary-probe.ts', code)).toEqual([]);
  });

  it("reports the client's cart importing a file inside storefront", async () => {
    const code =
      "import { useMenuBrowsing } from '../storefront/use-menu-browsing.ts';\nexport { useMenuBrowsing };\n";
    expect(await rulesReporting('src/client/features/cart/boundary-probe.ts', code)).toEqual([
      BOUNDARY,
    ]);
  });

  it("lets the client's table import the storefront's menu section through storefront/index.ts", async () => {
    const code = "import { MenuSection } from '../storefront/index.ts';\nexport { MenuSection };\n";
    expect(await rulesReporting('src/client/features/table/boundary-probe.ts', code)).toEqual([]);
  });
});

describe('infrastructure never imports a feature', () => {
  it('reports src/server/db importing a feature', async () => {
    const code =
      "import type { PricedOrder } from '../features/orders/place-order.ts';\nexport type { PricedOrder };\n";
    expect(await rulesReporting('src/server/db/boundary-probe.ts', code)).toEqual([BOUNDARY]);
  });

  it("reports the realtime dispatcher importing push's service", async () => {
    const code =
      "import { sendReadyPushTo } from '../push/push.service.ts';\nexport { sendReadyPushTo };\n";
    // A new file next to the dispatcher is a feature file of realtime; the dispatcher's own files
    // are the infrastructure.
    expect(await rulesReporting('src/server/features/realtime/outbox.ts', code)).toContain(
      BOUNDARY,
    );
  });

  it('reports src/client/lib importing a feature', async () => {
    const code =
      "import { useCartStore } from '../features/cart/cart-store.ts';\nexport { useCartStore };\n";
    expect(await rulesReporting('src/client/lib/boundary-probe.ts', code)).toEqual([BOUNDARY]);
  });
});

describe('no import cycles in src/', () => {
  it('checks every file of src/ for cycles, as an error', async () => {
    for (const file of ['src/server/app.ts', 'src/client/main.tsx', 'src/shared/money.ts']) {
      const config = await eslint.calculateConfigForFile(path.join(root, file));
      expect([file, config.rules[CYCLE]?.[0]]).toEqual([file, 2]);
    }
  });

  it('reports the outbox importing the kitchen, which imports the outbox', async () => {
    const code =
      "import { listKitchenOrders } from '../kitchen/kitchen.service.ts';\nexport { listKitchenOrders };\n";
    expect(await rulesReporting('src/server/features/realtime/outbox.ts', code)).toContain(CYCLE);
  });
});
