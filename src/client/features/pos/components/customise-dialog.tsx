/**
 * The counter's customise dialog (spec back-office POS): bread (one), sauce (one or none),
 * add-ons (any, with prices), quantity (at least 1) and a note. Sold-out sauces and add-ons are
 * shown and cannot be chosen (decision 010); the options are the item's own
 * (GET /api/menu/items/:id/options).
 */
import { useQuery } from '@tanstack/react-query';
import { Check, Minus, Plus } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Textarea } from '#client/components/ui/form-fields.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/utils.ts';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { soldOutLabel } from '#shared/menu/sold-out.ts';
import { eurosToCents, formatEuro, formatEuroCents } from '#shared/money.ts';
import { itemOptionsQuery } from '#client/lib/shop/item-options-query.ts';
import type { PosCartLine } from '../pos-cart.ts';

interface CustomiseDialogProps {
  item: MenuItem | null;
  timeZone: string | undefined;
  onClose: () => void;
  onAdd: (line: PosCartLine) => void;
}

export function CustomiseDialog({ item, timeZone, onClose, onAdd }: CustomiseDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent
          title={item.name}
          description={`${formatEuro(item.basePrice)} · choose the options`}
          className="sm:max-w-2xl"
        >
          <CustomiseForm key={item.id} item={item} timeZone={timeZone} onAdd={onAdd} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CustomiseForm({
  item,
  timeZone,
  onAdd,
}: {
  item: MenuItem;
  timeZone: string | undefined;
  onAdd: (line: PosCartLine) => void;
}) {
  const options = useQuery(itemOptionsQuery(item.id));
  const ids = useId();
  const [bread, setBread] = useState<string | null | undefined>(undefined);
  const [sauce, setSauce] = useState<string | null>(null);
  const [addOns, setAddOns] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');

  const breads = options.data?.breadOptions ?? [];
  const sauces = options.data?.sauceOptions ?? [];
  const addOnOptions = options.data?.addOnOptions ?? [];
  // The first bread until another is chosen: a burger comes in a bun.
  const chosenBread = bread === undefined ? (breads[0]?.name ?? null) : bread;
  const chosenSauce = sauces.some((option) => option.name === sauce && !option.soldOut)
    ? sauce
    : null;
  const chosenAddOns = addOnOptions.filter(
    (option) => addOns.includes(option.name) && !option.soldOut,
  );
  const unitCents =
    eurosToCents(item.basePrice) +
    chosenAddOns.reduce((sum, option) => sum + eurosToCents(option.price), 0);

  const add = () =>
    onAdd({
      id: `${item.id}-${Date.now()}`,
      menuItemId: item.id,
      name: item.name,
      unitCents,
      quantity,
      bread: chosenBread,
      sauce: chosenSauce,
      addOns: chosenAddOns.map((option) => ({
        name: option.name,
        priceCents: eurosToCents(option.price),
      })),
      note: note.trim(),
      discount: null,
    });

  const toggleAddOn = (name: string) =>
    setAddOns((current) =>
      current.includes(name) ? current.filter((n) => n !== name) : [...current, name],
    );

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-4 pb-5">
        {options.isPending ? (
          <Spinner label="Loading options" />
        ) : options.isError ? (
          <p role="alert" className="font-semibold text-red-700">
            The options could not be loaded. Close and try again.
          </p>
        ) : (
          <div className="flex flex-col gap-5">
            {breads.length > 0 && (
              <ChoiceGroup id={`${ids}-bread`} title="Bread" role="radiogroup">
                {breads.map((option) => (
                  <Choice
                    key={option.id}
                    role="radio"
                    checked={chosenBread === option.name}
                    onClick={() => setBread(option.name)}
                  >
                    {option.name}
                  </Choice>
                ))}
              </ChoiceGroup>
            )}
            {sauces.length > 0 && (
              <ChoiceGroup id={`${ids}-sauce`} title="Sauce" role="radiogroup">
                <Choice role="radio" checked={chosenSauce === null} onClick={() => setSauce(null)}>
                  No sauce
                </Choice>
                {sauces.map((option) => (
                  <Choice
                    key={option.id}
                    role="radio"
                    checked={chosenSauce === option.name}
                    disabled={Boolean(option.soldOut)}
                    onClick={() => setSauce(option.name)}
                  >
                    {option.name}
                    {option.soldOut && (
                      <SoldOutNote>{soldOutLabel(option.soldOut.until, timeZone)}</SoldOutNote>
                    )}
                  </Choice>
                ))}
              </ChoiceGroup>
            )}
            {addOnOptions.length > 0 && (
              <ChoiceGroup id={`${ids}-addons`} title="Add-ons" role="group">
                {addOnOptions.map((option) => (
                  <Choice
                    key={option.id}
                    role="checkbox"
                    checked={chosenAddOns.some((chosen) => chosen.id === option.id)}
                    disabled={Boolean(option.soldOut)}
                    onClick={() => toggleAddOn(option.name)}
                  >
                    {option.name} <span className="font-semibold">+{formatEuro(option.price)}</span>
                    {option.soldOut && (
                      <SoldOutNote>{soldOutLabel(option.soldOut.until, timeZone)}</SoldOutNote>
                    )}
                  </Choice>
                ))}
              </ChoiceGroup>
            )}
            <div className="flex flex-col gap-2">
              <label htmlFor={`${ids}-note`} className="text-sm font-extrabold uppercase">
                Note
              </label>
              <Textarea
                id={`${ids}-note`}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                placeholder="No onions, well done…"
                rows={2}
                maxLength={250}
                className="min-h-16"
              />
            </div>
          </div>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3 border-t border-char-900/10 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="flex items-center gap-1" role="group" aria-label="Quantity">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={quantity <= 1}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
            className="grid size-12 place-items-center rounded-full bg-white ring-1 ring-char-900/20 disabled:opacity-35"
          >
            <Minus aria-hidden className="size-5" />
          </button>
          <output aria-label="Quantity" className="min-w-9 text-center text-xl font-black">
            {quantity}
          </output>
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={quantity >= 99}
            onClick={() => setQuantity((q) => Math.min(99, q + 1))}
            className="grid size-12 place-items-center rounded-full bg-white ring-1 ring-char-900/20 disabled:opacity-35"
          >
            <Plus aria-hidden className="size-5" />
          </button>
        </div>
        <button
          type="button"
          onClick={add}
          disabled={!options.data || item.soldOut !== null}
          className="flex h-14 min-w-0 flex-1 items-center justify-between gap-3 rounded-full bg-ember-700 px-5 text-lg font-extrabold text-white hover:bg-ember-800 disabled:bg-char-700"
        >
          <span>Add to cart</span>
          <span className="tabular-nums">{formatEuroCents(unitCents * quantity)}</span>
        </button>
      </div>
    </>
  );
}

function ChoiceGroup({
  id,
  title,
  role,
  children,
}: {
  id: string;
  title: string;
  role: 'radiogroup' | 'group';
  children: ReactNode;
}) {
  return (
    <section role={role} aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-extrabold tracking-wider uppercase">
        {title}
      </h3>
      <div className="flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

function Choice({
  role,
  checked,
  disabled,
  onClick,
  children,
}: {
  role: 'radio' | 'checkbox';
  checked: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'flex min-h-12 items-center gap-2 rounded-2xl border-2 px-4 py-2 text-left text-base font-bold transition-colors',
        checked
          ? 'border-ember-700 bg-ember-700 text-white'
          : 'border-char-900/15 bg-white text-char-900 hover:border-char-900/40',
        disabled && 'cursor-not-allowed border-dashed bg-stone-100 text-char-700/60 line-through',
      )}
    >
      {checked && <Check aria-hidden className="size-4 shrink-0" />}
      <span>{children}</span>
    </button>
  );
}

function SoldOutNote({ children }: { children: ReactNode }) {
  return <span className="block text-xs font-semibold no-underline">{children}</span>;
}
