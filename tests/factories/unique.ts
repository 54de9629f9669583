let counter = 0;

/** A readable id that no other factory call in this process returns: `burger-3-k2f9`. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 6)}`;
}
