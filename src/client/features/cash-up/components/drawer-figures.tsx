import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import type { CashDrawerSession, CashMovement } from '#shared/cash-drawer/cash-drawer.schema.ts';
import { cn } from '#client/lib/utils.ts';
import { clockTime, euro } from './money.ts';

/** The expected cash and how it is made up (decision 012), as the server works it out. */
export function DrawerFigures({ session }: { session: CashDrawerSession }) {
  const sales = session.cashSalesCount;
  const rows: { label: string; amount: string; sign: '' | '+' | '−'; hint?: string }[] = [
    { label: 'Float', amount: session.float, sign: '' },
    {
      label: 'Cash sales',
      amount: session.cashSales,
      sign: '+',
      hint: `${sales} ${sales === 1 ? 'sale' : 'sales'}, cash received`,
    },
    { label: 'Change given', amount: session.changeGiven, sign: '−' },
    { label: 'Pay-ins', amount: session.payIns, sign: '+' },
    { label: 'Pay-outs', amount: session.payOuts, sign: '−' },
  ];
  return (
    <table aria-label="Cash in the drawer" className="w-full text-left">
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="border-b border-char-900/10">
            <th scope="row" className="py-2.5 pr-3 font-semibold">
              {row.label}
              {row.hint && (
                <span className="block text-xs font-normal text-char-700">{row.hint}</span>
              )}
            </th>
            <td className="py-2.5 text-right text-lg font-bold tabular-nums">
              <span aria-hidden className="mr-1 text-char-700">
                {row.sign}
              </span>
              {euro(row.amount)}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="pt-4 pr-3 align-bottom font-display text-xl">
            Expected cash
          </th>
          <td className="pt-4 text-right font-display text-4xl tabular-nums sm:text-5xl">
            {euro(session.expectedCash)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

export function MovementList({ movements }: { movements: CashMovement[] }) {
  if (movements.length === 0) {
    return (
      <p className="rounded-2xl bg-stone-50 p-6 text-center text-sm text-char-700">
        No pay-ins or pay-outs yet.
      </p>
    );
  }
  return (
    <ul aria-label="Pay-ins and pay-outs" className="flex flex-col divide-y divide-char-900/10">
      {movements.map((movement) => {
        const payIn = movement.kind === 'pay-in';
        const Icon = payIn ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={movement.id} className="flex items-center gap-3 py-3">
            <span
              className={cn(
                'grid size-10 shrink-0 place-items-center rounded-full',
                payIn ? 'bg-green-50 text-green-700' : 'bg-red-50 text-red-700',
              )}
            >
              <Icon aria-hidden className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{movement.reason}</p>
              <p className="text-xs text-char-700">
                {payIn ? 'Pay-in' : 'Pay-out'} · {clockTime(movement.createdAt)} · {movement.by}
              </p>
            </div>
            <p className="shrink-0 text-lg font-bold tabular-nums">
              {payIn ? '+' : '−'}
              {euro(movement.amount)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
