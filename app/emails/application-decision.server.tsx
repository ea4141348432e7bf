import { onboardingSteps } from '../domain/onboarding'
import type { CompanyIdentity } from '../domain/company'
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
    // The same six steps the interpreter portal shows (app/domain/onboarding.ts).
    const steps = onboardingSteps.map((step) => step.label)
    return renderMail({
      subject: `Your application has been approved - ${company.name}`,
      company,
      text: [
        `Hello ${application.firstName},`,
        `Good news: your application for the ${application.position} position has been approved. Welcome to ${company.name}!`,
        `Your onboarding has six steps, which your interpreter portal shows with what each needs (a separate e-mail brings the link to choose your password):\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
        `Questions? Reply to this e-mail or call us at ${company.phone}.`,
      ].join('\n\n'),
      body: (
        <>
          <p>Hello {application.firstName},</p>
          <p>
            Good news: your application for the <strong>{application.position}</strong> position has
            been approved. Welcome to {company.name}!
          </p>
          <p>
            Your onboarding has six steps, which your interpreter portal shows with what each needs
            (a separate e-mail brings the link to choose your password):
          </p>
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
