import { LayoutDashboard, LogOut, Menu, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import type { NavLink as NavEntry } from '~/content/navigation'
import { Logo } from './logo'
import { useDismissDetails } from './use-dismiss'

/** A signed-in area's links, each with its icon; the current one is marked. */
function SidebarLinks({ links, icons }: { links: NavEntry[]; icons: Record<string, LucideIcon> }) {
  return (
    <ul className="space-y-1">
      {links.map((link) => {
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

export interface SidebarNavigation {
  /** The navigation landmark's name, for example 'Admin'. */
  label: string
  /** The mobile menu button's name, for example 'Admin menu'. */
  menuLabel: string
  home: string
  links: NavEntry[]
  icons: Record<string, LucideIcon>
}

/** The dark sidebar of a signed-in area (16rem), shown from the lg breakpoint. */
export function Sidebar({
  navigation,
  companyName,
}: {
  navigation: SidebarNavigation
  companyName: string
}) {
  return (
    <aside className="hidden w-64 bg-slate-900 px-4 py-6 lg:block">
      <Link to={navigation.home} className="flex items-center gap-3 px-2 text-white">
        <Logo size="dashboard" alt="" />
        <span className="font-semibold">{companyName}</span>
      </Link>
      <nav aria-label={navigation.label} className="mt-8">
        <SidebarLinks links={navigation.links} icons={navigation.icons} />
      </nav>
    </aside>
  )
}

/**
 * The same links below the lg breakpoint, behind a menu button (works without JavaScript).
 * Escape, a tap outside or a link followed closes it, as the public site's menu does.
 */
export function MobileMenu({ navigation }: { navigation: SidebarNavigation }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useDismissDetails(ref)
  const { pathname } = useLocation()
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [pathname])
  return (
    <details ref={ref} className="group relative lg:hidden">
      <summary className="flex list-none items-center rounded-md p-2 text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{navigation.menuLabel}</span>
      </summary>
      <nav
        aria-label={navigation.label}
        className="absolute left-0 z-30 mt-2 w-64 rounded-lg bg-slate-900 p-4 shadow-xl"
      >
        <SidebarLinks links={navigation.links} icons={navigation.icons} />
      </nav>
    </details>
  )
}

/** The logo, home, where the sidebar is hidden (below the lg breakpoint). */
export function MobileHomeLink({ home, companyName }: { home: string; companyName: string }) {
  return (
    <Link to={home} className="rounded-md p-1 lg:hidden">
      <Logo size="dashboard" alt={`${companyName}: home`} />
    </Link>
  )
}

export function LogOutButton() {
  return (
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
  )
}

/**
 * After an action sends the user to an address with a fragment (the booking just made, the
 * offers just sent), focus goes to what it names, so the result is what is read next. The
 * page's first load keeps the browser's own focus, so the skip link stays the first stop.
 */
function useFocusFragmentTarget() {
  const location = useLocation()
  const firstLoad = useRef(true)
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false
      return
    }
    if (!location.hash) return
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1
    target.focus()
  }, [location.key, location.hash])
}

/** The page body beside the sidebar; the skip link moves the focus to `main`. */
export function ShellMain({ children }: { children: ReactNode }) {
  useFocusFragmentTarget()
  return (
    // tabIndex -1: the skip link moves the focus here, so the next Tab goes on from it.
    <main id="main" tabIndex={-1} className="px-4 py-8 outline-none sm:px-6 lg:px-8">
      {children}
    </main>
  )
}
