/**
 * The Notification Test page's tests (spec back-office §2, §8, §9). Each one uses the real
 * order-ready alert code and reports an outcome for the results log instead of only warning.
 */
import {
  ORDER_READY_SOUND,
  fireOrderReadyAlert,
  showNotification,
  vibrateOrderReady,
} from './order-ready-alert.ts';
import { readNotificationPermission } from './notification-permission.ts';

export const TEST_ORDER_NUMBER = 'TEST-12345';

/** Spec §9: the full test's steps, in milliseconds after the start. */
export const FULL_TEST_SCHEDULE = {
  basic: 1_000,
  orderReady: 2_000,
  rapid: [3_000, 3_500],
} as const;

export type TestOutcome = 'granted' | 'denied' | 'failed' | 'not-supported';

export const OUTCOME_LABELS: Record<TestOutcome, string> = {
  granted: 'Granted',
  denied: 'Denied',
  failed: 'Failed',
  'not-supported': 'Not supported',
};

export interface TestResult {
  outcome: TestOutcome;
  detail: string;
}

/** Why no notification can be shown, or null when one can. */
function notificationBlocked(): TestResult | null {
  const permission = readNotificationPermission();
  if (permission === 'unsupported') {
    return { outcome: 'not-supported', detail: 'This browser has no notifications.' };
  }
  if (permission === 'denied') {
    return { outcome: 'denied', detail: 'Notifications are blocked for this site.' };
  }
  if (permission === 'default') {
    return { outcome: 'denied', detail: 'Permission not asked yet: use Request Permission.' };
  }
  return null;
}

function notify(title: string, body: string, tag: string): TestResult {
  const blocked = notificationBlocked();
  if (blocked) return blocked;
  return showNotification(title, body, tag)
    ? { outcome: 'granted', detail: `Notification shown: “${title}”.` }
    : { outcome: 'failed', detail: 'The browser refused to show the notification.' };
}

export function runBasicNotification(): TestResult {
  return notify(
    'Test notification',
    'Notifications work on this device.',
    `test-basic-${Date.now()}`,
  );
}

/** The alert a customer gets when their order turns ready, for the test order. */
export function runOrderReadyAlert(): TestResult {
  fireOrderReadyAlert({ orderId: TEST_ORDER_NUMBER, orderNumber: TEST_ORDER_NUMBER });
  const blocked = notificationBlocked();
  if (blocked) {
    // DESIGN.md departure 11: without the permission only the sound and the flash fire.
    return {
      outcome: blocked.outcome,
      detail: `Sound and flash fired for ${TEST_ORDER_NUMBER}; no notification, vibration or wake lock. ${blocked.detail}`,
    };
  }
  return {
    outcome: 'granted',
    detail: `Sound, vibration, flash and notification fired for ${TEST_ORDER_NUMBER}.`,
  };
}

/** The order-ready sound at volume 0.7; the browser may refuse playback (autoplay rules). */
export async function runSoundOnly(): Promise<TestResult> {
  if (typeof Audio === 'undefined') {
    return { outcome: 'not-supported', detail: 'This browser cannot play audio.' };
  }
  try {
    const audio = new Audio(ORDER_READY_SOUND);
    audio.volume = 0.7;
    await audio.play();
    return { outcome: 'granted', detail: 'Sound played at 70% volume.' };
  } catch (error) {
    console.warn('Order-ready sound failed', error);
    if (error instanceof DOMException && error.name === 'NotAllowedError') {
      return { outcome: 'denied', detail: 'The browser blocked the sound.' };
    }
    return { outcome: 'failed', detail: 'The sound could not be played.' };
  }
}

export function runVibrationOnly(): TestResult {
  if (!('vibrate' in navigator)) {
    return { outcome: 'not-supported', detail: 'Vibration not supported' };
  }
  return vibrateOrderReady()
    ? { outcome: 'granted', detail: 'Vibrated 200, 100, 200, 100, 200 ms.' }
    : { outcome: 'denied', detail: 'The browser refused to vibrate.' };
}

export function runRapidNotification(index: number): TestResult {
  return notify(
    `Rapid notification ${index}`,
    `Rapid test ${index}: several alerts in a row.`,
    `test-rapid-${index}-${Date.now()}`,
  );
}
