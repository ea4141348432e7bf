import { positionInLocale } from '../i18n/position-in-locale.server'
import type { CompanyIdentity } from '../domain/company'
import { DEFAULT_LOCALE, LOCALE_NAMES_IN_ENGLISH, type Locale } from '../domain/locales'
import { copy, fillPlain } from '../i18n/translator.server'
import { MailButton, mailRichText, renderMail, type RenderedMail } from './render.server'

export interface InterpreterApplicationMailData {
  id: string
  firstName: string
  lastName: string
  email: string
  phone: string
  position: string
  languages: string[]
  /** Label/value pairs of the answers, in the order of the form. */
  answers: [string, string][]
  resume: { originalName: string; byteSize: number }
  /** The language the applicant applied in. */
  locale?: Locale
  /** The earliest application with the same e-mail address or phone number, if any. */
  possibleDuplicateOf?: { id: string; createdAt: Date; matches: ('email' | 'phone')[] } | null
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

const usDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

/**
 * The applicant's acknowledgement: we reply within 24 hours (docs/product.md#mail-and-calls),
 * in the language they applied in. It goes to an address nobody has verified, so it repeats
 * nothing the applicant typed (no name, no file name): only the position, which comes from
 * our own postings, and the resume's size.
 */
export function interpreterApplicationAcknowledgement(
  application: Pick<InterpreterApplicationMailData, 'position' | 'resume'>,
  company: CompanyIdentity,
  /** The applicant's private status page (docs/product.md#application-status-page). */
  statusUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): RenderedMail {
  const words = copy(locale, 'applicantMails').acknowledgement
  const values = {
    company: company.name,
    position: positionInLocale(locale, application.position),
    file: `(${formatSize(application.resume.byteSize)})`,
    phone: company.phone,
    url: statusUrl,
  }
  const plain = (message: string) => fillPlain(locale, message, values, ['b'])
  const html = (message: string) => mailRichText(locale, message, values, statusUrl)
  return renderMail({
    subject: plain(words.subject),
    company,
    locale,
    text: [
      words.greeting,
      plain(words.thanks),
      words.reply,
      `${words.nextHeading}\n${words.steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
      plain(words.statusText),
      plain(words.question),
      words.notYou,
    ].join('\n\n'),
    body: (
      <>
        <p>{words.greeting}</p>
        <p>{html(words.thanks)}</p>
        <p>{words.reply}</p>
        <p style={{ marginBottom: 4 }}>
          <strong>{words.nextHeading}</strong>
        </p>
        <ol style={{ marginTop: 0 }}>
          {words.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>{html(words.statusHtml)}</p>
        <MailButton href={statusUrl}>{words.statusButton}</MailButton>
        <p>{plain(words.question)}</p>
        <p style={{ color: '#475569', fontSize: 13 }}>{words.notYou}</p>
      </>
    ),
  })
}

/** The notification staff receive for each new application. */
export function interpreterApplicationStaffNotification(
  application: InterpreterApplicationMailData,
  company: CompanyIdentity,
  siteUrl: string,
): RenderedMail {
  const name = `${application.firstName} ${application.lastName}`
  const duplicate = application.possibleDuplicateOf
  const subject = `New interpreter application: ${name} (${application.position})${duplicate ? ' - possible duplicate' : ''}`
  const adminUrl = `${siteUrl}/admin/interpreters/${application.id}`
  const details: [string, string][] = [
    ['Name', name],
    ['Email', application.email],
    ['Phone', application.phone],
    ['Position', application.position],
    ['Languages', application.languages.join(', ') || 'not given'],
    ...application.answers,
    ['Applied in', LOCALE_NAMES_IN_ENGLISH[application.locale ?? DEFAULT_LOCALE]],
    [
      'Resume',
      `${application.resume.originalName} (${formatSize(application.resume.byteSize)}), in the admin area`,
    ],
    ['Application id', application.id],
  ]
  const duplicateNote = duplicate
    ? `Possible duplicate: an application with the same ${duplicate.matches.map((match) => (match === 'email' ? 'e-mail address' : 'phone number')).join(' and ')} arrived on ${usDate(duplicate.createdAt)} (application ${duplicate.id}).`
    : undefined
  return renderMail({
    subject,
    company,
    text: [
      `A new interpreter application arrived.`,
      ...(duplicateNote ? [duplicateNote] : []),
      details.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `Review it: ${adminUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>A new interpreter application arrived.</p>
        {duplicateNote ? (
          <p style={{ padding: '8px 12px', background: '#fef9c3', borderRadius: 4 }}>
            {duplicateNote}
          </p>
        ) : null}
        <table role="presentation" cellPadding={4} cellSpacing={0}>
          <tbody>
            {details.map(([label, value]) => (
              <tr key={label}>
                <td style={{ color: '#475569', paddingRight: 12, verticalAlign: 'top' }}>
                  {label}
                </td>
                <td style={{ whiteSpace: 'pre-wrap' }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <MailButton href={adminUrl}>Review the application</MailButton>
      </>
    ),
  })
}
