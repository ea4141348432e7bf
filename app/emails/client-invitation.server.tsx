import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * Sent when staff (or the organization's manager) invite someone to the client portal: the
 * link to accept, valid 48 hours and usable once. Nothing is made until it is accepted, and
 * someone who already has an account accepts by signing in (app/routes/auth/accept-invite.tsx).
 */
export function clientInvitationMail(options: {
  name: string
  organizationName: string
  acceptUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, organizationName, acceptUrl, company } = options
  const invitation = `You are invited to join ${organizationName} in the ${company.name} client portal, where you book interpreters, ask for translation quotes and follow your requests. Open this link within 48 hours to accept: you choose your password, or sign in if you already have an account.`
  return renderMail({
    subject: `Your ${company.name} client portal account`,
    company,
    text: [
      `Hello ${name},`,
      invitation,
      acceptUrl,
      'If the link has expired, ask us for a new one. If you did not expect this invitation, ignore this e-mail: nothing happens unless you accept it.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{invitation}</p>
        <MailButton href={acceptUrl}>Accept the invitation</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>
          If the link has expired, ask us for a new one. If you did not expect this invitation,
          ignore this e-mail: nothing happens unless you accept it.
        </p>
      </>
    ),
  })
}
