import type { CompanyIdentity } from '../lib/company'
import { renderMail, type RenderedMail } from './render.server'

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
        <p>
          <a href={lead.requestUrl}>Open the request</a>
        </p>
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

/** To the owner, or every admin when nobody owns it: the response target has passed. */
export function leadBreachedMail(options: {
  lead: LeadSummary
  ownerName: string | null
  company: CompanyIdentity
}): RenderedMail {
  const { lead, ownerName, company } = options
  return leadMail({
    subject: `Response overdue: ${lead.name} (${lead.company})`,
    lead,
    company,
    lines: [
      `The request from ${lead.name} (${lead.company}) has not been answered, and its response target passed${lead.dueAt ? ` at ${lead.dueAt}` : ''}.`,
      ownerName
        ? `It is assigned to ${ownerName}.`
        : 'Nobody is assigned to it: please take it or assign it.',
    ],
  })
}

/** To every admin, 30 minutes after a breach that is still unanswered. */
export function leadEscalationMail(options: {
  lead: LeadSummary
  ownerName: string | null
  company: CompanyIdentity
}): RenderedMail {
  const { lead, ownerName, company } = options
  return leadMail({
    subject: `Still unanswered: ${lead.name} (${lead.company})`,
    lead,
    company,
    lines: [
      `The request from ${lead.name} (${lead.company}) is still unanswered 30 minutes after its response target passed${lead.dueAt ? ` (${lead.dueAt})` : ''}.`,
      ownerName ? `It is assigned to ${ownerName}.` : 'Nobody is assigned to it.',
    ],
  })
}
