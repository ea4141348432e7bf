import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

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
 * The applicant's acknowledgement: we reply within 24 hours (docs/product.md#mail-and-calls).
 * It goes to an address nobody has verified, so it repeats nothing the applicant typed (no
 * name, no file name): only the position, which comes from our own postings, and the
 * resume's size.
 */
export function interpreterApplicationAcknowledgement(
  application: Pick<InterpreterApplicationMailData, 'position' | 'resume'>,
  company: CompanyIdentity,
  /** The applicant's private status page (docs/product.md#application-status-page). */
  statusUrl: string,
): RenderedMail {
  const subject = `We received your application - ${company.name}`
  const file = `(${formatSize(application.resume.byteSize)})`
  const steps = [
    'Review: our recruiting team reads your application and resume.',
    'Test: we invite you to a language proficiency and skills assessment.',
    'Start: once you pass, we onboard you and you begin taking calls.',
  ]
  const notYou =
    'If you did not apply, someone else typed your address into our form: you can ignore this e-mail.'
  return renderMail({
    subject,
    company,
    text: [
      'Hello,',
      `Thank you for applying for the ${application.position} position with ${company.name}. We have received your application and your resume ${file}.`,
      `Our recruiting team will review it and get back to you within 24 hours.`,
      `What happens next:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
      `Follow your application, withdraw it or have your data erased on your private status page (keep this link to yourself): ${statusUrl}`,
      `If you have a question in the meantime, reply to this e-mail or call us at ${company.phone}.`,
      notYou,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello,</p>
        <p>
          Thank you for applying for the <strong>{application.position}</strong> position with{' '}
          {company.name}. We have received your application and your resume {file}.
        </p>
        <p>Our recruiting team will review it and get back to you within 24 hours.</p>
        <p style={{ marginBottom: 4 }}>
          <strong>What happens next:</strong>
        </p>
        <ol style={{ marginTop: 0 }}>
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>
          Follow your application, withdraw it or have your data erased on your{' '}
          <a href={statusUrl}>private status page</a> (keep this link to yourself).
        </p>
        <MailButton href={statusUrl}>Open your status page</MailButton>
        <p>
          If you have a question in the meantime, reply to this e-mail or call us at {company.phone}
          .
        </p>
        <p style={{ color: '#475569', fontSize: 13 }}>{notYou}</p>
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
