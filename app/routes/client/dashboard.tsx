import { Link } from 'react-router'
import { requireUser } from '~/auth/session.server'
import { seoMeta } from '~/lib/seo/meta'
import { clientContextOf, organizationUsers } from '~/models/organizations.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Dashboard',
      description: 'Your organization in the client portal.',
      path: '/client/dashboard',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'client' })
  const client = await clientContextOf(user.id)
  const colleagues =
    client?.role === 'manager' ? await organizationUsers(client.organizationId) : []
  return {
    name: user.name,
    organizationName: client?.organizationName ?? null,
    role: client?.role ?? null,
    colleagues: colleagues.length,
  }
}

/** The client's home: their organization and role, and for managers the users. */
export default function ClientDashboard({ loaderData }: Route.ComponentProps) {
  const { name, organizationName, role, colleagues } = loaderData
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold text-slate-900">Welcome, {name}</h1>
      {organizationName ? (
        <section
          aria-labelledby="organization-heading"
          className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="organization-heading" className="font-semibold text-slate-900">
            {organizationName}
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            {role === 'manager'
              ? 'You are a manager: you see every request of your organization and invite its users.'
              : 'You are a requester: you make and follow your own requests.'}
          </p>
          {role === 'manager' ? (
            <p className="mt-3 text-sm">
              <Link to="/client/users" className="text-brand-700 underline">
                {colleagues} {colleagues === 1 ? 'user' : 'users'} in your organization
              </Link>
            </p>
          ) : null}
        </section>
      ) : (
        <p className="mt-4 text-slate-700">
          Your account is not linked to an organization yet. Please contact us and we will set it
          up.
        </p>
      )}
    </div>
  )
}
