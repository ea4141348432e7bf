import {
  Building2,
  ClipboardCheck,
  FolderOpen,
  Languages,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessagesSquare,
  Search,
  UserCog,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, NavLink } from 'react-router'
import { Logo } from '~/components/layout/logo'
import { SkipLink } from '~/components/layout/skip-link'
import { adminSidebarLinks } from '~/content/admin-navigation'
import { FocusRestorer } from './focus-restorer'
import { NotificationBell, type BellSummary } from './notification-bell'
import { ToastContext, ToastRegion, type ToastMessage } from './toast-region'

const roleLabels = { admin: 'Administrator', interpreter: 'Interpreter', client: 'Client' } as const

export interface ShellUser {
  name: string
  email: string
  role: keyof typeof roleLabels
}

const icons: Record<string, LucideIcon> = {
  '/admin/dashboard': LayoutDashboard,
  '/admin/interpreter-manager': ClipboardCheck,
  '/admin/interpreters': Languages,
  '/admin/clients': Building2,
  '/admin/resources': FolderOpen,
  '/admin/communications': MessagesSquare,
  '/admin/users': UserCog,
  '/admin/mail': Mail,
}

function SidebarLinks() {
  return (
    <ul className="space-y-1">
      {adminSidebarLinks.map((link) => {
        const Icon = icons[link.to] ?? LayoutDashboard
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-200 hover:bg-slate-800 hover:text-white'
                }`
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {link.label}
            </NavLink>
          </li>
        )
      })}
    </ul>
  )
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
  return (
    <ToastContext.Provider value={toast}>
      <SkipLink />
      <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
        <aside className="hidden w-64 bg-slate-900 px-4 py-6 lg:block">
          <Link to="/admin/dashboard" className="flex items-center gap-3 px-2 text-white">
            <Logo size="dashboard" alt="" />
            <span className="font-semibold">{companyName}</span>
          </Link>
          <nav aria-label="Admin" className="mt-8">
            <SidebarLinks />
          </nav>
        </aside>
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <details className="group relative lg:hidden">
              <summary className="flex list-none items-center rounded-md p-2 text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                <Menu aria-hidden="true" className="size-6" />
                <span className="sr-only">Admin menu</span>
              </summary>
              <nav
                aria-label="Admin"
                className="absolute left-0 z-30 mt-2 w-64 rounded-lg bg-slate-900 p-4 shadow-xl"
              >
                <SidebarLinks />
              </nav>
            </details>
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
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-950"
                  title="Log out"
                >
                  <LogOut aria-hidden="true" className="size-5" />
                  <span className="sr-only">Log out</span>
                </button>
              </Form>
            </div>
          </header>
          {/* tabIndex -1: the skip link moves the focus here, so the next Tab goes on from it. */}
          <main id="main" tabIndex={-1} className="px-4 py-8 outline-none sm:px-6 lg:px-8">
            {children}
          </main>
        </div>
        <ToastRegion />
        <FocusRestorer />
      </div>
    </ToastContext.Provider>
  )
}
