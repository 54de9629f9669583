import { useState } from 'react';
import { CircleAlert, Send } from 'lucide-react';
import {
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { AdminSetting } from '#shared/settings/settings.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field, Input } from '#client/components/ui/form-fields.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { formatDateTime } from '#client/lib/back-office/format.ts';
import { useMenuPreview, usePushMenu } from '../api/platform-menu.ts';
import { useSavePlatformSettings } from '../api/platform-settings.ts';

const reason = (error: unknown) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';

/**
 * Push menu (decision 027, amended 2026-11-27): per platform, its price adjustment (a setting),
 * Preview (what the push changes against the menu last pushed from here; on Wolt it replaces
 * the whole menu, said before sending) and Push menu, which queues it in the venue's queue.
 */
export function MenuPushPanel({
  settings,
  timeZone,
}: {
  settings: AdminSetting[];
  timeZone: string | undefined;
}) {
  return (
    <section
      aria-labelledby="menu-push-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10 sm:p-5"
    >
      <h2 id="menu-push-title" className="font-display text-xl">
        Menu on the platforms
      </h2>
      <p className="mt-1 text-sm text-char-700">
        Send the menu (categories, items, descriptions, prices, photos and choices) with our ids, so
        orders map back. Sold-out marks and hours follow by themselves.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {PLATFORMS.map((platform) => (
          <PlatformMenu
            key={platform}
            platform={platform}
            adjustment={
              settings.find((setting) => setting.key === `${platform}_menu_price_adjustment`)
                ?.value ?? ''
            }
            timeZone={timeZone}
          />
        ))}
      </div>
    </section>
  );
}

function PlatformMenu({
  platform,
  adjustment,
  timeZone,
}: {
  platform: Platform;
  adjustment: string;
  timeZone: string | undefined;
}) {
  const name = PLATFORM_NAMES[platform];
  const [value, setValue] = useState(adjustment);
  const [previewOpen, setPreviewOpen] = useState(false);
  const save = useSavePlatformSettings();
  const push = usePushMenu();
  const preview = useMenuPreview(platform, previewOpen);
  const inputId = `${platform}-price-adjustment`;

  const saveAdjustment = () =>
    save.mutate(
      [
        {
          key: `${platform}_menu_price_adjustment`,
          value: value.trim(),
          description: `Price adjustment on the menu sent to ${name}`,
        },
      ],
      {
        onSuccess: () => {
          toast.success('Price adjustment saved', {
            description: `The next menu sent to ${name} uses it.`,
          });
          if (previewOpen) void preview.refetch();
        },
        onError: (error) => toast.error('Save Failed', { description: reason(error) }),
      },
    );

  const pushMenu = () =>
    push.mutate(platform, {
      onSuccess: (answer) => {
        toast.success('Menu queued', { description: answer.message });
        setPreviewOpen(false);
      },
      onError: (error) => toast.error('Push Failed', { description: reason(error) }),
    });

  return (
    <div
      aria-label={`${name} menu`}
      className="flex flex-col gap-3 rounded-xl bg-stone-50 p-3 ring-1 ring-char-900/5"
    >
      <p className="font-bold">{name}</p>
      <Field
        id={inputId}
        label="Price adjustment"
        hint='"15%" raises items and add-ons by 15 %; "0.50" adds €0.50 to each item; empty for none.'
      >
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="none"
          />
          <Button
            type="button"
            variant="outline"
            onClick={saveAdjustment}
            disabled={save.isPending || value.trim() === adjustment.trim()}
          >
            Save
          </Button>
        </div>
      </Field>
      {!previewOpen ? (
        <Button type="button" variant="dark" onClick={() => setPreviewOpen(true)}>
          Preview menu for {name}
        </Button>
      ) : preview.isPending ? (
        <Spinner label={`Working out what changes on ${name}`} />
      ) : preview.isError ? (
        <LoadError what="the preview" error={preview.error} retry={() => void preview.refetch()} />
      ) : (
        <div className="flex flex-col gap-2 text-sm" aria-label={`What changes on ${name}`}>
          {preview.data.replacesWholeMenu && (
            <p className="flex gap-1.5 rounded-lg bg-amber-50 p-2 text-amber-950 ring-1 ring-amber-700/20">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {name} replaces its whole menu with this one: anything added on {name}&rsquo;s side
                is removed.
              </span>
            </p>
          )}
          <p className="text-char-700">
            {preview.data.categories} categories, {preview.data.items} items; prices{' '}
            {preview.data.priceAdjustment === 'none'
              ? 'as ours'
              : `${preview.data.priceAdjustment}`}
            .{' '}
            {preview.data.lastPushedAt
              ? `Compared with the menu sent ${formatDateTime(preview.data.lastPushedAt, timeZone)}.`
              : 'Never sent from here: everything is new.'}
          </p>
          {preview.data.changes.length === 0 ? (
            <p>No changes since the last push.</p>
          ) : (
            <ul className="max-h-64 overflow-y-auto rounded-lg bg-white p-2 ring-1 ring-char-900/10">
              {preview.data.changes.map((change) => (
                <li key={`${change.kind}-${change.id}-${change.change}`}>
                  <span className="font-semibold">
                    {change.change === 'added'
                      ? 'New'
                      : change.change === 'removed'
                        ? 'Removed'
                        : 'Changed'}
                  </span>{' '}
                  {change.kind === 'category' ? 'category ' : ''}
                  {change.name}
                  {change.detail && <span className="text-char-700">: {change.detail}</span>}
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <Button type="button" onClick={pushMenu} disabled={push.isPending}>
              <Send aria-hidden className="size-4" /> Push menu to {name}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPreviewOpen(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
