import { data, Outlet, useRouteError } from 'react-router'
import { ClientShell } from '~/components/client/client-shell'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { requireUser } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { takeToast } from '~/lib/toast.server'
import { clientContextOf } from '~/models/organizations.server'
import type { Route } from './+types/layout'

// Every client loader and action checks the session and the organization itself as well:
// loaders run in parallel, so this layout's check alone would not stop a child's query.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'client' })
  const client = await clientContextOf(user.id)
  // This loader runs after every client action and on the page a redirect leads to.
  const { toast, clear } = takeToast(request)
  return data(
    {
      userName: user.name,
      organizationName: client?.organizationName ?? null,
      isManager: client?.role === 'manager',
      toast,
    },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

export default function ClientLayout({ loaderData }: Route.ComponentProps) {
  const company = useCompany()
  return (
    <ClientShell {...loaderData} companyName={company.name}>
      <Outlet />
    </ClientShell>
  )
}

export function ErrorBoundary() {
  return <RouteErrorScreen error={useRouteError()} />
}
