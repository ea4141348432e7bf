import {
  CalendarPlus,
  FileText,
  LayoutDashboard,
  ListChecks,
  Receipt,
  Settings,
  Users,
  Video,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { ToastMessage } from '~/components/admin/toast-region'
import { PortalFrame } from '~/components/layout/portal-shell'
import type { SidebarNavigation } from '~/components/layout/sidebar-shell'
import { clientSidebarLinks } from '~/content/client-navigation'

const icons = {
  '/client/dashboard': LayoutDashboard,
  '/client/connect': Video,
  '/client/book': CalendarPlus,
  '/client/bookings': ListChecks,
  '/client/quotes': FileText,
  '/client/invoices': Receipt,
  '/client/users': Users,
  '/client/settings': Settings,
}

/** Sidebar and top bar around every client portal screen; Invoices, Users and Settings show to managers only. */
export function ClientShell({
  userName,
  organizationName,
  isManager,
  companyName,
  toast,
  children,
}: {
  userName: string
  organizationName: string | null
  isManager: boolean
  companyName: string
  toast: ToastMessage | null
  children: ReactNode
}) {
  const navigation: SidebarNavigation = {
    label: 'Client portal',
    menuLabel: 'Portal menu',
    home: '/client/dashboard',
    links: clientSidebarLinks
      .filter((link) => isManager || !link.managersOnly)
      .map(({ managersOnly: _managersOnly, ...link }) => link),
    icons,
  }
  return (
    <PortalFrame
      navigation={navigation}
      userName={userName}
      detail={organizationName ?? undefined}
      companyName={companyName}
      toast={toast}
    >
      {children}
    </PortalFrame>
  )
}
