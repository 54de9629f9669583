/**
 * The offline cash sales of this device, in localStorage (they must outlive a reload, a crash
 * and a closed tab), and the loop that sends them: at once, on the browser's 'online' event and
 * on a timer while any wait. See outbox.ts for the rules.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { PosOrderResponse } from '#shared/pos/pos.schema.ts';
import type { ReceiptData } from '../receipts/index.ts';
import {
  drainOutbox,
  enqueue,
  failedEntries,
  markSendAnyway,
  parseOutbox,
  removeEntry,
  reviewEntries,
  waitingEntries,
  type DrainReport,
  type OutboxEntry,
} from './outbox.ts';
import { postCashSale } from './api/pos-api.ts';

export type PosOutboxEntry = OutboxEntry<ReceiptData>;

const OUTBOX_STORAGE_KEY = 'pos-outbox';
const RETRY_EVERY_MS = 10_000;

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: PosOutboxEntry[] = [];

function read(): PosOutboxEntry[] {
  const raw = localStorage.getItem(OUTBOX_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseOutbox<ReceiptData>(raw);
  }
  return cached;
}

function write(entries: PosOutboxEntry[]) {
  if (entries.length === 0) localStorage.removeItem(OUTBOX_STORAGE_KEY);
  else localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(entries));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the counter changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const outboxStorage = { load: read, save: write };

export function queueSale(entry: PosOutboxEntry) {
  write(enqueue(read(), entry));
}

export function discardSale(key: string) {
  write(removeEntry(read(), key));
}

/** A sale that needed a look: a person chose to send it after all. */
export function sendSaleAnyway(key: string) {
  write(markSendAnyway(read(), key));
}

/**
 * How many sales wait to be sent or for a look before they go (logout is refused while any
 * do: they are sent with this session's account).
 */
export const waitingSalesCount = () => {
  const entries = read();
  return waitingEntries(entries).length + reviewEntries(entries).length;
};

export function useOutbox() {
  const entries = useSyncExternalStore(subscribe, read, () => [] as PosOutboxEntry[]);
  return {
    entries,
    waiting: waitingEntries(entries),
    failed: failedEntries(entries),
    review: reviewEntries(entries),
  };
}

/** Refuses a logout while sales wait: they need this session to be sent. */
export function logoutBlockedMessage(count: number): string {
  return `${count} ${count === 1 ? 'sale is' : 'sales are'} waiting to be sent. Stay logged in until the connection is back and ${count === 1 ? 'it has' : 'they have'} gone through.`;
}

let running = false;

/**
 * One run at a time in this tab (null when one is under way: its caller reports what it sent);
 * across tabs, a Web Lock where the browser has them. Two runs at once would still make one
 * order per sale (same keys), only report it twice.
 */
async function sendWaitingSales(): Promise<DrainReport<ReceiptData> | null> {
  if (running) return null;
  running = true;
  try {
    const run = () =>
      drainOutbox(
        outboxStorage,
        (entry) => postCashSale(entry.endpoint, entry.body, entry.key),
        () => new Date(),
      );
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return await (locks ? locks.request('pos-outbox', run) : run());
  } finally {
    running = false;
  }
}

export interface DrainerCallbacks {
  onSent: (entry: PosOutboxEntry, response: PosOrderResponse) => void;
  onFailed: (entry: PosOutboxEntry) => void;
  /** Held back: queued longer ago than the server keeps keys (outbox.ts). */
  onReview: (entry: PosOutboxEntry) => void;
}

/** Sends waiting sales now, when the browser says it is back online, and every 10 s. */
export function useOutboxDrainer(callbacks: DrainerCallbacks) {
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  const { waiting } = useOutbox();
  const hasWaiting = waiting.length > 0;

  useEffect(() => {
    if (!hasWaiting) return;
    const attempt = async () => {
      if (!navigator.onLine) return;
      const report = await sendWaitingSales();
      // NOTE: reported even if the screen moved on meanwhile (the toasts are global).
      if (!report) return;
      for (const { entry, response } of report.sent) latest.current.onSent(entry, response);
      for (const entry of report.failed) latest.current.onFailed(entry);
      for (const entry of report.review) latest.current.onReview(entry);
    };
    void attempt();
    const onOnline = () => void attempt();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void attempt(), RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [hasWaiting]);
}
