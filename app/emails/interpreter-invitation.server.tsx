import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * Sent when staff approve an application (or resend it): the link to choose a password for
 * the interpreter portal, valid 48 hours and usable once.
 */
export function interpreterInvitationMail(options: {
  firstName: string
  acceptUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, acceptUrl, company } = options
  return renderMail({
    subject: `Your ${company.name} interpreter portal account`,
    company,
    text: [
      `Hello ${firstName},`,
      `Your interpreter account at ${company.name} is ready. Open this link within 48 hours to choose your password; the portal then shows your onboarding steps:`,
      acceptUrl,
      'If the link has expired, ask us for a new one.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>
          Your interpreter account at {company.name} is ready. Open this link within 48 hours to
          choose your password; the portal then shows your onboarding steps:
        </p>
        <MailButton href={acceptUrl}>Choose your password</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>
          If the link has expired, ask us for a new one.
        </p>
      </>
    ),
  })
}
