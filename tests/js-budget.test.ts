/**
 * The storefront's JavaScript budget (scripts/check-js-budget.mjs, decision 016): which chunks
 * count as what `/` loads at start, walked on a small literal manifest, and the verdict.
 */
import { describe, expect, it } from 'vitest';
import {
  BUDGET_KB,
  bootFiles,
  ENTRY,
  initialChunks,
  javascriptFiles,
  verdict,
} from '../scripts/check-js-budget.mjs';

// The shape Vite writes to .vite/manifest.json.
const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-b.js', '_query-c.js'],
    dynamicImports: ['features/checkout/checkout-page.tsx', 'features/dialogs.ts'],
    css: ['assets/index-x.css'],
  },
  '_react-b.js': { file: 'assets/react-b.js' },
  // Imported by the entry and by a lazy chunk: counted once.
  '_query-c.js': { file: 'assets/query-c.js', imports: ['_react-b.js', '_core-d.js'] },
  '_core-d.js': { file: 'assets/core-d.js' },
  'features/checkout/checkout-page.tsx': {
    file: 'assets/checkout-e.js',
    isDynamicEntry: true,
    imports: ['index.html', '_query-c.js', '_forms-f.js'],
  },
  '_forms-f.js': { file: 'assets/forms-f.js' },
  'features/dialogs.ts': {
    file: 'assets/dialogs-g.js',
    isDynamicEntry: true,
    imports: ['index.html', '_radix-h.js'],
  },
  '_radix-h.js': { file: 'assets/radix-h.js' },
  '_styles-i.css': { file: 'assets/styles-i.css' },
};

describe('initialChunks', () => {
  it('is the entry and its static imports, depth-first, each once', () => {
    expect(initialChunks(manifest, ENTRY, [])).toEqual([
      'index.html',
      '_react-b.js',
      '_query-c.js',
      '_core-d.js',
    ]);
  });

  it('does not follow dynamic imports: lazy screens and dialogs do not count', () => {
    const keys = initialChunks(manifest, ENTRY, []);
    expect(keys).not.toContain('features/checkout/checkout-page.tsx');
    expect(keys).not.toContain('_forms-f.js');
    expect(keys).not.toContain('_radix-h.js');
  });

  it('adds what the home page imports at start, with its static imports', () => {
    expect(initialChunks(manifest, ENTRY, ['features/dialogs.ts'])).toEqual([
      'index.html',
      '_react-b.js',
      '_query-c.js',
      '_core-d.js',
      'features/dialogs.ts',
      '_radix-h.js',
    ]);
  });

  it('fails loudly on a key the manifest does not have', () => {
    expect(() => initialChunks(manifest, ENTRY, ['features/gone.tsx'])).toThrow(
      'manifest has no "features/gone.tsx"',
    );
    expect(() =>
      initialChunks({ 'index.html': { file: 'a.js', imports: ['_missing.js'] } }),
    ).toThrow('manifest has no "_missing.js" (imported by index.html)');
  });
});

describe('javascriptFiles', () => {
  it('counts JavaScript files only', () => {
    expect(javascriptFiles(manifest, ['index.html', '_styles-i.css', '_core-d.js'])).toEqual([
      'assets/index-a.js',
      'assets/core-d.js',
    ]);
  });
});

describe('verdict', () => {
  const rows = [
    { file: 'a.js', raw: 1, gzip: 60 * 1024 },
    { file: 'b.js', raw: 1, gzip: 50 * 1024 },
  ];

  it('fits at exactly the budget (KB of 1024 bytes) and not a byte over', () => {
    expect(verdict(rows, 110)).toEqual({ total: 110 * 1024, budget: 110 * 1024, fits: true });
    expect(verdict([...rows, { file: 'c.js', raw: 1, gzip: 1 }], 110).fits).toBe(false);
  });

  it('is 110 KB', () => {
    expect(BUDGET_KB).toBe(110);
    expect(verdict(rows).budget).toBe(110 * 1024);
  });
});

describe('bootFiles', () => {
  it('is the boot script the page starts with, which the entry does not import', () => {
    expect(
      bootFiles({
        ...manifest,
        '_boot-Ab1_x.js': { file: 'assets/boot-Ab1_x.js', src: '_boot-Ab1_x.js' },
      }),
    ).toEqual(['assets/boot-Ab1_x.js']);
    expect(bootFiles(manifest)).toEqual([]);
  });
});
