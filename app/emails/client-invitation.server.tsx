import type { CompanyIdentity } from '../lib/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * Sent when staff (or the organisation's manager) invite someone to the client portal: the
 * link to choose a password, valid 48 hours and usable once.
 */
export function clientInvitationMail(options: {
  name: string
  organizationName: string
  acceptUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, organizationName, acceptUrl, company } = options
  return renderMail({
    subject: `Your ${company.name} client portal account`,
    company,
    text: [
      `Hello ${name},`,
      `You now have an account for ${organizationName} in the ${company.name} client portal, where you book interpreters, ask for translation quotes and follow your requests. Open this link within 48 hours to choose your password:`,
      acceptUrl,
      'If the link has expired, ask us for a new one.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>
          You now have an account for {organizationName} in the {company.name} client portal, where
          you book interpreters, ask for translation quotes and follow your requests. Open this link
          within 48 hours to choose your password:
        </p>
        <MailButton href={acceptUrl}>Choose your password</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>
          If the link has expired, ask us for a new one.
        </p>
      </>
    ),
  })
}
