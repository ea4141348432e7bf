import { describe, expect, it } from 'vitest'
import { invitationMail, passwordResetMail, signInsPausedMail } from './account.server'
import { applicationDecisionMail } from './application-decision.server'
import { interpreterInvitationMail } from './interpreter-invitation.server'

const company = {
  name: 'Example Language Services',
  phone: '+1 555 0100',
  email: 'info@example.com',
  address: '1 Example Road',
  website: 'https://languages.example',
}

/**
 * Mail that invites a reply is sent with `Reply-To` (the company's address); mail sent
 * without one must not invite a reply, since nobody reads the `MAIL_FROM` mailbox.
 */
describe('replies', () => {
  it('are invited only by the mails that are sent with Reply-To', () => {
    const withoutReplyTo = [
      passwordResetMail({ name: 'Ana', resetUrl: 'https://x.example/r', company }),
      invitationMail({
        name: 'Ana',
        inviterName: 'Rita',
        acceptUrl: 'https://x.example/a',
        company,
      }),
      signInsPausedMail({ name: 'Ana', forgotPasswordUrl: 'https://x.example/f', company }),
    ]
    for (const mail of withoutReplyTo) expect(`${mail.text}\n${mail.html}`).not.toMatch(/reply/i)

    // These invite a reply, and their senders set Reply-To (see the model tests).
    const decision = applicationDecisionMail(
      'approved',
      { firstName: 'Ana', position: 'Spanish Interpreter' },
      company,
    )
    expect(decision.text).toMatch(/Reply to this e-mail/)
    const portal = interpreterInvitationMail({ firstName: 'Ana', acceptUrl: 'https://x', company })
    expect(portal.text).toMatch(/ask us for a new one/)
  })
})
