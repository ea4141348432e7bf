import type { CompanyIdentity } from '../lib/company'
import { renderMail, type RenderedMail } from './render.server'

export type Decision = 'approved' | 'rejected'

export interface DecisionMailData {
  firstName: string
  position: string
}

/** The e-mail an applicant gets when staff approve or reject the application. */
export function applicationDecisionMail(
  decision: Decision,
  application: DecisionMailData,
  company: CompanyIdentity,
): RenderedMail {
  if (decision === 'approved') {
    const steps = [
      'Sign the independent contractor agreement we will send you.',
      'Complete the background check.',
      'Take the language proficiency test and the medical terminology assessment.',
      'Join an orientation session and a system test call.',
    ]
    return renderMail({
      subject: `Your application has been approved - ${company.name}`,
      company,
      text: [
        `Hello ${application.firstName},`,
        `Good news: your application for the ${application.position} position has been approved. Welcome to ${company.name}!`,
        `Our onboarding team will contact you shortly to walk you through the next steps:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
        `Questions? Reply to this e-mail or call us at ${company.phone}.`,
      ].join('\n\n'),
      body: (
        <>
          <p>Hello {application.firstName},</p>
          <p>
            Good news: your application for the <strong>{application.position}</strong> position has
            been approved. Welcome to {company.name}!
          </p>
          <p>Our onboarding team will contact you shortly to walk you through the next steps:</p>
          <ol>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>Questions? Reply to this e-mail or call us at {company.phone}.</p>
        </>
      ),
    })
  }
  return renderMail({
    subject: `About your application - ${company.name}`,
    company,
    text: [
      `Hello ${application.firstName},`,
      `Thank you for your interest in the ${application.position} position with ${company.name} and for the time you took to apply.`,
      'After careful review we will not move forward with your application at this time. Our needs change often, and you are welcome to apply again in the future.',
      'We wish you every success.',
    ].join('\n\n'),
    body: (
      <>
        <p>Hello {application.firstName},</p>
        <p>
          Thank you for your interest in the <strong>{application.position}</strong> position with{' '}
          {company.name} and for the time you took to apply.
        </p>
        <p>
          After careful review we will not move forward with your application at this time. Our
          needs change often, and you are welcome to apply again in the future.
        </p>
        <p>We wish you every success.</p>
      </>
    ),
  })
}
