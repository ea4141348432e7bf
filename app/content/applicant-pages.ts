import { applicantStatusTexts } from '../domain/applicant-status'

/**
 * The applicant's private pages (docs/product.md#application-status-page): the status page
 * and the erasure confirmation, as copy trees of the catalogues (app/i18n/sources.server.ts).
 */
export const applicationStatusPage = {
  seo: {
    title: 'Your application',
    description: 'The status of your interpreter application.',
  },
  heading: 'Your application',
  invalidLink:
    'This status link is not valid or no longer works. If you applied with us and need help, reply to the e-mail you received from us.',
  position: 'Position',
  appliedOn: 'Applied on',
  status: 'Status',
  statuses: applicantStatusTexts,
  withdrawn: 'Your application is withdrawn.',
  erasureRequested:
    'We sent an e-mail to the address you applied with. Follow its link within {hours} hours to confirm that your data should be erased.',
  errors: {
    invalid: 'Invalid request.',
    decided: 'This application can no longer be withdrawn.',
    tooMany:
      'We have sent too many e-mails to this address today. Please try again tomorrow, or reply to our e-mail.',
  },
  withdraw: {
    link: 'Withdraw my application',
    heading: 'Withdraw your application?',
    button: 'Yes, withdraw my application',
    text: 'Your application for {position} will be marked as withdrawn and our staff will not act on it. This cannot be undone here; to apply again, send a new application.',
  },
  erase: {
    link: 'Erase my data',
    heading: 'Erase your data?',
    button: 'Send me the confirmation e-mail',
    text: 'We will e-mail you a link to confirm. Following it erases your application, your resume and our e-mails to you, and this page will no longer work.',
  },
  cancel: 'Cancel',
}

export const applicationErasurePage = {
  seo: {
    title: 'Erase your data',
    description: 'Confirm the erasure of your application data.',
  },
  heading: 'Erase your data',
  erased:
    'Your data has been erased: your application, your resume and our e-mails to you. Your status link no longer works.',
  missing:
    'This link is not valid, was already used or has expired. You can ask for a new one on your application status page.',
  hasAccount:
    'Your e-mail address belongs to a portal account, so we cannot erase it from here. Please reply to our e-mail and our staff will erase your data.',
  question:
    'Erase every application, resume and e-mail we hold under the address this link was sent to? This cannot be undone.',
  button: 'Erase my data now',
}
