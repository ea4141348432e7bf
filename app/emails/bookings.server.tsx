import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** Tells staff what happened to a booking (new, cancelled, rescheduled), with its link. */
export function bookingStaffMail(options: {
  event: 'new' | 'cancelled' | 'rescheduled' | 'released'
  organizationName: string
  summary: string
  /** What else the change took with it, in a sentence. */
  also?: string
  urgent: boolean
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { event, organizationName, summary, also, urgent, bookingUrl, company } = options
  const what = {
    new: 'New booking',
    cancelled: 'Booking cancelled',
    rescheduled: 'Booking rescheduled',
    released: 'Interpreter cannot make the new time',
  }[event]
  const subject = `${urgent ? 'URGENT: ' : ''}${what}: ${organizationName}`
  return renderMail({
    subject,
    company,
    text: [`${what} for ${organizationName}:`, summary, ...(also ? [also] : []), bookingUrl].join(
      '\n\n',
    ),
    body: (
      <>
        <p>
          {what} for {organizationName}:
        </p>
        <p>{summary}</p>
        {also ? <p>{also}</p> : null}
        <MailButton href={bookingUrl}>Open the booking</MailButton>
      </>
    ),
  })
}

/**
 * Gathers, for staff, the bookings an organization made in a burst after the one they were
 * mailed about at once (docs/product.md#client-portal): one e-mail, urgent ones first.
 */
export function bookingDigestMail(options: {
  organizationName: string
  bookings: { summary: string; urgent: boolean; url: string }[]
  listUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { organizationName, listUrl, company } = options
  const bookings = [...options.bookings].sort((a, b) => Number(b.urgent) - Number(a.urgent))
  const urgent = bookings.some((booking) => booking.urgent)
  const count = bookings.length === 1 ? 'One more booking' : `${bookings.length} more bookings`
  const intro = `${count} for ${organizationName}, made just after the one we e-mailed:`
  const line = (booking: (typeof bookings)[number]) =>
    `${booking.urgent ? 'URGENT: ' : ''}${booking.summary}`
  return renderMail({
    subject: `${urgent ? 'URGENT: ' : ''}${count}: ${organizationName}`,
    company,
    text: [intro, ...bookings.map((booking) => `${line(booking)}\n${booking.url}`), listUrl].join(
      '\n\n',
    ),
    body: (
      <>
        <p>{intro}</p>
        <ul>
          {bookings.map((booking) => (
            <li key={booking.url}>
              <a href={booking.url}>{line(booking)}</a>
            </li>
          ))}
        </ul>
        <MailButton href={listUrl}>Open the bookings</MailButton>
      </>
    ),
  })
}
