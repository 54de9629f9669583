import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { ExternalLink, FlaskConical, Save, Webhook } from 'lucide-react';
import {
  PLATFORM_NAMES,
  type Platform,
} from '#shared/delivery-platforms/delivery-platforms.schema.ts';
import type { AdminSetting } from '#shared/settings/settings.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/form-fields.tsx';
import { Form, FormField, FormInput } from '#client/components/ui/form.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { Badge } from '#client/components/back-office/badges.tsx';
import { useSavePlatformSettings } from '../api/platform-settings.ts';
import { useTestOrder, useTestWebhook } from '../api/platform-tests.ts';
import {
  BOLT_WEBHOOK_AUTH_OPTIONS,
  isPlatformEnabled,
  platformFields,
  platformFormSchema,
  platformFormValues,
  platformSettingWrites,
  settingByKey,
  type PlatformFormValues,
} from '../lib/platform-form.ts';
import { CheckboxField } from './checkbox-field.tsx';
import { WebhookUrlField } from './webhook-url-field.tsx';

/** Spec §2: each card links to the platform's own documentation. */
const DOCUMENTATION: Record<Platform, string> = {
  wolt: 'https://developer.wolt.com/docs/api/order',
  bolt: 'https://developer.bolt.eu/food/main/',
};
const VENUE_LABEL: Record<Platform, string> = { wolt: 'Venue ID', bolt: 'Restaurant ID' };

/** "Failed to save Wolt settings. <the server's reason>" (spec §8: its message when it has one). */
const failure = (message: string, error: unknown) => {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return reason ? `${message}. ${reason}` : message;
};

interface Props {
  platform: Platform;
  settings: AdminSetting[];
  webhookUrl: string | undefined;
  webhookUrlUnavailable: boolean;
}

/**
 * Spec back-office §2 "Delivery Platform Management": one platform's card. Beyond the spec
 * (decision 017): automatic acceptance, and Bolt Food's integrator id and webhook authentication.
 */
