import { FolderOpen, LayoutDashboard, LogOut, Menu, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link, NavLink } from 'react-router'
import { Logo } from '~/components/layout/logo'
import { SkipLink } from '~/components/layout/skip-link'
import { interpreterSidebarLinks } from '~/content/interpreter-navigation'

const icons: Record<string, LucideIcon> = {
  '/interpreter/dashboard': LayoutDashboard,
  '/interpreter/resources': FolderOpen,
}

function SidebarLinks() {
  return (
    <ul className="space-y-1">
      {interpreterSidebarLinks.map((link) => {
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

/** Sidebar and top bar around every interpreter portal screen. */
export function PortalShell({
  userName,
  companyName,
  children,
}: {
  userName: string
  companyName: string
  children: ReactNode
}) {
  return (
    <>
      <SkipLink />
      <div className="min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
        <aside className="hidden w-64 bg-slate-900 px-4 py-6 lg:block">
          <Link to="/interpreter/dashboard" className="flex items-center gap-3 px-2 text-white">
            <Logo size="dashboard" alt="" />
            <span className="font-semibold">{companyName}</span>
          </Link>
          <nav aria-label="Interpreter portal" className="mt-8">
            <SidebarLinks />
          </nav>
        </aside>
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <details className="group relative lg:hidden">
              <summary className="flex list-none items-center rounded-md p-2 text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
                <Menu aria-hidden="true" className="size-6" />
                <span className="sr-only">Portal menu</span>
              </summary>
              <nav
                aria-label="Interpreter portal"
                className="absolute left-0 z-30 mt-2 w-64 rounded-lg bg-slate-900 p-4 shadow-xl"
              >
                <SidebarLinks />
              </nav>
            </details>
            <div className="ml-auto flex items-center gap-2 sm:gap-4">
              <div className="text-right text-sm">
                <p className="font-medium text-slate-900">{userName}</p>
                <Link to="/account" className="text-brand-700 underline">
                  Account and password
                </Link>
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
      </div>
    </>
  )
}
