import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns zod jitless, whether zod is loaded before or after it', async () => {
    await import('./zod-config.ts');
    const { config, util } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // The `new Function` probe is skipped (it answers false without trying).
    expect(util.allowsEval.value).toBe(false);
  });

  it('leaves schemas working: objects parse the slow, eval-free way', async () => {
    await import('./zod-config.ts');
    const { z } = await import('zod');
    const schema = z.object({ id: z.string(), count: z.number().int() });
    expect(schema.parse({ id: 'a', count: 2, extra: true })).toEqual({ id: 'a', count: 2 });
    expect(schema.safeParse({ id: 'a', count: 1.5 }).success).toBe(false);
  });
});
