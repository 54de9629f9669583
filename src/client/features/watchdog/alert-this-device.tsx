/**
 * "Alert this device" (decision 023): subscribes this browser to the kitchen watchdog's
 * pushes. On the dashboard and the POS, so admin and counter devices can both be alerted.
 */
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/utils.ts';
import { subscribeStaffDevice } from './staff-push.ts';

export function AlertThisDevice({ className }: { className?: string }) {
  const [subscribing, setSubscribing] = useState(false);
  const subscribe = async () => {
    setSubscribing(true);
    try {
      const failure = await subscribeStaffDevice();
      if (failure) toast.error('Device Not Subscribed', { description: failure });
      else toast.success('Device Subscribed', { description: 'Kitchen alerts will reach it' });
    } catch (error) {
      toast.error('Device Not Subscribed', { description: errorMessage(error) });
    } finally {
      setSubscribing(false);
    }
  };
  return (
    <button
      type="button"
      disabled={subscribing}
      onClick={() => void subscribe()}
      className={cn(
        'inline-flex h-11 items-center gap-2 rounded-xl px-4 font-bold text-char-800 ring-1 ring-char-900/20 hover:bg-char-900/5 disabled:opacity-60',
        className,
      )}
    >
      <BellRing aria-hidden className="size-5" />
      Alert this device
    </button>
  );
}
