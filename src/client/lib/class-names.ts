import { clsx } from 'clsx';

/**
 * Joins class names and nothing more: no Tailwind conflicts are resolved. For the components
 * of the storefront's first paint, whose classes never conflict, so that tailwind-merge (about
 * 8 KB of gzip) stays out of the entry bundle (decision 016). Where a caller's className may
 * override a default (`p-2` over `p-8`), use `cn` (utils.ts).
 */
export const cx = clsx;
