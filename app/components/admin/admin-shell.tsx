import {
  BadgeDollarSign,
  Building2,
  CalendarClock,
  ClipboardCheck,
  ClipboardList,
  FileText,
  FolderOpen,
  Headset,
  Languages,
  LayoutDashboard,
  Mail,
  MessageSquareWarning,
  MessagesSquare,
  Receipt,
  Search,
  UserCog,
  Wallet,
} from 'lucide-react'
import { useMemo, type ReactNode } from 'react'
import { Form } from 'react-router'
import {
  LogOutButton,
  MobileMenu,
  ShellMain,
  Sidebar,
  type SidebarNavigation,
} from '~/components/layout/sidebar-shell'
import { SkipLink } from '~/components/layout/skip-link'
import { adminSidebarLinks } from '~/content/admin-navigation'
import { staffMayOpen } from '~/domain/staff-roles'
import { FocusRestorer } from './focus-restorer'
import { NotificationBell, type BellSummary } from './notification-bell'
import { ToastContext, ToastRegion, type ToastMessage } from './toast-region'

const roleLabels = { admin: 'Administrator', interpreter: 'Interpreter', client: 'Client' } as const

export interface ShellUser {
  name: string
  email: string
  role: keyof typeof roleLabels
  /** What the sidebar links to: only what these roles open (app/domain/staff-roles.ts). */
  staffRoles: readonly string[]
}

const navigation: Omit<SidebarNavigation, 'links'> = {
  label: 'Admin',
  menuLabel: 'Admin menu',
  home: '/admin/dashboard',
  icons: {
    '/admin/dashboard': LayoutDashboard,
    '/admin/interpreter-manager': ClipboardCheck,
    '/admin/interpreters': Languages,
    '/admin/bookings': CalendarClock,
    '/admin/calls': Headset,
    '/admin/clients': Building2,
    '/admin/quotes': FileText,
    '/admin/quality': MessageSquareWarning,
    '/admin/closeouts': ClipboardList,
    '/admin/statements': Wallet,
    '/admin/rates': BadgeDollarSign,
    '/admin/invoices': Receipt,
    '/admin/resources': FolderOpen,
    '/admin/communications': MessagesSquare,
    '/admin/users': UserCog,
    '/admin/mail': Mail,
  },
}

/** Sidebar (16rem) and top bar around every admin screen (docs/product.md#admin-shell). */
export function AdminShell({
  user,
  companyName,
  notifications,
  searchQuery,
  toast,
  children,
}: {
  user: ShellUser
  companyName: string
  notifications: BellSummary
  searchQuery: string
  /** What the last action changed, said once in a live region. */
  toast: ToastMessage | null
  children: ReactNode
}) {
  const links = useMemo(
    () => ({
      ...navigation,
      links: adminSidebarLinks.filter((link) => staffMayOpen(user.staffRoles, link.to)),
    }),
    [user.staffRoles],
  )
  return (
    <ToastContext.Provider value={toast}>
      <SkipLink />
      <div className="touch-targets min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
        <Sidebar navigation={links} companyName={companyName} />
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <MobileMenu navigation={links} />
            <Form
              method="get"
              action="/admin/search"
              role="search"
              className="relative max-w-md flex-1"
            >
              <label htmlFor="admin-search" className="sr-only">
                Search applications and client requests
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              />
              <input
                id="admin-search"
                type="search"
                name="q"
                defaultValue={searchQuery}
                placeholder="Search applications and requests"
                className="w-full rounded-md border border-slate-300 bg-slate-50 py-2 pr-3 pl-9 text-sm focus:border-brand-600 focus:bg-white focus:outline-2 focus:outline-brand-600"
              />
            </Form>
            <div className="ml-auto flex items-center gap-2 sm:gap-4">
              <NotificationBell summary={notifications} />
              <div className="hidden text-right text-sm sm:block">
                <p className="font-medium text-slate-900">{user.name}</p>
                <p className="text-slate-600">{roleLabels[user.role]}</p>
              </div>
              <LogOutButton />
            </div>
          </header>
          <ShellMain>{children}</ShellMain>
        </div>
        <ToastRegion />
        <FocusRestorer />
      </div>
    </ToastContext.Provider>
  )
}
