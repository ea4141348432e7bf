import type { LeadType } from '../../db/schema'
import type { CompanyIdentity } from '../domain/company'
import { DEFAULT_LOCALE, type Locale } from '../domain/locales'
import { copy, fill } from '../i18n/translator.server'
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

/**
 * The acknowledgement a visitor receives after the contact or demo form, in the language of
 * the page they sent it from. It goes to an address nobody has verified, so it repeats nothing
 * the visitor typed (no name, no message, no links): it cannot carry someone else's text to a
 * stranger's inbox.
 */
export function leadAcknowledgement(
  request: Pick<LeadMailData, 'type'> & { locale?: Locale },
  company: CompanyIdentity,
): RenderedMail {
  const locale = request.locale ?? DEFAULT_LOCALE
  const words = copy(locale, 'visitorMails')
  const kind = request.type === 'demo' ? 'demo' : 'message'
  const values = { company: company.name, phone: company.phone }
  const thanks = fill(locale, words.thanks[kind], values)
  return renderMail({
    subject: fill(locale, words.subject[kind], values),
    company,
    locale,
    text: [words.greeting, thanks, words.notYou].join('\n\n'),
    body: (
      <>
        <p>{words.greeting}</p>
        <p>{thanks}</p>
        <p style={{ color: '#475569', fontSize: 13 }}>{words.notYou}</p>
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
