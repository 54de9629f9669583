import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
}

/** A native checkbox (spec §2: "an enable checkbox") with its label as a 44 px touch target. */
export function CheckboxField({ id, label, hint, ...props }: Props) {
  return (
    <div className="flex flex-col">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-bold"
      >
        <input
          id={id}
          type="checkbox"
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="size-5 shrink-0 accent-ember-700"
          {...props}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 pl-8 text-xs text-char-700">
          {hint}
        </p>
      )}
    </div>
  );
}
