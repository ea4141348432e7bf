import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** Sent when staff reject an uploaded onboarding document: the reason and where to upload again. */
export function documentRejectedMail(options: {
  firstName: string
  document: string
  reason: string
  onboardingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, document, reason, onboardingUrl, company } = options
  return renderMail({
    subject: `Your ${document} document needs another upload`,
    company,
    text: [
      `Hello ${firstName},`,
      `We could not accept the document you uploaded for "${document}".`,
      `Reason: ${reason}`,
      `Please upload a new one on your onboarding page: ${onboardingUrl}`,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>We could not accept the document you uploaded for &ldquo;{document}&rdquo;.</p>
        <p>
          <strong>Reason:</strong> {reason}
        </p>
        <p>
          Please upload a new one on your <a href={onboardingUrl}>onboarding page</a>.
        </p>
      </>
    ),
  })
}

function expiryPhrase(daysLeft: number, expiresOn: string): string {
  return daysLeft <= 0
    ? `expires today (${expiresOn})`
    : `expires in ${daysLeft} days, on ${expiresOn}`
}

/** The interpreter's reminder 30, 7 and 0 days before a credential expires. */
export function credentialReminderMail(options: {
  firstName: string
  credential: string
  daysLeft: number
  expiresOn: string
  onboardingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, credential, daysLeft, expiresOn, onboardingUrl, company } = options
  const when = expiryPhrase(daysLeft, expiresOn)
  return renderMail({
    subject: `Your ${credential} ${daysLeft <= 0 ? 'expires today' : `expires in ${daysLeft} days`}`,
    company,
    text: [
      `Hello ${firstName},`,
      `Your ${credential} ${when}. Please upload a current one so that you keep receiving assignments:`,
      onboardingUrl,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>
          Your {credential} {when}. Please upload a current one so that you keep receiving
          assignments:
        </p>
        <MailButton href={onboardingUrl}>Upload a current document</MailButton>
      </>
    ),
  })
}

/** Tells staff that an interpreter's credential has expired and its step is open again. */
export function credentialExpiredStaffMail(options: {
  interpreterName: string
  credential: string
  expiresOn: string
  managerUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { interpreterName, credential, expiresOn, managerUrl, company } = options
  return renderMail({
    subject: `Expired: ${interpreterName}, ${credential}`,
    company,
    text: [
      `${interpreterName}'s ${credential} expired on ${expiresOn}. The onboarding step is open again until a current document is accepted.`,
      managerUrl,
    ].join('\n\n'),
    body: (
      <>
        <p>
          {interpreterName}&rsquo;s {credential} expired on {expiresOn}. The onboarding step is open
          again until a current document is accepted.
        </p>
        <MailButton href={managerUrl}>Open the Interpreter manager</MailButton>
      </>
    ),
  })
}

/**
 * Tells an interpreter whose first onboarding step waited for it that the contractor
 * agreement is published and can be signed (the portal promised this e-mail).
 */
export function agreementReadyMail(options: {
  firstName: string
  agreementTitle: string
  onboardingUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, agreementTitle, onboardingUrl, company } = options
  return renderMail({
    subject: 'Your contractor agreement is ready to sign',
    company,
    text: [
      `Hello ${firstName},`,
      `The ${agreementTitle} is now published. Please read it and sign it on your onboarding page, the first of your six onboarding steps:`,
      onboardingUrl,
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>
          The {agreementTitle} is now published. Please read it and sign it on your onboarding page,
          the first of your six onboarding steps.
        </p>
        <MailButton href={onboardingUrl}>Read and sign the agreement</MailButton>
      </>
    ),
  })
}
