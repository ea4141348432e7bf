import type { CompanyIdentity } from '../domain/company'
import { telHref } from '../lib/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** One line that says what a booking is, where and when (the time already in the reader's zone). */
export interface BookingSummary {
  what: string
  when: string
  durationMinutes: number
  location: string
}

export function summaryLines(summary: BookingSummary): string[] {
  return [
    summary.what,
    `When: ${summary.when} (${summary.durationMinutes} minutes)`,
    `Where: ${summary.location}`,
  ]
}

export function SummaryList({ summary }: { summary: BookingSummary }) {
  return (
    <ul>
      <li>{summary.what}</li>
      <li>
        <strong>When:</strong> {summary.when} ({summary.durationMinutes} minutes)
      </li>
      <li>
        <strong>Where:</strong> {summary.location}
      </li>
    </ul>
  )
}

/**
 * An offer of a booking to one interpreter, with the single-use accept link. `assigned`: staff
 * chose this interpreter by name, so nobody else is offered it while the request stands.
 */
export function offerMail(options: {
  firstName: string
  summary: BookingSummary
  acceptUrl: string
  assignmentsUrl: string
  validUntil: string
  company: CompanyIdentity
  assigned?: boolean
}): RenderedMail {
  const { firstName, summary, acceptUrl, assignmentsUrl, validUntil, company, assigned } = options
  const intro = assigned
    ? 'Our dispatch team has assigned you this booking. Please confirm that you can take it:'
    : 'We would like to offer you this assignment:'
  const rule = assigned
    ? 'It is held for you alone until you answer.'
    : 'The first interpreter to accept gets it.'
  return renderMail({
    subject: `${assigned ? 'Assigned to you, please confirm' : 'Assignment offer'}: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      intro,
      summaryLines(summary).join('\n'),
      `${assigned ? 'Confirm' : 'Accept'} it here (${rule.toLowerCase().replace(/\.$/, '')}; the link works once, until ${validUntil}):`,
      acceptUrl,
      `Or accept or decline it under Assignments in your portal: ${assignmentsUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{intro}</p>
        <SummaryList summary={summary} />
        <MailButton href={acceptUrl}>
          {assigned ? 'Confirm this assignment' : 'Accept this assignment'}
        </MailButton>
        <p>
          {rule} The link works once, until {validUntil}. You can also accept or decline it under{' '}
          <a href={assignmentsUrl}>Assignments</a> in your portal.
        </p>
      </>
    ),
  })
}

/** Tells an interpreter whose offer is still open that another interpreter took the booking. */
export function offerFilledMail(options: {
  firstName: string
  summary: BookingSummary
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, summary, company } = options
  return renderMail({
    subject: `Assignment filled: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      'Thank you for your interest: this assignment has been filled by another interpreter, so the offer is closed.',
      summaryLines(summary).join('\n'),
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>
          Thank you for your interest: this assignment has been filled by another interpreter, so
          the offer is closed.
        </p>
        <SummaryList summary={summary} />
      </>
    ),
  })
}

/** Tells the client who is coming; the calendar file goes with it as an attachment. */
export function bookingConfirmedMail(options: {
  clientName: string
  interpreterFirstName: string
  summary: BookingSummary
  company: CompanyIdentity
}): RenderedMail {
  const { clientName, interpreterFirstName, summary, company } = options
  return renderMail({
    subject: `Confirmed: ${interpreterFirstName} will interpret, ${summary.when}`,
    company,
    text: [
      `Hello ${clientName},`,
      `Your booking is confirmed: ${interpreterFirstName} will be your interpreter.`,
      summaryLines(summary).join('\n'),
      'The calendar file (booking.ics) attached adds it to your calendar.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {clientName},</p>
        <p>
          Your booking is confirmed: <strong>{interpreterFirstName}</strong> will be your
          interpreter.
        </p>
        <SummaryList summary={summary} />
        <p>The calendar file (booking.ics) attached adds it to your calendar.</p>
      </>
    ),
  })
}

/**
 * Tells the confirmed interpreter that the assignment is no longer theirs: the client
 * cancelled it, or moved it to a time they cannot make, or they declined its new time. `summary` is the time they had; the
 * attached calendar cancellation takes it out of their calendar.
 */
export function assignmentChangedMail(options: {
  firstName: string
  /** `released`: they said they cannot make the new time they were asked to confirm. */
  change: 'cancelled' | 'rescheduled' | 'released'
  summary: BookingSummary
  company: CompanyIdentity
  /** Who made the change: the client (the default) or our dispatch team. */
  by?: 'client' | 'staff'
}): RenderedMail {
  const { firstName, change, summary, company, by = 'client' } = options
  const who = by === 'client' ? 'The client' : 'Our dispatch team'
  const sentence = {
    cancelled: `${who} cancelled this assignment; you no longer need to attend:`,
    rescheduled: `${who} moved this assignment to a time you are not available for, so it is no longer yours and you no longer need to attend:`,
    released:
      'Thank you for telling us you cannot make the new time: this assignment is no longer yours and you do not need to attend:',
  }[change]
  const calendar = 'The calendar file attached (booking.ics) removes it from your calendar.'
  const subject = {
    cancelled: 'Assignment cancelled',
    rescheduled: 'Assignment rescheduled',
    released: 'Assignment released',
  }[change]
  return renderMail({
    subject: `${subject}: ${summary.what}, ${summary.when}`,
    company,
    text: [`Hello ${firstName},`, sentence, summaryLines(summary).join('\n'), calendar].join(
      '\n\n',
    ),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <p>{calendar}</p>
      </>
    ),
  })
}

/**
 * Tells the confirmed interpreter that the client moved the assignment to a time they can
 * still make: it stays theirs once they confirm the new time by the link (or in the portal).
 * The attached calendar file moves the event in their calendar.
 */
export function assignmentNewTimeMail(options: {
  firstName: string
  summary: BookingSummary
  previousWhen: string
  confirmUrl: string
  assignmentsUrl: string
  validUntil: string
  company: CompanyIdentity
  /** Who moved it: the client (the default) or our dispatch team. */
  by?: 'client' | 'staff'
}): RenderedMail {
  const { firstName, summary, previousWhen, confirmUrl, assignmentsUrl, validUntil, company } =
    options
  const who = options.by === 'staff' ? 'Our dispatch team' : 'The client'
  const sentence = `${who} moved this assignment from ${previousWhen} to a new time. It stays yours: please confirm that you can do the new time.`
  const calendar = 'The calendar file attached (booking.ics) moves it in your calendar.'
  return renderMail({
    subject: `New time to confirm: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      sentence,
      summaryLines(summary).join('\n'),
      `Confirm the new time here (the link works once, until ${validUntil}):`,
      confirmUrl,
      `Or confirm it under Assignments in your portal: ${assignmentsUrl}`,
      'If you cannot do the new time, reply to this e-mail.',
      calendar,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <MailButton href={confirmUrl}>Confirm the new time</MailButton>
        <p>
          The link works once, until {validUntil}. You can also confirm it under{' '}
          <a href={assignmentsUrl}>Assignments</a> in your portal. If you cannot do the new time,
          reply to this e-mail.
        </p>
        <p>{calendar}</p>
      </>
    ),
  })
}

