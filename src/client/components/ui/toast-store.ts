/**
 * The toasts' store (toast.tsx): the one list, shown by the Toaster and changed by `toast(...)`
 * and a toast's own dismissal (toast-item.tsx), kept apart so the toast fetched on demand
 * imports the store, not the Toaster that loads it.
 */
import type { ReactNode } from 'react';

const TOAST_LIMIT = 1;

export type Tone = 'default' | 'success' | 'error' | 'info';

interface ToastOptions {
  description?: ReactNode;
}

export interface ToastEntry {
  id: number;
  tone: Tone;
  title: ReactNode;
  description?: ReactNode;
}

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function show(tone: Tone, title: ReactNode, options?: ToastOptions): void {
  const id = nextId++;
  publish(
    [{ id, tone, title, description: options?.description }, ...entries].slice(0, TOAST_LIMIT),
  );
}

export function dismissToast(id: number) {
  publish(entries.filter((entry) => entry.id !== id));
}

export const toast = Object.assign(
  (title: ReactNode, options?: ToastOptions) => show('default', title, options),
  {
    success: (title: ReactNode, options?: ToastOptions) => show('success', title, options),
    error: (title: ReactNode, options?: ToastOptions) => show('error', title, options),
    info: (title: ReactNode, options?: ToastOptions) => show('info', title, options),
  },
);

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const snapshot = () => entries;