export function PlatformCard({ platform, settings, webhookUrl, webhookUrlUnavailable }: Props) {
  const name = PLATFORM_NAMES[platform];
  const id = (field: string) => `${platform}-${field}`;
  const fields = platformFields(platform);
  const save = useSavePlatformSettings();
  const testOrder = useTestOrder();
  const testWebhook = useTestWebhook();
  const schema = useMemo(() => platformFormSchema(platform), [platform]);
  const enabled = isPlatformEnabled(platform, settings);

  const submit = async (
    values: PlatformFormValues,
    form: { reset: (values: PlatformFormValues) => void },
  ) => {
    const saved = await save.mutateAsync(platformSettingWrites(platform, values, settings));
    const merged = settings.map(
      (setting) => saved.find((answer) => answer.key === setting.key) ?? setting,
    );
    // The secret inputs empty again, their new masks as placeholders.
    form.reset(platformFormValues(platform, merged));
    toast.success(`${name} Settings Saved`, {
      description: values.enabled
        ? `${name} orders are enabled.`
        : `${name} orders stay off until you enable them.`,
    });
  };

  const runTestOrder = () =>
    testOrder.mutate(platform, {
      onSuccess: (result) =>
        toast.success('Test Order Created', {
          description: `Order #${result.orderNumber}: check the kitchen display.`,
        }),
      onError: (error) =>
        toast.error('Test Failed', {
          description: failure(`Failed to create test ${name} order`, error),
        }),
    });

  const runTestWebhook = () =>
    testWebhook.mutate(platform, {
      onSuccess: (result) =>
        result.ok
          ? toast.success('Webhook Test Successful', { description: result.message })
          : toast.error('Webhook Test Failed', {
              description: `${name} webhook test failed. ${result.message}`,
            }),
      onError: (error) =>
        toast.error('Webhook Test Failed', {
          description: failure(`${name} webhook test failed`, error),
        }),
    });

  /** A masked secret: the server's mask as placeholder, the input empty means "unchanged". */
  const secretField = (field: 'apiKey' | 'webhookSecret', label: string) => {
    const setting = settingByKey(settings, fields[field]!);
    const stored = setting?.isSet ? setting.value : null;
    return <SecretField id={id(field)} name={field} label={label} stored={stored} />;
  };

  const textField = (field: 'venueId' | 'integratorId', label: string, hint?: string) => (
    <FormInput
      name={field}
      id={id(field)}
      label={label}
      hint={hint}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      className="font-mono"
    />
  );

  return (
    <section
      aria-labelledby={id('title')}
      className="flex min-w-0 flex-col gap-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-char-900/10 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id('title')} className="font-display text-xl">
          {name}
        </h2>
        <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'Enabled' : 'Disabled'}</Badge>
      </div>

      <Form
        schema={schema}
        defaultValues={platformFormValues(platform, settings)}
        onSubmit={submit}
        onServerError={(error) =>
          toast.error('Save Failed', {
            description: failure(`Failed to save ${name} settings`, error),
          })
        }
        aria-label={`${name} settings`}
        className="flex flex-col gap-4"
      >
        {secretField('apiKey', 'API Key')}
        {textField('venueId', VENUE_LABEL[platform])}
        {secretField('webhookSecret', 'Webhook Secret')}
        {platform === 'bolt' && (
          <>
            {textField(
              'integratorId',
              'Integrator ID',
              'Sent to Bolt Food as x-external-integrator-id.',
            )}
            <WebhookAuthField id={id('webhookAuth')} />
          </>
        )}
        <PlatformSwitches idOf={id} name={name} />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            disabled={save.isPending}
            className="grow whitespace-nowrap sm:grow-0"
          >
            <Save aria-hidden className="size-4" />
            {save.isPending ? 'Saving…' : 'Save Settings'}
          </Button>
          <Button
            variant="outline"
            disabled={testOrder.isPending}
            onClick={runTestOrder}
            className="grow whitespace-nowrap sm:grow-0"
          >
            <FlaskConical aria-hidden className="size-4" />
            {testOrder.isPending ? 'Creating…' : 'Test Order'}
          </Button>
        </div>
      </Form>

      <div className="flex flex-col gap-3 border-t border-char-900/10 pt-4">
        <WebhookUrlField
          id={id('webhook-url')}
          platformName={name}
          url={webhookUrl}
          unavailable={webhookUrlUnavailable}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={testWebhook.isPending}
            onClick={runTestWebhook}
            className="grow whitespace-nowrap sm:grow-0"
          >
            <Webhook aria-hidden className="size-4" />
            {testWebhook.isPending ? 'Testing…' : 'Test Webhook'}
          </Button>
          <a
            href={DOCUMENTATION[platform]}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ember-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ember-700"
          >
            {name} API documentation
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}

function SecretField({
  id,
  name,
  label,
  stored,
}: {
  id: string;
  name: 'apiKey' | 'webhookSecret';
  label: string;
  stored: string | null;
}) {
  const { register } = useFormContext<PlatformFormValues>();
  return (
    <FormField
      name={name}
      id={id}
      label={label}
      hint={
        <span id={`${id}-hint`}>
          {stored ? 'Saved. Leave empty to keep it, or type a new one.' : 'Not set yet.'}
        </span>
      }
    >
      {(aria) => (
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={stored ?? 'Not set'}
          {...aria}
          aria-describedby={aria['aria-describedby'] ?? `${id}-hint`}
          // The mask says what is stored: readable, not the faint look of an empty field.
          className={stored ? 'font-mono placeholder:text-char-700' : 'font-mono'}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

function WebhookAuthField({ id }: { id: string }) {
  const { register } = useFormContext<PlatformFormValues>();
  return (
    <FormField name="webhookAuth" id={id} label="Webhook authentication">
      {(aria) => (
        <select
          id={id}
          className="h-12 w-full rounded-2xl border-2 border-char-900/15 bg-white px-3 text-base focus:border-ember-500 focus:outline-none"
          {...aria}
          {...register('webhookAuth')}
        >
          {BOLT_WEBHOOK_AUTH_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function PlatformSwitches({ idOf, name }: { idOf: (field: string) => string; name: string }) {
  const { register } = useFormContext<PlatformFormValues>();
  return (
    <div className="flex flex-col gap-1">
      <CheckboxField id={idOf('enabled')} label={`Enable ${name}`} {...register('enabled')} />
      <CheckboxField
        id={idOf('autoAccept')}
        label="Accept orders automatically"
        hint="Otherwise the kitchen accepts each order within 3 minutes."
        {...register('autoAccept')}
      />
    </div>
  );
}