/** Tells staff that a booking is still without an interpreter close to its start. */
export function bookingUnfilledMail(options: {
  summary: BookingSummary
  organizationName: string
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { summary, organizationName, bookingUrl, company } = options
  return renderMail({
    subject: `Unfilled: ${summary.what} for ${organizationName}, ${summary.when}`,
    company,
    text: [
      `This booking for ${organizationName} has no interpreter yet and starts soon:`,
      summaryLines(summary).join('\n'),
      bookingUrl,
    ].join('\n\n'),
    body: (
      <>
        <p>This booking for {organizationName} has no interpreter yet and starts soon:</p>
        <SummaryList summary={summary} />
        <MailButton href={bookingUrl}>Open the booking</MailButton>
      </>
    ),
  })
}

/**
 * Tells the client who made a booking that it is still without an interpreter close to its
 * start, what staff do meanwhile and whom to call when it cannot wait.
 */
export function bookingNotYetFilledMail(options: {
  clientName: string
  summary: BookingSummary
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { clientName, summary, bookingUrl, company } = options
  const notYet = 'We have not yet found an interpreter for your booking:'
  const next =
    'We keep trying, and we will tell you as soon as an interpreter confirms. You do not need to book again.'
  const urgent = `If you need someone urgently, call us at ${company.phone}.`
  return renderMail({
    subject: `Not yet filled: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${clientName},`,
      notYet,
      summaryLines(summary).join('\n'),
      `${next} ${urgent}`,
      `Your booking: ${bookingUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {clientName},</p>
        <p>{notYet}</p>
        <SummaryList summary={summary} />
        <p>{next}</p>
        <p>
          If you need someone urgently, call us at{' '}
          <a href={telHref(company.phone)}>{company.phone}</a>.
        </p>
        <MailButton href={bookingUrl}>Open your booking</MailButton>
      </>
    ),
  })
}

/**
 * Tells the client who made a booking that our staff cancelled or moved it (at their request
 * by phone, or because the company had to). With the calendar update when they hold the
 * event: a cancellation takes it out, a new time moves it.
 */
export function bookingChangedByStaffMail(options: {
  clientName: string
  change: 'cancelled' | 'rescheduled' | 'details'
  summary: BookingSummary
  previousWhen?: string
  /** A cancellation the late-cancellation policy bills. */
  late?: boolean
  /** What happens to the interpreter after a move, in a sentence. */
  next?: string
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { clientName, change, summary, previousWhen, late, next, bookingUrl, company } = options
  const sentence = {
    cancelled: `Our team has cancelled your booking${late ? ', within 24 hours of its start: the late-cancellation policy applies' : '. Nothing is billed for it'}:`,
    rescheduled: `Our team has moved your booking${previousWhen ? ` from ${previousWhen}` : ''} to this time:`,
    details: 'Our team has changed the details of your booking; here is what holds now:',
  }[change]
  const subject = {
    cancelled: 'Booking cancelled',
    rescheduled: 'Booking moved',
    details: 'Booking details changed',
  }[change]
  return renderMail({
    subject: `${subject}: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${clientName},`,
      sentence,
      summaryLines(summary).join('\n'),
      ...(next ? [next] : []),
      `If this is not what you expected, call us at ${company.phone} or reply to this e-mail.`,
      `Your booking: ${bookingUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {clientName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        {next ? <p>{next}</p> : null}
        <p>
          If this is not what you expected, call us at{' '}
          <a href={telHref(company.phone)}>{company.phone}</a> or reply to this e-mail.
        </p>
        <MailButton href={bookingUrl}>Open your booking</MailButton>
      </>
    ),
  })
}

/**
 * Reminds the confirmed interpreter of an assignment close to its start (24 hours, then 2
 * hours before), with whom to ask for on the day; the calendar file goes with it.
 */
export function assignmentReminderMail(options: {
  firstName: string
  summary: BookingSummary
  contact: string
  assignmentsUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, summary, contact, assignmentsUrl, company } = options
  const sentence = 'A reminder of your assignment, which starts soon:'
  const calendar = 'The calendar file attached (booking.ics) keeps it in your calendar.'
  return renderMail({
    subject: `Reminder: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      sentence,
      summaryLines(summary).join('\n'),
      `Contact on the day: ${contact}`,
      `Your assignments: ${assignmentsUrl}`,
      calendar,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <p>
          <strong>Contact on the day:</strong> {contact}
        </p>
        <MailButton href={assignmentsUrl}>Open your assignments</MailButton>
        <p>{calendar}</p>
      </>
    ),
  })
}

/**
 * Reminds the client who booked of a confirmed booking close to its start, and who is
 * coming; their organization's settings say whether they get it (24 hours, 2 hours before).
 */
export function bookingReminderMail(options: {
  clientName: string
  interpreterFirstName: string
  summary: BookingSummary
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { clientName, interpreterFirstName, summary, bookingUrl, company } = options
  const sentence = `A reminder of your booking, which starts soon: ${interpreterFirstName} will be your interpreter.`
  const change = `To change or cancel it, open your booking or call us at ${company.phone}.`
  return renderMail({
    subject: `Reminder: ${interpreterFirstName} will interpret, ${summary.when}`,
    company,
    text: [
      `Hello ${clientName},`,
      sentence,
      summaryLines(summary).join('\n'),
      change,
      `Your booking: ${bookingUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {clientName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <p>
          To change or cancel it, open your booking or call us at{' '}
          <a href={telHref(company.phone)}>{company.phone}</a>.
        </p>
        <MailButton href={bookingUrl}>Open your booking</MailButton>
      </>
    ),
  })
}

/**
 * Tells the confirmed interpreter that staff changed where the assignment is or whom they
 * meet; the attached calendar file updates the event.
 */
export function assignmentDetailsChangedMail(options: {
  firstName: string
  summary: BookingSummary
  contact: string
  notes: string | null
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, summary, contact, notes, company } = options
  const sentence =
    'Our dispatch team has changed the details of this assignment. It is still yours; here is what holds now:'
  const calendar = 'The calendar file attached (booking.ics) updates it in your calendar.'
  return renderMail({
    subject: `Assignment details changed: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${firstName},`,
      sentence,
      summaryLines(summary).join('\n'),
      `Contact on the day: ${contact}`,
      ...(notes ? [`Notes: ${notes}`] : []),
      calendar,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <p>Contact on the day: {contact}</p>
        {notes ? <p>Notes: {notes}</p> : null}
        <p>{calendar}</p>
      </>
    ),
  })
}

/**
 * Tells the client who made a booking that its interpreter cannot make the new time, so the
 * booking is being dispatched again; nothing for them to do.
 */
export function newTimeDeclinedMail(options: {
  clientName: string
  interpreterFirstName: string
  summary: BookingSummary
  bookingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { clientName, interpreterFirstName, summary, bookingUrl, company } = options
  const sentence = `${interpreterFirstName} cannot make the new time of your booking, so our dispatch team is finding another interpreter. We will tell you who is coming as soon as one confirms; there is no need to book again:`
  return renderMail({
    subject: `Finding a new interpreter: ${summary.what}, ${summary.when}`,
    company,
    text: [
      `Hello ${clientName},`,
      sentence,
      summaryLines(summary).join('\n'),
      `Your booking: ${bookingUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {clientName},</p>
        <p>{sentence}</p>
        <SummaryList summary={summary} />
        <MailButton href={bookingUrl}>Open your booking</MailButton>
      </>
    ),
  })
}
