import type { LeadType } from '../../db/schema'
import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

export interface LeadMailData {
  id: string
  type: LeadType
  name: string
  email: string
  phone?: string | null
  company: string
  message: string
}

const requestLabel = (type: LeadType) => (type === 'demo' ? 'demo request' : 'message')

/**
 * The acknowledgement a visitor receives after the contact or demo form. It goes to an
 * address nobody has verified, so it repeats nothing the visitor typed (no name, no message,
 * no links): it cannot carry someone else's text to a stranger's inbox.
 */
export function leadAcknowledgement(
  request: Pick<LeadMailData, 'type'>,
  company: CompanyIdentity,
): RenderedMail {
  const subject =
    request.type === 'demo'
      ? `We received your demo request - ${company.name}`
      : `We received your message - ${company.name}`
  const thanks = `Thank you for contacting ${company.name}. We received your ${requestLabel(request.type)} and a member of our team will respond within 1 hour during business hours (Monday to Friday, 8:00 AM to 8:00 PM EST). For urgent interpreting needs we are available 24/7 at ${company.phone}.`
  const notYou =
    'If you did not send this request, someone else typed your address into our form: you can ignore this e-mail.'
  return renderMail({
    subject,
    company,
    text: ['Hello,', thanks, notYou].join('\n\n'),
    body: (
      <>
        <p>Hello,</p>
        <p>{thanks}</p>
        <p style={{ color: '#475569', fontSize: 13 }}>{notYou}</p>
      </>
    ),
  })
}

/** The notification staff receive for a new lead. */
export function leadStaffNotification(
  request: LeadMailData,
  company: CompanyIdentity,
  siteUrl: string,
): RenderedMail {
  const kind = request.type === 'demo' ? 'demo request' : 'contact request'
  const subject = `New ${kind} from ${request.name} (${request.company})`
  const adminUrl = `${siteUrl}/admin/clients/${request.id}`
  const details: [string, string][] = [
    ['Name', request.name],
    ['Email', request.email],
    ['Phone', request.phone || 'not given'],
    ['Company', request.company],
    ['Type', request.type],
  ]
  return renderMail({
    subject,
    company,
    text: [
      `A new ${kind} arrived.`,
      details.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `Message:\n${request.message}`,
      `Open this request: ${adminUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>A new {kind} arrived.</p>
        <table role="presentation" cellPadding={4} cellSpacing={0}>
          <tbody>
            {details.map(([label, value]) => (
              <tr key={label}>
                <td style={{ color: '#475569', paddingRight: 12 }}>{label}</td>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p style={{ marginBottom: 4 }}>
          <strong>Message:</strong>
        </p>
        <blockquote
          style={{
            margin: 0,
            padding: '8px 12px',
            borderLeft: '3px solid #cbd5e1',
            whiteSpace: 'pre-wrap',
          }}
        >
          {request.message}
        </blockquote>
        <MailButton href={adminUrl}>Open this request</MailButton>
      </>
    ),
  })
}
