/**
 * The one way to write a form (docs/architecture.md "Forms and tables"): react-hook-form over
 * the shared zod schema the server validates with (STYLE.md habit 1: one contract, three uses).
 * `Form` owns the `<form>`, the resolver and the submit; the field components below read the
 * form from context, so a field's label, control and error message are tied together the same
 * way everywhere (`aria-invalid`, `aria-describedby` to `${id}-error`, see form-fields.tsx).
 *
 * `schema` may be the schema or a function that loads it: zod and the resolver are fetched at
 * the first validation either way (RHF's resolvers are asynchronous), so a page whose first
 * screen is a form (the checkout) starts without them (decision 016).
 *
 * A refused save answers `{ error, fields }` (src/server/http error handler): when `onSubmit`'s
 * promise rejects with it, each field's message goes on its field; `onServerError` then shows
 * the message (a toast), and `FormAlert` shows it in the form if the form has one.
 */
import {
  createContext,
  useContext,
  useMemo,
  useRef,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  useFormState,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '#client/lib/api-client.ts';
import { Button, type ButtonProps } from './button.tsx';
import { Field, Input, Textarea } from './form-fields.tsx';
import { preloadFormResolver } from './form-resolver.ts';

/** A schema whose input and output are objects of fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The methods of a form over `S`: values typed as the schema's input, submitted as its output. */
type FormMethods<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * Puts a refused save's per-field messages (`fields` of the API's `{ error, fields }` answer) on
 * the form's fields. Returns whether there were any.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = Object.entries(error.fieldErrors);
  for (const [field, message] of fields) {
    setError(field as Path<T>, { type: 'server', message });
  }
  return fields.length > 0;
}

/** Every message in react-hook-form's (possibly nested) errors, in field order. */
export function errorMessages(errors: FieldErrors): string[] {
  const messages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) messages.push(message);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child);
    }
  };
  walk(errors);
  return messages;
}

/** The form's message when its checks could not be loaded (offline at the first validation). */
export const CHECKS_NOT_LOADED = 'Could not check the form. Check your connection and try again.';
/** The `root.server` error's type for it. */
const CHECKS_NOT_LOADED_TYPE = 'checks-not-loaded';

/** True for the errors of a submit whose checks could not be loaded. */
const checksNotLoaded = (errors: FieldErrors) =>
  errors.root?.server?.type === CHECKS_NOT_LOADED_TYPE;

/**
 * A resolver over `schema` that loads zod's resolver (and the schema, when given a loader) at
 * its first call, and again after a failed load. A load that fails leaves the values unchecked:
 * the form says so on `root.server` and nothing is submitted.
 */
function schemaResolver<S extends FormSchema>(
  schema: S | (() => Promise<S>),
): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  const load = () =>
    Promise.all([typeof schema === 'function' ? schema() : schema, preloadFormResolver()]).then(
      // NOTE: zodResolver's overloads cannot see through a generic schema; the types are S's.
      ([loaded, { zodResolver }]) =>
        zodResolver(loaded as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    );
  return async (values, context, options) => {
    ready ??= load();
    let resolve: Resolver<z.input<S>, unknown, z.output<S>>;
    try {
      resolve = await ready;
    } catch (error) {
      ready = null;
      console.warn('Form: could not load its checks', error);
      return {
        values: {},
        errors: { root: { server: { type: CHECKS_NOT_LOADED_TYPE, message: CHECKS_NOT_LOADED } } },
      } as never;
    }
    // Outside the catch: a schema's own error is not a failed load.
    return resolve(values, context, options);
  };
}

interface FormSettings {
  /** The text shown for a message (a form may show its toast's long "required" text shorter). */
  errorText: (message: string) => string;
  /** Submitting is not possible now (the parent's request is in flight). */
  pending: boolean;
}

const FormSettingsContext = createContext<FormSettings>({
  errorText: (message) => message,
  pending: false,
});

export interface FormProps<S extends FormSchema> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid' | 'children'
> {
  /** The schema, or a function that loads it (a module-level constant: it is called once). */
  schema: S | (() => Promise<S>);
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * Called with the parsed values. Return the request's promise: the submit button stays
   * disabled until it settles, and a refusal's field messages go on the fields.
   */
  onSubmit: (values: z.output<S>, methods: FormMethods<S>) => unknown;
  /** Called when the values do not validate (the fields show their messages anyway). */
  onInvalid?: (errors: FieldErrors<z.input<S>>) => void;
  /** Called when `onSubmit`'s promise rejects, after the field messages are shown. */
  onServerError?: (error: unknown, methods: FormMethods<S>) => void;
  /** The parent's request is in flight: a submit is ignored and the submit button disabled. */
  pending?: boolean;
  errorText?: (message: string) => string;
  /** react-hook-form's options (validation mode and the like). */
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'>;
  children: ReactNode | ((methods: FormMethods<S>) => ReactNode);
}

