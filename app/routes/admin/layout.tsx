import { data, Outlet, useRouteError } from 'react-router'
import { AdminShell } from '~/components/admin/admin-shell'
import { AdminErrorScreen } from '~/components/admin/no-access'
import { cleanSearchText } from '~/lib/admin/list-filters'
import { requireAdmin } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { takeToast } from '~/lib/toast.server'
import { unreadNotifications } from '~/models/inbox.server'
import type { Route } from './+types/layout'

// Every admin loader and action checks the session itself as well: React Router runs
// loaders in parallel, so this layout's check alone would not stop a child's query.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request)
  const url = new URL(request.url)
  // This loader runs after every admin action and on the page a redirect leads to.
  const { toast, clear } = takeToast(request)
  return data(
    {
      user: { name: user.name, email: user.email, role: user.role, staffRoles: user.staffRoles },
      notifications: await unreadNotifications(user.id),
      searchQuery:
        url.pathname === '/admin/search' ? cleanSearchText(url.searchParams.get('q')) : '',
      toast,
    },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const company = useCompany()
  return (
    <AdminShell
      user={loaderData.user}
      companyName={company.name}
      notifications={loaderData.notifications}
      searchQuery={loaderData.searchQuery}
      toast={loaderData.toast}
    >
      <Outlet />
    </AdminShell>
  )
}

export function ErrorBoundary() {
  return <AdminErrorScreen error={useRouteError()} />
}
