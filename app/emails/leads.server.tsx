import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** What the lead e-mails say about a client request. */
export interface LeadSummary {
  name: string
  company: string
  requestUrl: string
  /** "Tue, Nov 24, 2026, 10:00 AM EST": when the first answer is due. */
  dueAt: string | null
}

function leadMail(options: {
  subject: string
  lines: string[]
  lead: LeadSummary
  company: CompanyIdentity
}): RenderedMail {
  const { subject, lines, lead, company } = options
  return renderMail({
    subject,
    company,
    text: [...lines, `Open the request: ${lead.requestUrl}`].join('\n\n'),
    body: (
      <>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <MailButton href={lead.requestUrl}>Open the request</MailButton>
      </>
    ),
  })
}

/** To a member of staff: a client request is theirs to answer (round-robin or by hand). */
export function leadAssignedMail(options: {
  ownerName: string
  lead: LeadSummary
  assignedBy: string | null
  company: CompanyIdentity
}): RenderedMail {
  const { ownerName, lead, assignedBy, company } = options
  return leadMail({
    subject: `New lead for you: ${lead.name} (${lead.company})`,
    lead,
    company,
    lines: [
      `Hello ${ownerName},`,
      assignedBy
        ? `${assignedBy} assigned you the request from ${lead.name} (${lead.company}).`
        : `The request from ${lead.name} (${lead.company}) is yours to answer.`,
      ...(lead.dueAt ? [`Please answer it by ${lead.dueAt}.`] : []),
    ],
  })
}

/**
 * The response target passed unanswered: to the owner, or every admin when nobody owns it;
 * and 30 minutes later (`escalation`), still unanswered, to every admin.
 */
export function leadOverdueMail(options: {
  lead: LeadSummary
  ownerName: string | null
  escalation: boolean
  company: CompanyIdentity
}): RenderedMail {
  const { lead, ownerName, escalation, company } = options
  const who = `${lead.name} (${lead.company})`
  const due = lead.dueAt ? ` (${lead.dueAt})` : ''
  return leadMail({
    subject: escalation ? `Still unanswered: ${who}` : `Response overdue: ${who}`,
    lead,
    company,
    lines: [
      escalation
        ? `The request from ${who} is still unanswered 30 minutes after its response target passed${due}.`
        : `The request from ${who} has not been answered, and its response target passed${due}.`,
      ownerName
        ? `It is assigned to ${ownerName}.`
        : 'Nobody is assigned to it: please take it or assign it.',
    ],
  })
}
