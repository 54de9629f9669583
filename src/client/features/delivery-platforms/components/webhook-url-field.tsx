import { Copy } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { toast } from '#client/components/ui/toast.tsx';

/**
 * Copies with the Clipboard API; where there is none (plain http on the shop's own network is
 * not a secure context), copies the selected field the old way.
 */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback below.
  }
  if (!field) return false;
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

interface Props {
  id: string;
  platformName: string;
  /** undefined while GET /api/webhook-info loads. */
  url: string | undefined;
  unavailable: boolean;
}

/** Spec §2: the read-only webhook URL with a copy button; §8: Copied! / Copy Failed. */
export function WebhookUrlField({ id, platformName, url, unavailable }: Props) {
  const copy = async () => {
    if (!url) return;
    // The shared Input passes no ref on: find the field by its id.
    const field = document.getElementById(id);
    if (await copyText(url, field instanceof HTMLInputElement ? field : null)) {
      toast.success('Copied!', {
        description: `The ${platformName} webhook URL is on the clipboard.`,
      });
    } else {
      toast.error('Copy Failed', { description: 'Could not copy to clipboard' });
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-bold">
        Webhook URL
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url ?? ''}
          placeholder={unavailable ? 'Could not load the webhook URL' : 'Loading…'}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 bg-stone-50 font-mono text-sm"
        />
        <Button
          variant="outline"
          size="icon"
          className="h-12 w-12 shrink-0"
          aria-label={`Copy ${platformName} webhook URL`}
          title="Copy"
          disabled={!url}
          onClick={() => void copy()}
        >
          <Copy aria-hidden className="size-5" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-char-700">
        Enter this address in the {platformName} partner dashboard.
      </p>
    </div>
  );
}
