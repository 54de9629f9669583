/**
 * A euro amount in a form field shows two decimals ("4.90", not "4.9"), as prices do everywhere
 * else: when the form opens and when the field is left. While typing it is left alone.
 */
import type { FocusEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** "4.9" -> "4.90", "4,9" -> "4.90", "13" -> "13.00"; anything else as it is. */
export function twoDecimals(value: string): string {
  const text = value.trim().replace(',', '.');
  const amount = Number(text);
  return text !== '' && Number.isFinite(amount) ? amount.toFixed(2) : value;
}

/** react-hook-form's field props with the shown value kept at two decimals. */
export function withTwoDecimals<Field extends UseFormRegisterReturn>(field: Field): Field {
  return {
    ...field,
    ref: (element: HTMLInputElement | null) => {
      // The form puts its value in the field here; the number it keeps is the same.
      field.ref(element);
      if (element && element.ownerDocument.activeElement !== element) {
        element.value = twoDecimals(element.value);
      }
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      event.target.value = twoDecimals(event.target.value);
      return field.onBlur(event);
    },
  };
}
