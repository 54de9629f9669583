/**
 * Shop Settings (/settings, admin; DESIGN.md departure 20): the shop's name, contacts, links,
 * time zone, tables, order ceilings and public address, in one form checked by the same zod
 * schema as PUT /api/admin/shop-settings. A save shows at once on the storefront footer, the
 * receipts, the e-mails and the QR codes; nothing needs a restart.
 */
import { useMemo } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { Info, RotateCw, Save, TriangleAlert } from 'lucide-react';
import { addressReach } from '#shared/settings/public-address.ts';
import {
  shopSettingsSchema,
  type ShopSettingField,
  type ShopSettings,
  type ShopSettingsResponse,
} from '#shared/settings/settings.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField } from '#client/components/ui/form.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessage } from '#client/lib/api-client.ts';
import { useSaveShopSettings, useShopSettings } from './api/shop-settings.ts';

export function SettingsPage() {
  const settings = useShopSettings();
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="font-display text-2xl sm:text-3xl">Shop Settings</h1>
      <p className="mt-1 max-w-2xl text-sm text-char-700">
        What customers see about the shop and the limits it takes orders within. A save shows at
        once on the storefront, receipts, e-mails and QR codes.
      </p>
      {settings.isPending ? (
        <Spinner label="Loading the shop settings" />
      ) : settings.isError ? (
        <div
          role="alert"
          className="mt-6 rounded-2xl bg-white p-6 text-center ring-1 ring-char-900/10"
        >
          <p className="font-bold">Could not load the shop settings</p>
          <p className="mt-1 text-sm text-char-700">{errorMessage(settings.error)}</p>
          <Button variant="outline" className="mt-4" onClick={() => void settings.refetch()}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm loaded={settings.data} />
      )}
    </main>
  );
}

/** The IANA names this browser knows (and the stored one), or null where it cannot list them. */
function timeZoneNames(current: string): string[] | null {
  if (typeof Intl.supportedValuesOf !== 'function') return null;
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', current])].sort();
}

function SettingsForm({ loaded }: { loaded: ShopSettingsResponse }) {
  const save = useSaveShopSettings();
  const zones = useMemo(() => timeZoneNames(loaded.settings.timeZone), [loaded.settings.timeZone]);
  const reach = addressReach(loaded.publicUrl);

  return (
    <Form
      schema={shopSettingsSchema}
      defaultValues={loaded.settings}
      onSubmit={async (values, { reset }) => {
        const saved = await save.mutateAsync(values);
        reset(saved.settings);
        toast.success('Settings Saved', {
          description: `${saved.settings.name}: customers see the changes now.`,
        });
      }}
      onServerError={(error) =>
        toast.error('Save Failed', {
          description: errorMessage(error, 'Failed to save the shop settings'),
        })
      }
      className="mt-6 flex flex-col gap-5 pb-24"
    >
      <Section title="Shop" description="Shown at the top of the storefront and on receipts.">
        <SettingField name="name" label="Shop name" />
        <SettingField name="tagline" label="Tagline" />
      </Section>

      <Section
        title="Contact"
        description="The storefront footer, receipts and e-mails show these."
      >
        <SettingField name="phone" label="Phone" type="tel" />
        <SettingField name="email" label="E-mail" type="email" />
        <SettingField name="address" label="Address" />
        <SettingField
          name="mapUrl"
          label="Map link"
          type="url"
          hint="A directions link, e.g. from Google Maps."
        />
      </Section>

      <Section title="Social links" description="Leave one empty to hide its icon in the footer.">
        <SettingField name="facebookUrl" label="Facebook page" type="url" />
        <SettingField name="instagramUrl" label="Instagram profile" type="url" />
        <SettingField name="tiktokUrl" label="TikTok profile" type="url" />
      </Section>

      <Section
        title="Ordering"
        description="The shop hours are read in this time zone; the limits stop a typo from becoming a huge order."
      >
        <TimeZoneField zones={zones} />
        <SettingField
          name="tableCount"
          label="Number of tables"
          inputMode="numeric"
          hint="Table QR codes and table orders go from 1 to this number."
        />
        <SettingField name="maxOrderTotal" label="Largest online order (€)" inputMode="decimal" />
        <SettingField
          name="maxLineQuantity"
          label="Most of one item in an online order"
          inputMode="numeric"
        />
        <SettingField
          name="maxCounterOrderTotal"
          label="Largest counter sale (€)"
          inputMode="decimal"
        />
        <SettingField
          name="kitchenUnitsPerSlot"
          label="Kitchen capacity (prep units per 15 minutes)"
          inputMode="numeric"
          hint='A dish is usually 1 prep unit (set per item in the Menu Editor). Pickup times and the "ready in about" quote follow from this.'
        />
        <PreOrdersField />
        <p className="flex gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-950 sm:col-span-2">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          Orders are for pickup (or brought to a table): the shop does not offer delivery, so there
          is no delivery fee to set.
        </p>
      </Section>

      <Section
        title="Where customers reach the shop"
        description="The address customers open: the QR codes, the links in e-mails and the webhook addresses use it. A change takes effect at once, no restart."
      >
        <div className="sm:col-span-2">
          <SettingField
            name="publicUrl"
            label="Public address"
            type="url"
            hint={`Leave empty to use the server’s PUBLIC_URL: ${loaded.publicUrlDefault}`}
          />
        </div>
        <p className="text-sm text-char-700 sm:col-span-2">
          In use now: <span className="font-semibold break-all">{loaded.publicUrl}</span>
        </p>
        {reach !== 'internet' && (
          <p className="flex gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-900/20 sm:col-span-2">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
            {reach === 'this-computer'
              ? 'This address only works on this computer: a phone that scans a QR code or opens an e-mail link cannot open it.'
              : 'This address only works on the shop’s own network: a phone on mobile data cannot open it.'}
          </p>
        )}
      </Section>

      <SaveBar loaded={loaded.settings} pending={save.isPending} />
    </Form>
  );
}

