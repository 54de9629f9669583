import { Check, ShoppingBag, Star } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Dialog, DialogContent } from '#client/components/ui/dialog.tsx';
import { Textarea } from '#client/components/ui/form-fields.tsx';
import { cn } from '#client/lib/utils.ts';
import { normaliseInstructions, type CartLine } from '#shared/cart/cart.ts';
import type { MenuItem } from '#shared/menu/menu.schema.ts';
import { centsToEuros, eurosToCents, formatEuro, formatEuroCents } from '#shared/money.ts';
import { soldOutLabel } from '#shared/menu/sold-out.ts';
import { useItemOptions } from '#client/lib/shop/item-options-query.ts';
import { AllergenList, DietaryMarks } from './dietary-marks.tsx';
import { MenuImage } from '#client/components/customer/menu-image.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

interface ItemDialogProps {
  /** The item being customised; the dialog is open while there is one. */
  item: MenuItem | null;
  onClose: () => void;
  onAdd: (line: CartLine) => void;
  /** The shop's time zone, for 'Sold out · back at 18:00'. */
  timeZone?: string;
}

/** Spec customer-site §2 "Item dialog": options, quantity, instructions and a running total. */
export function ItemDialog({ item, onClose, onAdd, timeZone }: ItemDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent title={item.name} hideTitle className="sm:max-w-xl">
          {/* Keyed so that every item starts from a clean choice. */}
          <ItemForm key={item.id} item={item} onAdd={onAdd} timeZone={timeZone} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ItemForm({
  item,
  onAdd,
  timeZone,
}: {
  item: MenuItem;
  onAdd: (line: CartLine) => void;
  timeZone: string | undefined;
}) {
  const options = useItemOptions(item.id);
  const [quantity, setQuantity] = useState(1);
  const [sauce, setSauce] = useState<string | null>(null);
  const [addOns, setAddOns] = useState<string[]>([]);
  const [instructions, setInstructions] = useState('');
  const ids = useId();

  // A sauce or add-on that sold out since it was picked drops out of the line (decision 010).
  const chosenAddOns = options.addOns.filter(
    (addOn) => addOns.includes(addOn.name) && !addOn.soldOut,
  );
  const itemSoldOut = item.soldOut ? soldOutLabel(item.soldOut.until, timeZone) : null;
  // Cents inside, so 10.9 + 0.5 is 11.4 and not 11.400000000000002 (lines merge on price).
  const unitCents =
    eurosToCents(item.basePrice) +
    chosenAddOns.reduce((sum, addOn) => sum + eurosToCents(addOn.price), 0);
  const totalCents = unitCents * quantity;

  const toggleAddOn = (name: string) =>
    setAddOns((current) =>
      current.includes(name) ? current.filter((n) => n !== name) : [...current, name],
    );

  const add = () => {
    const specialInstructions = normaliseInstructions(instructions);
    onAdd({
      id: `${item.id}-${Date.now()}`,
      menuItemId: item.id,
      name: item.name,
      price: centsToEuros(unitCents),
      quantity,
      customizations: {
        // Only options still on offer (a fallback list could differ from a later answer).
        sauce:
          sauce && options.sauces.some((option) => option.name === sauce && !option.soldOut)
            ? sauce
            : null,
        addOns: chosenAddOns.map((addOn) => addOn.name),
        ...(specialInstructions ? { specialInstructions } : {}),
      },
      image: item.image,
    });
  };

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <div className="relative aspect-[16/10] bg-char-800 sm:aspect-[16/9]">
          {item.image ? (
            <MenuImage
              image={item.image}
              sizes="(min-width: 640px) 576px, 100vw"
              className="size-full object-cover"
            />
          ) : (
            <div className="grid size-full place-items-center text-7xl" aria-hidden>
              🍽️
            </div>
          )}
          {item.popular && (
            <span className="absolute bottom-3 left-4 flex items-center gap-1 rounded-full bg-mustard-400 px-3 py-1 text-xs font-extrabold text-char-900 uppercase shadow">
              <Star aria-hidden className="size-3.5 fill-current" />
              Most Ordered
            </span>
          )}
        </div>

        <div className="flex flex-col gap-6 px-5 pt-5 pb-6">
          <div>
            {/* The dialog's accessible name is the item name (sr-only title); this is its visible twin. */}
            <p aria-hidden className="font-display text-2xl leading-tight uppercase sm:text-3xl">
              {item.name}
            </p>
            <p className="mt-2 text-char-700">{item.description}</p>
            <p data-testid="item-price" className="mt-3 text-2xl font-extrabold text-ember-700">
              {formatEuro(item.basePrice)}
            </p>
            <div className="mt-3 flex flex-col gap-2">
              <DietaryMarks tags={item.tags} allergens={[]} />
              <AllergenList allergens={item.allergens} />
            </div>
          </div>

          {options.isLoading ? (
            <div role="status" className="flex flex-col gap-3" aria-label="Loading options">
              <div className="h-4 w-24 animate-pulse rounded bg-char-900/10" />
              <div className="flex flex-wrap gap-2">
                {Array.from({ length: 4 }, (_, index) => (
                  <div
                    key={index}
                    className="h-11 w-32 animate-pulse rounded-full bg-char-900/10"
                  />
                ))}
              </div>
              <span className="sr-only">Loading options…</span>
            </div>
          ) : (
            <>
              {options.sauces.length > 0 && (
                <OptionGroup id={`${ids}-sauce`} title="Sauce" hint="Pick one, or none">
                  {options.sauces.map((option) => {
                    const selected = sauce === option.name && !option.soldOut;
                    return (
                      <ChoiceChip
                        key={option.id}
                        selected={selected}
                        soldOut={Boolean(option.soldOut)}
                        // A second tap on the chosen sauce clears it (spec §5).
                        onClick={() => setSauce(selected ? null : option.name)}
                      >
                        {option.name}
                        {option.soldOut && <span className="font-semibold"> · sold out</span>}
                      </ChoiceChip>
                    );
                  })}
                </OptionGroup>
              )}
              {options.addOns.length > 0 && (
                <OptionGroup id={`${ids}-addons`} title="Add-ons" hint="Add as many as you like">
                  {options.addOns.map((option) => (
                    <ChoiceChip
                      key={option.id}
                      selected={addOns.includes(option.name) && !option.soldOut}
                      soldOut={Boolean(option.soldOut)}
                      onClick={() => toggleAddOn(option.name)}
                    >
                      {option.name}{' '}
                      <span className="font-semibold opacity-80 group-aria-pressed:opacity-100">
                        {option.soldOut ? '· sold out' : `+${formatEuro(option.price)}`}
                      </span>
                    </ChoiceChip>
                  ))}
                </OptionGroup>
              )}
            </>
          )}

          <div className="flex flex-col gap-2">
            <label
              htmlFor={`${ids}-instructions`}
              className="text-sm font-extrabold tracking-wider uppercase"
            >
              Special instructions
            </label>
            <Textarea
              id={`${ids}-instructions`}
              value={instructions}
              onChange={(event) => setInstructions(event.target.value)}
              placeholder="No onions, extra crispy…"
              rows={2}
              maxLength={500}
              className="min-h-20"
            />
          </div>
        </div>
      </div>

      <div className="flex shrink-0 items-center gap-2.5 border-t border-char-900/10 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:gap-4 sm:px-5">
        <QuantityStepper
          value={quantity}
          onChange={(next) => setQuantity(Math.max(1, next))}
          min={1}
        />
        <button
          type="button"
          onClick={add}
          disabled={itemSoldOut !== null}
          className="flex h-14 min-w-0 flex-1 items-center justify-between gap-2 rounded-full bg-ember-700 px-4 text-base font-extrabold whitespace-nowrap text-white shadow-lg shadow-ember-900/25 transition-colors hover:bg-ember-800 disabled:cursor-not-allowed disabled:bg-char-700 disabled:shadow-none sm:pr-5"
        >
          <span className="flex items-center gap-1.5">
            <ShoppingBag aria-hidden className="hidden size-5 shrink-0 sm:block" />
            {itemSoldOut ?? 'Add to Cart'}
          </span>
          <span className="sr-only"> · </span>
          <span data-testid="item-total" className="tabular-nums">
            {formatEuroCents(totalCents)}
          </span>
        </button>
      </div>
    </>
  );
}

function OptionGroup({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section role="group" aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={id} className="text-sm font-extrabold tracking-wider uppercase">
          {title}
        </h3>
        <p className="text-xs text-char-700">{hint}</p>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

function ChoiceChip({
  selected,
  soldOut = false,
  onClick,
  children,
}: {
  selected: boolean;
  soldOut?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      disabled={soldOut}
      className={cn(
        'group flex min-h-11 items-center gap-1.5 rounded-full border-2 px-4 py-2 text-left text-sm font-bold transition-colors disabled:cursor-not-allowed disabled:border-dashed disabled:text-char-700',
        selected
          ? 'border-ember-700 bg-ember-700 text-white'
          : 'border-char-900/15 bg-white text-char-900 hover:border-char-900/40',
      )}
    >
      {selected && <Check aria-hidden className="-ml-1 size-4 shrink-0" />}
      <span>{children}</span>
    </button>
  );
}
