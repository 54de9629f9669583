/**
 * The sale being rung up. Kept in sessionStorage: a card payment leaves the page for the card
 * page and a cancelled or declined one comes back to the same cart (spec customer-site §4 does
 * the same for the website), while a closed tab starts clean.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  addLine,
  removeLine,
  setLineDiscount,
  setQuantity,
  type PosCartLine,
  type PosLineDiscount,
} from './pos-cart.ts';

export type PosPaymentMethod = 'cash' | 'card';

export interface PosCustomerDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export const EMPTY_CUSTOMER: PosCustomerDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
};

interface PosSaleState {
  lines: PosCartLine[];
  paymentMethod: PosPaymentMethod;
  customer: PosCustomerDraft;
  add: (line: PosCartLine) => void;
  setQuantity: (id: string, quantity: number) => void;
  remove: (id: string) => void;
  setDiscount: (id: string, discount: PosLineDiscount | null) => void;
  setPaymentMethod: (method: PosPaymentMethod) => void;
  setCustomer: (customer: Partial<PosCustomerDraft>) => void;
  /** After a sale: a clean cart and no customer; the payment method stays. */
  clear: () => void;
}

export const usePosSale = create<PosSaleState>()(
  persist(
    (set) => ({
      lines: [],
      paymentMethod: 'cash',
      customer: EMPTY_CUSTOMER,
      add: (line) => set((state) => ({ lines: addLine(state.lines, line) })),
      setQuantity: (id, quantity) =>
        set((state) => ({ lines: setQuantity(state.lines, id, quantity) })),
      remove: (id) => set((state) => ({ lines: removeLine(state.lines, id) })),
      setDiscount: (id, discount) =>
        set((state) => ({ lines: setLineDiscount(state.lines, id, discount) })),
      setPaymentMethod: (paymentMethod) => set({ paymentMethod }),
      setCustomer: (customer) => set((state) => ({ customer: { ...state.customer, ...customer } })),
      clear: () => set({ lines: [], customer: EMPTY_CUSTOMER }),
    }),
    {
      name: 'pos-sale',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({
        lines: state.lines,
        paymentMethod: state.paymentMethod,
        customer: state.customer,
      }),
    },
  ),
);