/** Whether anything changed, Undo, and Save: kept in view at the bottom. */
function SaveBar({ loaded, pending }: { loaded: ShopSettings; pending: boolean }) {
  const { reset } = useFormContext<ShopSettings>();
  const { isDirty } = useFormState<ShopSettings>();
  return (
    <div className="sticky bottom-[calc(0.75rem+var(--test-ribbon-height))] flex items-center justify-end gap-3 rounded-2xl bg-white/95 p-3 shadow-lg ring-1 ring-char-900/10">
      <p className="mr-auto text-xs text-char-700 sm:text-sm" role="status">
        {isDirty ? 'Unsaved changes' : 'All changes saved'}
      </p>
      <Button
        type="button"
        variant="ghost"
        disabled={!isDirty || pending}
        onClick={() => reset(loaded)}
        className="px-3 whitespace-nowrap"
      >
        Undo
      </Button>
      <Button type="submit" disabled={pending} className="px-4 whitespace-nowrap">
        <Save aria-hidden className="size-4" />
        {pending ? 'Saving…' : 'Save settings'}
      </Button>
    </div>
  );
}

/**
 * One labelled input, its error tied to it for screen readers; without an error its hint
 * describes it.
 */
function SettingField({
  name,
  label,
  type = 'text',
  inputMode,
  hint,
}: {
  name: ShopSettingField;
  label: string;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  hint?: string;
}) {
  const { register } = useFormContext<ShopSettings>();
  const id = `settings-${name}`;
  return (
    <FormField
      name={name}
      id={id}
      label={label}
      hint={hint && <span id={`${id}-hint`}>{hint}</span>}
    >
      {(aria) => (
        <Input
          id={id}
          type={type}
          inputMode={inputMode}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby'] ?? (hint ? `${id}-hint` : undefined)}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const id = `settings-section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-white p-4 ring-1 ring-char-900/10 sm:p-5"
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-char-700">{description}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function TimeZoneField({ zones }: { zones: string[] | null }) {
  const { register } = useFormContext<ShopSettings>();
  const id = 'settings-timeZone';
  return (
    <FormField name="timeZone" id={id} label="Time zone">
      {(aria) => {
        const shared = { id, ...aria, ...register('timeZone') };
        return zones ? (
          <select
            {...shared}
            className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none aria-[invalid=true]:border-red-600"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        ) : (
          <Input {...shared} placeholder="Europe/Tallinn" />
        );
      }}
    </FormField>
  );
}

/** Pre-orders while closed (decision 026): a choice of two, stored as the text true or false. */
function PreOrdersField() {
  const { register } = useFormContext<ShopSettings>();
  const id = 'settings-preOrders';
  return (
    <FormField
      name="preOrders"
      id={id}
      label="Pre-orders while closed"
      hint={
        <span id={`${id}-hint`}>
          Customers choose a pickup time at the next opening; the kitchen sees the order under
          Later.
        </span>
      }
    >
      {(aria) => (
        <select
          id={id}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby'] ?? `${id}-hint`}
          {...register('preOrders')}
          className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none aria-[invalid=true]:border-red-600"
        >
          <option value="true">Take pre-orders for the next opening</option>
          <option value="false">No orders while closed</option>
        </select>
      )}
    </FormField>
  );
}
