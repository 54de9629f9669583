/**
 * The kitchen watchdog on a staff screen (decision 023): its state, refetched on
 * `watchdogChanged` and order changes, and an alarm that repeats the new-order chime
 * (admin-dashboard/use-new-order-sound.ts) while an alert is neither acknowledged nor
 * resolved. Browsers refuse sound until the page is touched: `soundBlocked` offers
 * "Enable sound" then, as the dashboard's new-order sound does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerMessage } from '#shared/realtime/events.ts';
import { useLiveSocket } from '#client/lib/live-socket.ts';
import { WATCHDOG_KEY, useWatchdogStatus } from './api/watchdog-queries.ts';
import { ALARM_REPEAT_MS, keepCurrent, ringingAlerts } from './watchdog-alarm.ts';
import { pageNotTouchedYet } from '#client/lib/page-touched.ts';

const CHIME_URL = '/sounds/kitchen-new-order.wav';
/** Acknowledged alerts, kept for this tab: a reload does not ring for them again. */
const ACKNOWLEDGED_KEY = 'watchdog:acknowledged';

function readAcknowledged(): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(ACKNOWLEDGED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeAcknowledged(ids: ReadonlySet<string>) {
  try {
    window.sessionStorage.setItem(ACKNOWLEDGED_KEY, JSON.stringify([...ids]));
  } catch {
    // No storage (private mode): the acknowledgement lasts until the page is left.
  }
}

export interface UseWatchdogOptions {
  /**
   * Open a socket of its own (the POS). A screen with a socket passes false and hands its
   * messages to `onMessage` (one socket per screen).
   */
  ownSocket?: boolean;
}

export function useWatchdog({ ownSocket = true }: UseWatchdogOptions = {}) {
  const queryClient = useQueryClient();
  const query = useWatchdogStatus();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: WATCHDOG_KEY }),
    [queryClient],
  );
  const onMessage = useCallback(
    (message: ServerMessage) => {
      if (message.type === 'watchdogChanged' || message.type === 'orderChanged') refetch();
    },
    [refetch],
  );
  useLiveSocket({ enabled: ownSocket, onMessage, onReconnect: refetch });

  const alerts = useMemo(() => query.data?.alerts ?? [], [query.data]);
  const [acknowledged, setAcknowledged] = useState<Set<string>>(readAcknowledged);
  // Only against a list the server sent: before the first answer there is nothing to forget.
  useEffect(() => {
    if (!query.data) return;
    setAcknowledged((current) => keepCurrent(current, query.data.alerts));
  }, [query.data]);
  useEffect(() => writeAcknowledged(acknowledged), [acknowledged]);
  const ringing = ringingAlerts(alerts, acknowledged);
  const acknowledge = useCallback(
    () => setAcknowledged(new Set(alerts.map((alert) => alert.id))),
    [alerts],
  );

  const audio = useRef<HTMLAudioElement | null>(null);
  const [soundBlocked, setSoundBlocked] = useState(pageNotTouchedYet);
  const playChime = useCallback(() => {
    audio.current ??= new Audio(CHIME_URL);
    const chime = audio.current;
    chime.currentTime = 0;
    chime.play().then(
      () => setSoundBlocked(false),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'NotAllowedError') {
          setSoundBlocked(true);
        } else {
          console.warn('Watchdog alarm could not play', error);
        }
      },
    );
  }, []);
  useEffect(() => {
    if (!soundBlocked) return;
    const unlocked = () => {
      if (!pageNotTouchedYet()) setSoundBlocked(false);
    };
    window.addEventListener('pointerup', unlocked);
    window.addEventListener('keyup', unlocked);
    return () => {
      window.removeEventListener('pointerup', unlocked);
      window.removeEventListener('keyup', unlocked);
    };
  }, [soundBlocked]);

  const isRinging = ringing.length > 0;
  useEffect(() => {
    if (!isRinging) return;
    playChime();
    const repeat = setInterval(playChime, ALARM_REPEAT_MS);
    return () => clearInterval(repeat);
  }, [isRinging, playChime]);

  return {
    status: query.data,
    alerts,
    ringing,
    acknowledge,
    soundBlocked: soundBlocked && isRinging,
    playChime,
    onMessage,
  };
}

export type Watchdog = ReturnType<typeof useWatchdog>;
