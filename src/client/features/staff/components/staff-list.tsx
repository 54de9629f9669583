import { Pencil, Trash2 } from 'lucide-react';
import type { StaffUser } from '#shared/auth/auth.schema.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { RoleBadge } from './role-badge.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { cn } from '#client/lib/utils.ts';
import { LAST_ACTIVE_ADMIN_MESSAGE, lastActiveAdminId } from '#shared/auth/last-admin.ts';

export interface StaffRowActions {
  /** The id of the signed-in admin, marked "You". */
  currentUserId: string | undefined;
  /** The account whose active state is being saved. */
  togglingId: string | undefined;
  onToggleActive: (user: StaffUser) => void;
  onEdit: (user: StaffUser) => void;
  onDelete: (user: StaffUser) => void;
}

/** What the row needs besides its user: whether it is the shop's last active admin. */
interface RowProps {
  user: StaffUser;
  lastAdmin: boolean;
  /** The table and the cards are both in the page (one hidden): each has its own note id. */
  layout: 'card' | 'table';
}

const lastAdminNoteId = (user: StaffUser, layout: RowProps['layout']) =>
  `staff-last-admin-${layout}-${user.id}`;

/** Why Delete and the Active switch are off on this account (the server refuses them too). */
function LastAdminNote({ user, layout }: Omit<RowProps, 'lastAdmin'>) {
  return (
    <p id={lastAdminNoteId(user, layout)} className="text-xs text-char-700">
      {LAST_ACTIVE_ADMIN_MESSAGE}
    </p>
  );
}

const createdFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const formatCreated = (iso: string) => createdFormat.format(new Date(iso));

/** A table on a laptop, cards on a phone; neither ever shows a password (DESIGN.md departure 3). */
export function StaffList({ users, ...actions }: { users: StaffUser[] } & StaffRowActions) {
  const lastAdminId = lastActiveAdminId(users);
  const cell = 'px-4 py-1.5';
  return (
    <DataTable
      label="Staff users"
      rows={users}
      rowKey={(user) => user.id}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-char-900/10"
      headerCellClassName="px-4 py-2.5 font-semibold"
      cellClassName=""
      rowClassName={(user) => (user.isActive ? undefined : 'bg-stone-50 text-char-700')}
      cardsBelow="md"
      columns={[
        {
          key: 'Name',
          cellClassName: `${cell} font-semibold`,
          cell: (user) => (
            <span className="flex items-center gap-2">
              {user.name}
              {user.id === actions.currentUserId && <YouBadge />}
            </span>
          ),
        },
        { key: 'Username', cellClassName: `${cell} font-mono`, cell: (user) => user.username },
        { key: 'Role', cellClassName: cell, cell: (user) => <RoleBadge role={user.role} /> },
        {
          key: 'Active',
          cellClassName: cell,
          cell: (user) => (
            <ActiveSwitch
              user={user}
              lastAdmin={user.id === lastAdminId}
              layout="table"
              {...actions}
            />
          ),
        },
        {
          key: 'Created',
          cellClassName: `${cell} whitespace-nowrap`,
          cell: (user) => formatCreated(user.createdAt),
        },
        {
          key: 'Actions',
          headerClassName: 'text-right',
          cellClassName: cell,
          cell: (user) => (
            <>
              <div className="flex justify-end gap-1">
                <EditDeleteButtons
                  user={user}
                  lastAdmin={user.id === lastAdminId}
                  actions={actions}
                  layout="table"
                />
              </div>
              {user.id === lastAdminId && (
                <div className="max-w-56 pb-1 text-right">
                  <LastAdminNote user={user} layout="table" />
                </div>
              )}
            </>
          ),
        },
      ]}
      card={(user) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-bold">
                <span className="break-words">{user.name}</span>
                {user.id === actions.currentUserId && <YouBadge />}
              </p>
              <p className="font-mono text-sm break-all text-char-700">{user.username}</p>
            </div>
            <RoleBadge role={user.role} />
          </div>
          <div className="mt-2 flex items-center justify-between gap-3">
            <ActiveSwitch
              user={user}
              lastAdmin={user.id === lastAdminId}
              layout="card"
              {...actions}
            />
            <p className="text-xs text-char-700">Created {formatCreated(user.createdAt)}</p>
          </div>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <EditDeleteButtons
              user={user}
              lastAdmin={user.id === lastAdminId}
              actions={actions}
              layout="card"
            />
          </div>
          {user.id === lastAdminId && (
            <div className="mt-2">
              <LastAdminNote user={user} layout="card" />
            </div>
          )}
        </>
      )}
    />
  );
}

function ActiveSwitch({
  user,
  lastAdmin,
  layout,
  togglingId,
  onToggleActive,
}: RowProps & StaffRowActions) {
  return (
    <Switch
      checked={user.isActive}
      onCheckedChange={() => onToggleActive(user)}
      disabled={togglingId === user.id || lastAdmin}
      describedBy={lastAdmin ? lastAdminNoteId(user, layout) : undefined}
      label={`${user.username} active`}
    >
      <span className={user.isActive ? 'text-emerald-800' : 'text-char-700'}>
        {user.isActive ? 'Active' : 'Inactive'}
      </span>
    </Switch>
  );
}

function YouBadge() {
  return (
    <span className="rounded-full bg-char-900 px-2 py-0.5 text-[0.6875rem] font-bold text-white uppercase">
      You
    </span>
  );
}

/** Edit and Delete for one account: outlined and full-size on cards, quiet in the table. */
function EditDeleteButtons({
  user,
  lastAdmin,
  actions,
  layout,
}: RowProps & {
  actions: StaffRowActions;
}) {
  const look =
    layout === 'card'
      ? ({ variant: 'outline' } as const)
      : ({ variant: 'ghost', size: 'sm' } as const);
  return (
    <>
      <Button {...look} onClick={() => actions.onEdit(user)} aria-label={`Edit ${user.username}`}>
        <Pencil aria-hidden className="size-4" />
        Edit
      </Button>
      <Button
        {...look}
        className={cn(
          'text-red-700 disabled:text-char-700 disabled:opacity-60',
          layout === 'table' && 'hover:bg-red-50 disabled:hover:bg-transparent',
        )}
        onClick={() => actions.onDelete(user)}
        disabled={lastAdmin}
        aria-describedby={lastAdmin ? lastAdminNoteId(user, layout) : undefined}
        aria-label={`Delete ${user.username}`}
      >
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
    </>
  );
}
