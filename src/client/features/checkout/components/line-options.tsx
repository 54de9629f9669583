/** The chosen sauce, add-ons and note of one line, as small print under its name. */
export function LineOptions({
  sauce,
  addOns,
  specialInstructions,
}: {
  sauce: string | null | undefined;
  addOns: string[];
  specialInstructions: string | null | undefined;
}) {
  if (!sauce && addOns.length === 0 && !specialInstructions) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-sm text-char-700">
      {sauce && (
        <div className="flex gap-1">
          <dt className="font-semibold">Sauce:</dt>
          <dd>{sauce}</dd>
        </div>
      )}
      {addOns.length > 0 && (
        <div className="flex gap-1">
          <dt className="font-semibold">Add-ons:</dt>
          <dd>{addOns.join(', ')}</dd>
        </div>
      )}
      {specialInstructions && (
        <div className="flex gap-1">
          <dt className="font-semibold">Note:</dt>
          <dd className="italic">“{specialInstructions}”</dd>
        </div>
      )}
    </dl>
  );
}
