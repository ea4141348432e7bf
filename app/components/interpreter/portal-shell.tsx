import {
  CalendarCheck,
  ClipboardCheck,
  FolderOpen,
  Headset,
  LayoutDashboard,
  UserRound,
  Wallet,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { ToastMessage } from '~/components/admin/toast-region'
import { PortalFrame } from '~/components/layout/portal-shell'
import type { SidebarNavigation } from '~/components/layout/sidebar-shell'
import { interpreterSidebarLinks } from '~/content/interpreter-navigation'

const navigation: SidebarNavigation = {
  label: 'Interpreter portal',
  menuLabel: 'Portal menu',
  home: '/interpreter/dashboard',
  links: interpreterSidebarLinks,
  icons: {
    '/interpreter/dashboard': LayoutDashboard,
    '/interpreter/onboarding': ClipboardCheck,
    '/interpreter/assignments': CalendarCheck,
    '/interpreter/calls': Headset,
    '/interpreter/resources': FolderOpen,
    '/interpreter/payouts': Wallet,
    '/interpreter/profile': UserRound,
  },
}

/** Sidebar and top bar around every interpreter portal screen. */
export function PortalShell({
  userName,
  companyName,
  toast,
  children,
}: {
  userName: string
  companyName: string
  toast: ToastMessage | null
  children: ReactNode
}) {
  return (
    <PortalFrame
      navigation={navigation}
      userName={userName}
      companyName={companyName}
      toast={toast}
    >
      {children}
    </PortalFrame>
  )
}
