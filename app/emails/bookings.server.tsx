import type { CompanyIdentity } from '../lib/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** Tells staff what happened to a booking (new, cancelled, rescheduled), with its link. */
export function bookingStaffMail(options: {
  event: 'new' | 'cancelled' | 'rescheduled'
  organizationName: string
  summary: string
  urgent: boolean
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { event, organizationName, summary, urgent, bookingUrl, company } = options
  const what = {
    new: 'New booking',
    cancelled: 'Booking cancelled',
    rescheduled: 'Booking rescheduled',
  }[event]
  const subject = `${urgent ? 'URGENT: ' : ''}${what}: ${organizationName}`
  return renderMail({
    subject,
    company,
    text: [`${what} for ${organizationName}:`, summary, bookingUrl].join('\n\n'),
    body: (
      <>
        <p>
          {what} for {organizationName}:
        </p>
        <p>{summary}</p>
        <MailButton href={bookingUrl}>Open the booking</MailButton>
      </>
    ),
  })
}

/** Tells the confirmed interpreter that the assignment was cancelled or moved. */
export function assignmentChangedMail(options: {
  firstName: string
  change: 'cancelled' | 'rescheduled'
  summary: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, change, summary, company } = options
  const sentence =
    change === 'cancelled'
      ? 'The client cancelled this assignment; you no longer need to attend:'
      : 'The client moved this assignment to another time; it is no longer yours unless we offer it to you again:'
  return renderMail({
    subject: change === 'cancelled' ? 'Assignment cancelled' : 'Assignment rescheduled',
    company,
    text: [`Hello ${firstName},`, sentence, summary].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{sentence}</p>
        <p>{summary}</p>
      </>
    ),
  })
}
