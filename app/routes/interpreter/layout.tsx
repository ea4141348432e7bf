import { data, Outlet, useRouteError } from 'react-router'
import { PortalShell } from '~/components/interpreter/portal-shell'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { requireUser } from '~/auth/session.server'
import { useCompany } from '~/lib/company'
import { takeToast } from '~/lib/toast.server'
import type { Route } from './+types/layout'

// Every portal loader and action checks the session itself as well: loaders run in
// parallel, so this layout's check alone would not stop a child's query.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'interpreter' })
  // This loader runs after every portal action and on the page a redirect leads to.
  const { toast, clear } = takeToast(request)
  return data(
    { userName: user.name, toast },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

export default function InterpreterLayout({ loaderData }: Route.ComponentProps) {
  const company = useCompany()
  return (
    <PortalShell userName={loaderData.userName} companyName={company.name} toast={loaderData.toast}>
      <Outlet />
    </PortalShell>
  )
}

export function ErrorBoundary() {
  return <RouteErrorScreen error={useRouteError()} />
}
