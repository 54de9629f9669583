/** A copy of `list` with the entry at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}
