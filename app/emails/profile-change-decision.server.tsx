import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * Sent when staff approve or reject the languages and specializations an interpreter asked
 * for on their profile (docs/product.md#profile). A rejection carries staff's reason.
 */
export function profileChangeDecisionMail(options: {
  firstName: string
  decision: 'approved' | 'rejected'
  /** What was asked for, one line each: `Spanish (Fluent)`, `Specializations: Medical`. */
  requested: string[]
  reason: string | null
  profileUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, decision, requested, reason, profileUrl, company } = options
  const approved = decision === 'approved'
  const verdict = approved
    ? 'Our team approved the change to your languages and specializations. It now counts when we offer you assignments.'
    : 'Our team did not approve the change to your languages and specializations; your profile keeps what it had.'
  return renderMail({
    subject: approved
      ? `Your profile change was approved - ${company.name}`
      : `Your profile change was not approved - ${company.name}`,
    company,
    text: [
      `Hello ${firstName},`,
      verdict,
      `You asked for:\n${requested.map((line) => `- ${line}`).join('\n')}`,
      ...(reason ? [`Reason: ${reason}`] : []),
      `Your profile: ${profileUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{verdict}</p>
        <p>You asked for:</p>
        <ul>
          {requested.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {reason ? (
          <p>
            <strong>Reason:</strong> {reason}
          </p>
        ) : null}
        <MailButton href={profileUrl}>Open your profile</MailButton>
      </>
    ),
  })
}
