import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { InvoiceStatusBadge } from '~/components/billing/invoice-status-badge'
import { BookingStatusBadge } from '~/components/dispatch/booking-status-badge'
import { QuoteStatusBadge } from '~/components/quotes/quote-status-badge'
import { settingLabel } from '~/domain/bookings'
import { formatCalendarDate, formatInZone } from '~/domain/format'
import { modalityLabel } from '~/domain/interpreter-profile'
import { formatCents } from '~/domain/money'
import { quoteDisplayStatus, type QuoteDisplayStatus } from '~/domain/quotes'
import { requireUser } from '~/auth/session.server'
import { invoicePeriodText } from '~/lib/billing/invoice-display'
import { seoMeta } from '~/lib/seo/meta'
import { listClientInvoices } from '~/models/billing/invoices.server'
import { upcomingClientBookings } from '~/models/bookings.server'
import { clientContextOf, organizationUsers } from '~/models/organizations.server'
import { listClientQuotes } from '~/models/quotes/client-views.server'
import { quoteToday } from '~/models/quotes/rules.server'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Dashboard',
      description: 'Book an interpreter; your upcoming bookings, open quotes and unpaid invoices.',
      path: '/client/dashboard',
      noindex: true,
    },
    matches,
  )

/** The dashboard shows the next few bookings; Bookings has them all. */
const UPCOMING_SHOWN = 5
/** Quotes still waiting for a price, an answer or the translation. */
const OPEN_QUOTE_STATUSES: QuoteDisplayStatus[] = ['requested', 'priced', 'accepted']

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { role: 'client' })
  const client = await clientContextOf(user.id)
  if (!client) return { name: user.name, organization: null }
  const who = { client, actor: { id: user.id, name: user.name } }
  const isManager = client.role === 'manager'
  const [colleagues, upcoming, quotes, invoices] = await Promise.all([
    isManager ? organizationUsers(client.organizationId) : [],
    upcomingClientBookings(who, UPCOMING_SHOWN),
    listClientQuotes({ userId: user.id, ...client }),
    isManager ? listClientInvoices(client) : [],
  ])
  const today = quoteToday()
  return {
    name: user.name,
    organization: {
      name: client.organizationName,
      isManager,
      colleagues: colleagues.length,
      upcoming: upcoming.map(({ booking }) => ({
        id: booking.id,
        title: `${booking.language}, ${modalityLabel(booking.modality)}, ${settingLabel(booking.setting)}`,
        when: formatInZone(booking.startsAt, booking.timeZone),
        status: booking.status,
      })),
      openQuotes: quotes
        .map((quote) => ({
          id: quote.id,
          languages: `${quote.sourceLanguage} into ${quote.targetLanguages.join(', ')}`,
          deadline: quote.deadline,
          status: quoteDisplayStatus(quote, today),
        }))
        .filter((quote) => OPEN_QUOTE_STATUSES.includes(quote.status)),
      unpaidInvoices: invoices
        .filter((invoice) => invoice.status === 'sent')
        .map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          period: invoicePeriodText(invoice),
          total: formatCents(invoice.totalCents),
        })),
    },
  }
}

/** The client's home: booking first, then what is under way, then their organization. */
export default function ClientDashboard({ loaderData }: Route.ComponentProps) {
  const { name, organization } = loaderData
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Welcome, {name}</h1>
        {organization ? (
          <div className="flex flex-wrap gap-3">
            <Link to="/client/book" className="btn-primary">
              Book an interpreter
            </Link>
            <Link to="/client/connect" className="btn-secondary">
              Connect now
            </Link>
          </div>
        ) : null}
      </div>
      {organization ? (
        <>
          <DashboardSection
            id="upcoming"
            title="Upcoming bookings"
            empty="No upcoming bookings."
            more={{ to: '/client/bookings', text: 'All bookings' }}
            items={organization.upcoming.map((booking) => ({
              id: booking.id,
              to: `/client/bookings/${booking.id}`,
              label: booking.title,
              detail: booking.when,
              badge: <BookingStatusBadge status={booking.status} />,
            }))}
          />
          <DashboardSection
            id="quotes"
            title="Open quotes"
            empty="No quotes waiting."
            more={{ to: '/client/quotes', text: 'All quotes' }}
            items={organization.openQuotes.map((quote) => ({
              id: quote.id,
              to: `/client/quotes/${quote.id}`,
              label: quote.languages,
              detail: `Deadline ${formatCalendarDate(quote.deadline)}`,
              badge: <QuoteStatusBadge status={quote.status} />,
            }))}
          />
          {organization.isManager ? (
            <DashboardSection
              id="invoices"
              title="Unpaid invoices"
              empty="No unpaid invoices."
              more={{ to: '/client/invoices', text: 'All invoices' }}
              items={organization.unpaidInvoices.map((invoice) => ({
                id: invoice.id,
                to: `/client/invoices/${invoice.id}`,
                label: `Invoice ${invoice.number}`,
                detail: `${invoice.period}, ${invoice.total}`,
                badge: <InvoiceStatusBadge status="sent" />,
              }))}
            />
          ) : null}
          <section
            aria-labelledby="organization-heading"
            className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
          >
            <h2 id="organization-heading" className="font-semibold text-slate-900">
              {organization.name}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              {organization.isManager
                ? 'You are a manager: you see every request of your organization and invite its users.'
                : 'You are a requester: you make and follow your own requests.'}
            </p>
            {organization.isManager ? (
              <p className="mt-3 text-sm">
                <Link to="/client/users" className="text-brand-700 underline">
                  {organization.colleagues} {organization.colleagues === 1 ? 'user' : 'users'} in
                  your organization
                </Link>
              </p>
            ) : null}
          </section>
        </>
      ) : (
        <p className="mt-4 text-slate-700">
          Your account is not linked to an organization yet. Please contact us and we will set it
          up.
        </p>
      )}
    </div>
  )
}

interface DashboardItem {
  id: string
  to: string
  label: string
  detail: string
  badge: ReactNode
}

/** One list of the dashboard: a few items, each opening its page, and a link to all. */
function DashboardSection({
  id,
  title,
  empty,
  more,
  items,
}: {
  id: string
  title: string
  empty: string
  more: { to: string; text: string }
  items: DashboardItem[]
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link to={item.to} className="font-medium break-words text-brand-700 underline">
                {item.label}
              </Link>
              <span className="text-sm text-slate-700">{item.detail}</span>
              {item.badge}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link to={more.to} className="text-brand-700 underline">
          {more.text}
        </Link>
      </p>
    </section>
  )
}
