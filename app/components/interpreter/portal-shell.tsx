import { ClipboardCheck, FolderOpen, LayoutDashboard, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  LogOutButton,
  MobileMenu,
  ShellMain,
  Sidebar,
  type SidebarNavigation,
} from '~/components/layout/sidebar-shell'
import { SkipLink } from '~/components/layout/skip-link'
import { interpreterSidebarLinks } from '~/content/interpreter-navigation'

const navigation: SidebarNavigation = {
  label: 'Interpreter portal',
  menuLabel: 'Portal menu',
  home: '/interpreter/dashboard',
  links: interpreterSidebarLinks,
  icons: {
    '/interpreter/dashboard': LayoutDashboard,
    '/interpreter/onboarding': ClipboardCheck,
    '/interpreter/resources': FolderOpen,
    '/interpreter/profile': UserRound,
  },
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
        <Sidebar navigation={navigation} companyName={companyName} />
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <MobileMenu navigation={navigation} />
            <div className="ml-auto flex items-center gap-2 sm:gap-4">
              <div className="text-right text-sm">
                <p className="font-medium text-slate-900">{userName}</p>
                <Link to="/account" className="text-brand-700 underline">
                  Account and password
                </Link>
              </div>
              <LogOutButton />
            </div>
          </header>
          <ShellMain>{children}</ShellMain>
        </div>
      </div>
    </>
  )
}
