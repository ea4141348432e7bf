import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ToastContext, ToastRegion, type ToastMessage } from '~/components/admin/toast-region'
import {
  LogOutButton,
  MobileHomeLink,
  MobileMenu,
  ShellMain,
  Sidebar,
  type SidebarNavigation,
} from '~/components/layout/sidebar-shell'
import { SkipLink } from '~/components/layout/skip-link'

/**
 * Sidebar and top bar around every screen of a portal (interpreters, clients): the user's
 * name, a second line (for clients their organization), the account link and sign-out.
 */
export function PortalFrame({
  navigation,
  userName,
  detail,
  companyName,
  toast,
  children,
}: {
  navigation: SidebarNavigation
  userName: string
  detail?: string
  companyName: string
  /** What the last action changed, said in a polite live region (app/lib/toast.server.ts). */
  toast: ToastMessage | null
  children: ReactNode
}) {
  return (
    <ToastContext.Provider value={toast}>
      <SkipLink />
      <div className="touch-targets min-h-screen bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
        <Sidebar navigation={navigation} companyName={companyName} />
        <div className="min-w-0">
          <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <div className="flex items-center gap-2">
              <MobileMenu navigation={navigation} />
              <MobileHomeLink home={navigation.home} companyName={companyName} />
            </div>
            <div className="ml-auto flex items-center gap-2 sm:gap-4">
              <div className="text-right text-sm">
                <p className="font-medium text-slate-900">{userName}</p>
                {detail ? <p className="text-slate-600">{detail}</p> : null}
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
      <ToastRegion />
    </ToastContext.Provider>
  )
}
