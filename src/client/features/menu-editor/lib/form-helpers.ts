import type { FieldErrors } from 'react-hook-form';
import { toast } from '#client/components/ui/toast.tsx';
import { errorMessages } from '#client/components/ui/form.tsx';

/** Spec back-office §5: a numeric field that does not parse counts as 0. */
export function numberOrZero(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const parsed = Number.parseFloat(String(value ?? '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * A VAT rate field (decision 022): empty means "not its own" (null: an item takes its
 * category's rate); a number in %, a comma read as the decimal point.
 */
export function rateOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value ?? '').trim();
  if (text === '') return null;
  const parsed = Number(text.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** An empty date or time input means "no limit". */
export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/**
 * Spec back-office §5, §8: a form that does not validate says so in a destructive 'Error'
 * toast: the form's "required" message when any field is missing (any of `alsoRequired` counts
 * too), else the first problem.
 */
export function toastInvalid(
  errors: FieldErrors,
  requiredMessage: string,
  alsoRequired: readonly string[] = [],
) {
  const messages = errorMessages(errors);
  const missing = messages.some(
    (message) => message === requiredMessage || alsoRequired.includes(message),
  );
  toast.error('Error', {
    description: missing ? requiredMessage : (messages[0] ?? requiredMessage),
  });
}
