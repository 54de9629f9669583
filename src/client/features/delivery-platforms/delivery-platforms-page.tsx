import { PLATFORMS } from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useShopTimeZone } from '#client/lib/back-office/shop-time-zone-query.ts';
import { useAdminSettings } from './api/platform-settings.ts';
import { usePlatformStatus } from './api/platform-status.ts';
import { useWebhookInfo } from './api/webhook-info.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { PlatformCard } from './components/platform-card.tsx';
import { MenuPushPanel } from './components/menu-push-panel.tsx';
import { StatusPanel } from './components/status-panel.tsx';
import { WebhookInbox } from './components/webhook-inbox.tsx';

/**
 * Spec back-office §2 "Delivery Platform Management": the Wolt and Bolt Food cards and the
 * status panel; and the webhook inbox (decision 017). Admin only (the route's guard).
 */
export function DeliveryPlatformsPage() {
  const settings = useAdminSettings();
  const webhookInfo = useWebhookInfo();
  const status = usePlatformStatus();
  const timeZone = useShopTimeZone();

  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Delivery Platform Management</h1>
      <p className="mt-1 text-sm text-char-700">
        Connect Wolt and Bolt Food: their orders reach the kitchen display with all the others.
      </p>

      <div className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 items-start gap-4 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          {settings.isPending ? (
            <Spinner label="Loading the platform settings" className="md:col-span-2" />
          ) : settings.isError ? (
            <div className="md:col-span-2">
              <LoadError
                what="the platform settings"
                error={settings.error}
                retry={() => void settings.refetch()}
              />
            </div>
          ) : (
            PLATFORMS.map((platform) => (
              <PlatformCard
                key={platform}
                platform={platform}
                settings={settings.data}
                webhookUrl={webhookInfo.data?.[platform]}
                webhookUrlUnavailable={webhookInfo.isError}
              />
            ))
          )}
        </div>
        <StatusPanel status={status} webhookInfo={webhookInfo.data} timeZone={timeZone} />
      </div>

      {settings.data && (
        <div className="mt-6">
          <MenuPushPanel settings={settings.data} timeZone={timeZone} />
        </div>
      )}

      <div className="mt-6">
        <WebhookInbox timeZone={timeZone} />
      </div>
    </main>
  );
}
