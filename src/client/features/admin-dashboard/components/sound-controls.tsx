import { Volume2, VolumeX } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import type { NewOrderSound } from '../use-new-order-sound.ts';

/** The new-order sound's mute switch, and "Enable sound" while the browser blocks it. */
export function SoundControls({ sound }: { sound: NewOrderSound }) {
  return (
    <>
      {sound.soundBlocked && (
        <Button
          variant="outline"
          size="sm"
          onClick={sound.playChime}
          className="border-mustard-400 bg-mustard-400 text-char-950 hover:border-amber-500"
        >
          <Volume2 aria-hidden className="size-4" />
          Enable sound
        </Button>
      )}
      <Button
        variant="outline"
        size="sm"
        aria-pressed={sound.muted}
        aria-label={sound.muted ? 'Unmute new-order sound' : 'Mute new-order sound'}
        title={sound.muted ? 'New-order sound is off' : 'New-order sound is on'}
        onClick={sound.toggleMuted}
        className="w-10 px-0"
      >
        {sound.muted ? (
          <VolumeX aria-hidden className="size-5 text-red-700" />
        ) : (
          <Volume2 aria-hidden className="size-5" />
        )}
      </Button>
    </>
  );
}
