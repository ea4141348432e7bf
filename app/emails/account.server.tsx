import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** The password-reset link (valid 30 minutes, single use). */
export function passwordResetMail(options: {
  name: string
  resetUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, resetUrl, company } = options
  return renderMail({
    subject: `Reset your password - ${company.name}`,
    company,
    text: [
      `Hello ${name},`,
      'Someone (hopefully you) asked to reset the password of your account. Open this link within 30 minutes to choose a new one:',
      resetUrl,
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>
          Someone (hopefully you) asked to reset the password of your account. Open this link within
          30 minutes to choose a new one:
        </p>
        <MailButton href={resetUrl}>Choose a new password</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>
          The link works once. If you did not ask for it, ignore this e-mail: your password stays as
          it is.
        </p>
      </>
    ),
  })
}

/** The invitation to the admin area (a link to choose a password, valid 48 hours). */
export function invitationMail(options: {
  name: string
  inviterName: string
  acceptUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, inviterName, acceptUrl, company } = options
  return renderMail({
    subject: `You are invited to the ${company.name} staff area`,
    company,
    text: [
      `Hello ${name},`,
      `${inviterName} invited you to the staff area of ${company.name}. Open this link within 48 hours to choose your password:`,
      acceptUrl,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>
          {inviterName} invited you to the staff area of {company.name}. Open this link within 48
          hours to choose your password:
        </p>
        <MailButton href={acceptUrl}>Accept the invitation</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>
          If you did not expect this invitation, you can ignore this e-mail.
        </p>
      </>
    ),
  })
}

/**
 * Sign-ins to an account are slowed after repeated wrong passwords. Its owner learns of it,
 * and that a correct password from their usual address still works.
 */
export function signInsPausedMail(options: {
  name: string
  forgotPasswordUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { name, forgotPasswordUrl, company } = options
  const paused =
    'Someone entered a wrong password for your account several times, so we now slow down further sign-in attempts from the addresses they used.'
  const stillWorks =
    'If it was you, wait a few minutes and try again: your correct password from a network that has not been failing still signs you in.'
  const notYou = 'If it was not you, choose a new password:'
  return renderMail({
    subject: `Sign-in attempts to your account - ${company.name}`,
    company,
    text: [`Hello ${name},`, paused, stillWorks, notYou, forgotPasswordUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {name},</p>
        <p>{paused}</p>
        <p>{stillWorks}</p>
        <p>
          {notYou} <a href={forgotPasswordUrl}>Reset your password</a>
        </p>
      </>
    ),
  })
}