export function Form<S extends FormSchema>({
  schema,
  defaultValues,
  onSubmit,
  onInvalid,
  onServerError,
  pending = false,
  errorText = (message) => message,
  options,
  children,
  ...formProps
}: FormProps<S>) {
  // A new resolver when the schema changes (a form whose schema follows a prop), as RHF reads
  // its options on every render; a loader should be a constant, or it loads again.
  const resolver = useMemo(() => schemaResolver<S>(schema), [schema]);
  const methods = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    resolver,
    defaultValues,
  });
  // A second Enter while the first request is in flight does nothing.
  const submitting = useRef(false);
  const submit = methods.handleSubmit(
    async (values) => {
      if (submitting.current || pending) return;
      submitting.current = true;
      try {
        await onSubmit(values, methods);
      } catch (error) {
        showServerFieldErrors(error, methods.setError);
        methods.setError('root.server', { type: 'server', message: errorMessage(error) });
        onServerError?.(error, methods);
      } finally {
        submitting.current = false;
      }
    },
    (errors) => {
      // Every form says so where it shows a refused save (a toast, FormAlert).
      if (checksNotLoaded(errors)) onServerError?.(new Error(CHECKS_NOT_LOADED), methods);
      onInvalid?.(errors);
    },
  );

  return (
    <FormProvider {...methods}>
      <FormSettingsContext.Provider value={{ errorText, pending }}>
        <form noValidate {...formProps} onSubmit={(event) => void submit(event)}>
          {typeof children === 'function' ? children(methods) : children}
        </form>
      </FormSettingsContext.Provider>
    </FormProvider>
  );
}

/** The attributes that tie a control to its message. */
export interface FieldAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * What a control needs to be tied to its field: its message and the aria attributes. A message
 * the form's `errorText` maps to '' (one said once for the whole form) only marks it invalid.
 */
export function useFieldError(name: string, id: string) {
  const { errors } = useFormState({ name });
  const { errorText } = useContext(FormSettingsContext);
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  const invalid = typeof message === 'string' && message !== '';
  const error = invalid ? errorText(message) || undefined : undefined;
  const aria: FieldAria = invalid
    ? { 'aria-invalid': true, ...(error ? { 'aria-describedby': `${id}-error` } : {}) }
    : {};
  return { error, aria };
}

interface FieldBaseProps {
  /** The field's path in the form's values. */
  name: string;
  /** The control's id; the error message is `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * A field with any control (a select, a password with a show button): `children` receives the
 * aria attributes to spread on the control.
 */
export function FormField({
  name,
  id,
  label,
  hint,
  children,
}: FieldBaseProps & {
  children: (aria: FieldAria) => ReactNode;
}) {
  const { error, aria } = useFieldError(name, id);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {children(aria)}
    </Field>
  );
}

type ControlProps<E> = FieldBaseProps & {
  registerOptions?: RegisterOptions<FieldValues, string>;
} & Omit<E, 'name' | 'id'>;

/** A labelled text input registered under `name`. */
export function FormInput({
  name,
  id,
  label,
  hint,
  registerOptions,
  ...inputProps
}: ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  const { register } = useFormContext();
  const { error, aria } = useFieldError(name, id);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...inputProps} {...aria} {...register(name, registerOptions)} />
    </Field>
  );
}

/** A labelled textarea registered under `name`. */
export function FormTextarea({
  name,
  id,
  label,
  hint,
  registerOptions,
  ...textareaProps
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { register } = useFormContext();
  const { error, aria } = useFieldError(name, id);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea id={id} {...textareaProps} {...aria} {...register(name, registerOptions)} />
    </Field>
  );
}

/** The form's submit button: disabled while a submit is in flight. */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const { isSubmitting } = useFormState();
  const { pending } = useContext(FormSettingsContext);
  return <Button type="submit" disabled={disabled || isSubmitting || pending} {...props} />;
}

/** Whether the form's submit is in flight (its own or the parent's request). */
export function useFormPending(): boolean {
  const { isSubmitting } = useFormState();
  return useContext(FormSettingsContext).pending || isSubmitting;
}

/**
 * A message for the whole form, above its buttons: `message` when given, else the last refused
 * save's message.
 */
export function FormAlert({ message }: { message?: string | null | undefined }) {
  const { errors } = useFormState();
  const text = message ?? errors.root?.server?.message;
  if (!text) return null;
  return (
    <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
      {text}
    </p>
  );
}
