import type { CompanyIdentity } from '../domain/company'
import { SummaryList, summaryLines, type BookingSummary } from './dispatch.server'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** Closeout reminders, the overdue alert and the returned closeout (docs/product.md#closeouts-statements-and-invoices). */

/** To the interpreter at the assignment's end, and again 24 hours later if nothing came. */
export function closeoutReminderMail(options: {
  firstName: string
  summary: BookingSummary
  dueBy: string
  closeoutUrl: string
  second: boolean
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, summary, dueBy, closeoutUrl, second, company } = options
  const opening = second
    ? 'A reminder: we have not received the closeout of this assignment yet.'
    : 'Thank you for this assignment. Please close it out: actual times, outcome, and for on-site work mileage and expenses with receipts.'
  return renderMail({
    subject: `${second ? 'Reminder: closeout' : 'Closeout'} due by ${dueBy}: ${summary.what}`,
    company,
    text: [
      `Hello ${firstName},`,
      opening,
      summaryLines(summary).join('\n'),
      `It is due by ${dueBy}. Close it out here: ${closeoutUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{opening}</p>
        <SummaryList summary={summary} />
        <p>
          It is due by <strong>{dueBy}</strong>.
        </p>
        <MailButton href={closeoutUrl}>Close out the assignment</MailButton>
      </>
    ),
  })
}

/** To staff: an assignment was not closed out within 48 hours of its end. */
export function closeoutOverdueMail(options: {
  summary: BookingSummary
  interpreterName: string
  organizationName: string
  closeoutsUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { summary, interpreterName, organizationName, closeoutsUrl, company } = options
  const line = `${interpreterName} has not closed out this assignment for ${organizationName}, 48 hours after its end:`
  return renderMail({
    subject: `Closeout overdue: ${interpreterName}, ${summary.what}, ${summary.when}`,
    company,
    text: [line, summaryLines(summary).join('\n'), closeoutsUrl].join('\n\n'),
    body: (
      <>
        <p>{line}</p>
        <SummaryList summary={summary} />
        <MailButton href={closeoutsUrl}>Open Closeouts</MailButton>
      </>
    ),
  })
}

/** To the interpreter: staff returned the closeout with what to correct. */
export function closeoutReturnedMail(options: {
  firstName: string
  summary: BookingSummary
  reason: string
  closeoutUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, summary, reason, closeoutUrl, company } = options
  return renderMail({
    subject: `Closeout returned: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      'Our team returned your closeout of this assignment for a correction:',
      summaryLines(summary).join('\n'),
      `What to correct: ${reason}`,
      `Correct it and send it again here: ${closeoutUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>Our team returned your closeout of this assignment for a correction:</p>
        <SummaryList summary={summary} />
        <p>
          <strong>What to correct:</strong> {reason}
        </p>
        <MailButton href={closeoutUrl}>Correct and send the closeout again</MailButton>
      </>
    ),
  })
}
