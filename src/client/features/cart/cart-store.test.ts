/**
 * The storefront's cart store (zustand, persisted in localStorage under `cart-storage`): the
 * shared cart rules wired to the actions, what is stored, and what comes back after a reload.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '#shared/cart/cart.ts';

/** The browser's localStorage, in memory (the unit project runs in Node). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const storage = new MemoryStorage();
let useCart: typeof import('./cart-store.ts').useCart;

beforeAll(async () => {
  // Before the store is made: persist picks its storage (window.localStorage) when it loads.
  vi.stubGlobal('window', { localStorage: storage });
  ({ useCart } = await import('./cart-store.ts'));
});

afterAll(() => {
  vi.unstubAllGlobals();
});

beforeEach(() => {
  useCart.getState().clear();
  useCart.getState().setOpen(false);
});

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 'classic-smash-burger-1767261600000',
  menuItemId: 'classic-smash-burger',
  name: 'Classic Smash Burger',
  price: 11.9,
  quantity: 1,
  customizations: { sauce: 'Truffle Mayo', addOns: ['Bacon'] },
  image: null,
  ...overrides,
});

const stored = () =>
  JSON.parse(storage.getItem('cart-storage') ?? 'null') as {
    state: Record<string, unknown>;
  } | null;

describe('the cart store', () => {
  it('adds lines, merging a twin (same name, price and customizations) into one', () => {
    const { addLine } = useCart.getState();
    addLine(line());
    addLine(line({ id: 'classic-smash-burger-1767261600999', quantity: 2 }));
    addLine(line({ id: 'other', customizations: { sauce: 'Ketchup', addOns: ['Bacon'] } }));
    expect(useCart.getState().lines.map((l) => [l.id, l.quantity])).toEqual([
      ['classic-smash-burger-1767261600000', 3],
      ['other', 1],
    ]);
  });

  it('sets a quantity, removes a line at 0 or by remove, and clears', () => {
    const { addLine, setQuantity, removeLine, clear } = useCart.getState();
    addLine(line({ id: 'a' }));
    addLine(
      line({
        id: 'b',
        name: 'Cola 0.5 l',
        price: 2.9,
        customizations: { sauce: null, addOns: [] },
      }),
    );
    addLine(
      line({ id: 'c', name: 'Fries', price: 3.5, customizations: { sauce: null, addOns: [] } }),
    );
    setQuantity('a', 4);
    expect(useCart.getState().lines.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 4],
      ['b', 1],
      ['c', 1],
    ]);
    setQuantity('b', 0);
    removeLine('c');
    expect(useCart.getState().lines.map((l) => l.id)).toEqual(['a']);
    clear();
    expect(useCart.getState().lines).toEqual([]);
  });

  it('stores the lines under cart-storage, and not whether the dialog is open', () => {
    useCart.getState().addLine(line());
    useCart.getState().setOpen(true);
    expect(useCart.getState().isOpen).toBe(true);
    expect(stored()?.state).toEqual({ lines: [line()] });
  });

  it('brings back only well-formed lines after a reload, with the dialog closed', async () => {
    const broken = [
      { ...line({ id: 'no-price' }), price: '11.90' },
      { ...line({ id: 'no-name' }), name: '' },
      { id: 'no-customizations', menuItemId: 'cola', name: 'Cola', price: 2.9, quantity: 1 },
      null,
    ];
    storage.setItem(
      'cart-storage',
      JSON.stringify({
        state: { lines: [broken[0], line({ id: 'kept' }), ...broken.slice(1)], isOpen: true },
        version: 0,
      }),
    );
    await useCart.persist.rehydrate();
    expect(useCart.getState().lines).toEqual([line({ id: 'kept' })]);
    expect(useCart.getState().isOpen).toBe(false);
  });

  it('starts empty when the stored cart is not a list of lines', async () => {
    storage.setItem('cart-storage', JSON.stringify({ state: { lines: 'oops' }, version: 0 }));
    await useCart.persist.rehydrate();
    expect(useCart.getState().lines).toEqual([]);
  });
});
