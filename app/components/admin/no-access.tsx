import { isRouteErrorResponse } from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'

/**
 * An admin page the staff member's roles do not open (app/domain/staff-roles.ts): `requireAdmin`
 * answers 403. Here, not in the app-wide error screens, so public pages do not ship it.
 */
function NoAccess() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>No access</title>
      <h1 className="text-3xl font-bold text-slate-900">No access</h1>
      <p className="mt-4 text-slate-700">
        Your staff roles do not open this page. Ask an administrator if you need it.
      </p>
      <a href="/admin/dashboard" className="btn-primary mt-8">
        Back to the dashboard
      </a>
    </main>
  )
}

/** The admin area's error screen: "No access" for a 403, the app's screens otherwise. */
export function AdminErrorScreen({ error }: { error: unknown }) {
  return isRouteErrorResponse(error) && error.status === 403 ? (
    <NoAccess />
  ) : (
    <RouteErrorScreen error={error} />
  )
}
