import { onboardingSteps } from '../domain/onboarding'

/**
 * What the e-mails to applicants and visitors say, as copy trees of the catalogues
 * (app/i18n/sources.server.ts): they go out in the language the applicant applied in. ICU
 * messages: `{company}`, `{position}` … are filled in, `<b>…</b>` is bold in the HTML part.
 * Kept apart from the templates, which the catalogues' sources must not import.
 */

/** The shared layout of every e-mail. */
export const mailLayout = { logoAlt: '{company} logo' }

export const applicantMails = {
  acknowledgement: {
    subject: 'We received your application - {company}',
    greeting: 'Hello,',
    thanks:
      'Thank you for applying for the <b>{position}</b> position with {company}. We have received your application and your resume {file}.',
    reply: 'Our recruiting team will review it and get back to you within 24 hours.',
    nextHeading: 'What happens next:',
    steps: [
      'Review: our recruiting team reads your application and resume.',
      'Test: we invite you to a language proficiency and skills assessment.',
      'Start: once you pass, we onboard you and you begin taking calls.',
    ],
    statusText:
      'Follow your application, withdraw it or have your data erased on your private status page (keep this link to yourself): {url}',
    statusHtml:
      'Follow your application, withdraw it or have your data erased on your <a>private status page</a> (keep this link to yourself).',
    statusButton: 'Open your status page',
    question: 'If you have a question in the meantime, reply to this e-mail or call us at {phone}.',
    notYou:
      'If you did not apply, someone else typed your address into our form: you can ignore this e-mail.',
  },
  approved: {
    subject: 'Your application has been approved - {company}',
    greeting: 'Hello {name},',
    news: 'Good news: your application for the <b>{position}</b> position has been approved. Welcome to {company}!',
    onboarding:
      'Your onboarding has six steps, which your interpreter portal shows with what each needs (a separate e-mail brings the link to choose your password):',
    // The same six steps the interpreter portal shows (app/domain/onboarding.ts).
    steps: onboardingSteps.map((step) => step.label),
    questions: 'Questions? Reply to this e-mail or call us at {phone}.',
  },
  erasure: {
    subject: 'Confirm the erasure of your data - {company}',
    greeting: 'Hello,',
    intro:
      'Someone asked, on the private status page of your application, for your personal data to be erased.',
    what: 'Following this link within {hours} hours and confirming there erases your application, your resume and our e-mails to you. It cannot be undone.',
    button: 'Erase my data',
    notYou: 'If you did not ask for this, ignore this e-mail: nothing will be erased.',
  },
  rejected: {
    subject: 'About your application - {company}',
    greeting: 'Hello {name},',
    thanks:
      'Thank you for your interest in the <b>{position}</b> position with {company} and for the time you took to apply.',
    decision:
      'After careful review we will not move forward with your application at this time. Our needs change often, and you are welcome to apply again in the future.',
    wishes: 'We wish you every success.',
  },
}

/** The acknowledgement a visitor gets after the contact or demo form, in the form's language. */
export const visitorMails = {
  subject: {
    demo: 'We received your demo request - {company}',
    message: 'We received your message - {company}',
  },
  greeting: 'Hello,',
  thanks: {
    demo: 'Thank you for contacting {company}. We received your demo request and a member of our team will respond within 1 hour during business hours (Monday to Friday, 8:00 AM to 8:00 PM EST). For urgent interpreting needs we are available 24/7 at {phone}.',
    message:
      'Thank you for contacting {company}. We received your message and a member of our team will respond within 1 hour during business hours (Monday to Friday, 8:00 AM to 8:00 PM EST). For urgent interpreting needs we are available 24/7 at {phone}.',
  },
  notYou:
    'If you did not send this request, someone else typed your address into our form: you can ignore this e-mail.',
}
