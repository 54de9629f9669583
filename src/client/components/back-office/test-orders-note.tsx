/**
 * Test orders are in no figure on any screen (docs/operations.md "Running the day"): the
 * dashboard and the calendar say how many they left out.
 */
export function TestOrdersNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="mb-2 text-sm text-char-700" data-testid="test-orders-note">
      {count === 1 ? '1 test order' : `${count} test orders`} not counted (no money moved).
    </p>
  );
}
