/**
 * The privacy notice applicants agree to (shown at /privacy). Change the version whenever
 * the text changes: each application stores the version it was given with the time of
 * consent.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-24'

export interface PrivacySection {
  heading: string
  paragraphs: string[]
}

/**
 * The notice's sections. `{applicationMonths}` and `{leadMonths}` are the retention periods
 * the site runs with (APPLICATION_RETENTION_MONTHS, CLIENT_REQUEST_RETENTION_MONTHS), filled
 * in by the page's loader.
 */
const privacySections: PrivacySection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      'We are the language services company named at the foot of this page. We decide how the information you send us is used, and you can reach us at the e-mail address and phone number shown there.',
    ],
  },
  {
    heading: 'What we collect',
    paragraphs: [
      'When you apply to interpret for us: your name, e-mail address, phone number, postal address, the languages you speak and your level of English, your interpreting and medical interpreting experience, your availability, your expected pay, anything you write under additional information, and the resume you upload.',
      'When you contact us or request a demo: your name, e-mail address, phone number if you give it, your organization and your message.',
      'With every form we record the time you sent it and the internet address it came from, to protect the forms against abuse.',
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      'We use application details only to assess your application, to contact you about it and about interpreting work, to test your language skills and, if you join us, to onboard you. We use contact details only to answer your request.',
      'We never sell your information and we do not use it for advertising.',
    ],
  },
  {
    heading: 'Who can see it',
    paragraphs: [
      'Our recruiting and client services staff. The companies that host our website, database and e-mail process it on our behalf and under contract. If you reach the background-check stage we will ask for your separate permission before sharing anything with the screening provider.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Applications and resumes that do not lead to a contract are erased {applicationMonths} months after their last change, unless you ticked the box on the form asking us to keep them on file so that we can consider you for new openings in your languages; you can ask us to delete them sooner at any time. Contact requests are erased {leadMonths} months after their last change, unless you have an account with us.',
    ],
  },
  {
    heading: 'Your choices',
    paragraphs: [
      'You can ask us for a copy of your information, to correct it, or to delete it, by writing to the e-mail address at the foot of this page. Withdrawing your consent ends the processing of your application; it does not affect what we did before.',
      'The e-mail confirming your application contains a private link to its status page, where you can follow it, withdraw it, or have your data erased yourself.',
    ],
  },
  {
    heading: 'How we protect it',
    paragraphs: [
      'Connections to this site are encrypted. Resumes are stored outside the public website and only staff who review applications can open them. Our interpreters and staff are bound by confidentiality.',
    ],
  },
]

/**
 * Everything the privacy notice page says, in one copy tree (app/i18n/sources.server.ts): its
 * loader hands it to the page in the page's language, `{version}` and `{date}` (the day the
 * version took effect) filled in.
 */
export const privacyNotice = {
  seo: {
    title: 'Privacy Notice',
    description:
      'How we use the information you send us when you apply to interpret for us or contact our team, how long we keep it and how to reach us about it.',
    keywords: ['privacy notice', 'interpreter application data', 'data protection'],
  },
  crumb: 'Privacy Notice',
  heading: 'Privacy Notice',
  version: 'Version {version}, in effect since {date}.',
  sections: privacySections,
  contactHeading: 'Contact',
}
