/**
 * While the payment simulator is on, every screen says so (DESIGN.md "payments"): a strip
 * fixed to the bottom edge, over nothing that can be tapped (styles.css keeps room for it).
 * It never moves the page: it appears late, with the shop's details, and takes no layout space.
 */
import { useShopInfo } from '#client/lib/shop/shop-queries.ts';

const TEST_MODE_TEXT = 'Test mode - payments are simulated';

export function TestModeRibbon() {
  const { data } = useShopInfo();
  if (!data?.paymentsSimulated) return null;
  return (
    <div
      id="test-mode-ribbon"
      role="note"
      className="no-print pointer-events-none fixed inset-x-0 bottom-0 z-[90] flex h-(--test-ribbon-height) items-center justify-center bg-[repeating-linear-gradient(135deg,var(--color-mustard-400)_0_12px,#fde047_12px_24px)] text-xs font-bold tracking-wide text-char-950 uppercase shadow-[0_-1px_0_rgb(0_0_0/0.15)]"
    >
      {TEST_MODE_TEXT}
    </div>
  );
}
