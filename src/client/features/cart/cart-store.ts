import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import {
  addCartLine,
  setCartLineQuantity,
  validCartLines,
  type CartLine,
} from '#shared/cart/cart.ts';

interface CartState {
  lines: CartLine[];
  /** Whether the cart dialog is open; not persisted. */
  isOpen: boolean;
  addLine: (line: CartLine) => void;
  setQuantity: (id: string, quantity: number) => void;
  removeLine: (id: string) => void;
  clear: () => void;
  setOpen: (isOpen: boolean) => void;
}

/** Spec: the cart survives reloads in browser storage under `cart-storage`. */
export const useCart = create<CartState>()(
  persist(
    (set) => ({
      lines: [],
      isOpen: false,
      addLine: (line) => set((state) => ({ lines: addCartLine(state.lines, line) })),
      setQuantity: (id, quantity) =>
        set((state) => ({ lines: setCartLineQuantity(state.lines, id, quantity) })),
      removeLine: (id) => set((state) => ({ lines: state.lines.filter((line) => line.id !== id) })),
      clear: () => set({ lines: [] }),
      setOpen: (isOpen) => set({ isOpen }),
    }),
    {
      name: 'cart-storage',
      partialize: (state) => ({ lines: state.lines }),
      // Whatever is stored, only well-formed lines come back.
      merge: (persisted, current) => ({
        ...current,
        lines: validCartLines((persisted as { lines?: unknown } | undefined)?.lines),
      }),
    },
  ),
);
