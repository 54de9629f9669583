import { useState } from 'react';
import { ChevronDown, KeyRound, LogOut, Menu } from 'lucide-react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { toast } from '#client/components/ui/toast.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { cn } from '#client/lib/utils.ts';
import { useLogout, useSession } from '../auth/index.ts';
import { usePreloadedFormChecks } from '#client/components/ui/form-resolver.ts';
import { logoutBlockedMessage, waitingSalesCount } from '../pos/index.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

/**
 * Spec back-office §2: the admin navigation bar. Each screen's tab title is `title` (else its
 * label) and " · Admin Panel"; the dashboard's is "Admin Panel" alone.
 */
const NAV: { to: string; label: string; title?: string }[] = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/menu-management', label: 'Menu Editor' },
  { to: '/qr-codes', label: 'QR Codes' },
  { to: '/calendar', label: 'Calendar', title: 'Order Calendar' },
  { to: '/pos', label: 'POS', title: 'Admin POS' },
  { to: '/staff-management', label: 'Staff' },
  { to: '/delivery-platforms', label: 'Delivery Platforms' },
  { to: '/printers', label: 'Printers' },
  { to: '/shop-hours', label: 'Shop Hours' },
  { to: '/settings', label: 'Settings', title: 'Shop Settings' },
  { to: '/notification-test', label: 'Test Alerts' },
  { to: '/', label: 'Homepage' },
];

/** The tab title of a back-office path. */
function adminTitle(pathname: string): string {
  const item = pathname === '/admin' ? undefined : NAV.find((entry) => entry.to === pathname);
  return item ? `${item.title ?? item.label} · Admin Panel` : 'Admin Panel';
}

export function AdminLayout() {
  const { pathname } = useLocation();
  useDocumentTitle(adminTitle(pathname));
  const current = NAV.find((entry) => entry.to === pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  // Any navigation (a link, the browser's Back) closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  const logout = useLogout();
  usePreloadedFormChecks();
  const { data: session } = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  // Cash sales taken offline at the POS need this session to be sent.
  const tryLogout = () => {
    const waiting = waitingSalesCount();
    if (waiting > 0) {
      toast.error('Logout Refused', { description: logoutBlockedMessage(waiting) });
      return;
    }
    logout.mutate();
  };

  return (
    <div className="min-h-[calc(100dvh-var(--test-ribbon-height))] bg-stone-100 text-char-900">
      <header className="sticky top-0 z-40 border-b border-char-900/10 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
          <img src="/images/logo.svg" alt="" className="size-9" width={36} height={36} />
          <p className="font-display text-lg">Admin Panel</p>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden text-sm text-char-700 sm:inline">{session?.user?.name}</span>
            <button
              type="button"
              onClick={() => setChangingPassword(true)}
              className="flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-char-900/5"
            >
              <KeyRound aria-hidden className="size-4" />
              <span className="hidden sm:inline">Change password</span>
              <span className="sr-only sm:hidden">Change password</span>
            </button>
            <button
              type="button"
              onClick={tryLogout}
              disabled={logout.isPending}
              className="flex h-10 items-center gap-2 rounded-full bg-char-900 px-4 text-sm font-semibold text-white hover:bg-char-800"
            >
              <LogOut aria-hidden className="size-4" />
              Logout
            </button>
          </div>
        </div>
        <nav aria-label="Back office" className="mx-auto max-w-7xl px-2">
          {/* A phone or a small tablet: a menu button that names the current screen and opens
              the whole list, instead of a bar whose current tab can sit off screen. */}
          <div className="px-2 pb-2 lg:hidden">
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls="back-office-menu"
              onClick={() => setMenuOpen((open) => !open)}
              className="flex h-11 w-full items-center gap-2 rounded-xl bg-stone-100 px-3 text-left text-sm font-semibold ring-1 ring-char-900/10"
            >
              <Menu aria-hidden className="size-5 shrink-0" />
              <span className="text-char-700">Menu</span>
              <span className="min-w-0 flex-1 truncate font-bold">{current?.label}</span>
              <ChevronDown
                aria-hidden
                className={cn('size-5 shrink-0 transition-transform', menuOpen && 'rotate-180')}
              />
            </button>
            {menuOpen && (
              <ul
                id="back-office-menu"
                className="mt-2 grid gap-1 sm:grid-cols-2"
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setMenuOpen(false);
                }}
              >
                {NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      onClick={() => setMenuOpen(false)}
                      className={({ isActive }) =>
                        cn(
                          'flex min-h-11 items-center rounded-xl px-3 text-base font-semibold',
                          isActive
                            ? 'bg-ember-700 text-white'
                            : 'text-char-900 hover:bg-char-900/5',
                        )
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ul className="hidden gap-1 pb-2 lg:flex lg:flex-wrap">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    cn(
                      // Narrower at 1024 px so the whole bar fits one row on a tablet.
                      'block rounded-full px-2 py-2 text-sm font-semibold whitespace-nowrap xl:px-3',
                      // White on ember-600 is 3.6:1; ember-700 is 5.2:1 (WCAG AA).
                      isActive ? 'bg-ember-700 text-white' : 'text-char-700 hover:bg-char-900/5',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} />
    </div>
  );
}
