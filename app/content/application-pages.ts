/**
 * The words of the application pages around their position text and form
 * (docs/product.md#application-page, #apply-page): copy trees of the catalogues
 * (app/i18n/sources.server.ts). `{title}` is the position's title.
 */
export const applicationPage = {
  seo: {
    title: '{title} Jobs - Remote Contract Position',
    keywords: [
      '{language} interpreter jobs',
      'remote {language} interpreter',
      'freelance interpreter',
      'independent contractor interpreter',
    ],
    /** The `{language}` of the keywords on the general position's page. */
    anyLanguage: 'professional',
  },
  eyebrow: 'Now hiring: remote contract interpreters',
  applyNow: 'Apply now',
  responsibilities: 'Responsibilities',
  requirements: 'Requirements',
  preferred: 'Preferred Qualifications',
  formHeading: 'Apply for the {title} position',
  formIntro:
    "Send us your details and resume, and we'll get back to you within 24 hours. Fields marked * are required.",
  benefitsHeading: 'Why interpret with us',
}

export const applyPage = {
  seo: {
    title: 'Apply: {title}',
    description: '{summary} Apply online with your resume.',
    keywords: ['contract interpreter jobs', 'remote interpreter', 'apply interpreter'],
  },
  breadcrumb: 'Breadcrumb',
  allJobs: 'View all jobs',
  applyingFor: 'Applying for: {title}',
  positionType: 'Position type',
  applyNow: 'Apply now',
  about: 'About us',
  responsibilities: 'Contract responsibilities',
  requirements: 'Requirements',
  preferred: 'Preferred Qualifications',
  formHeading: 'Apply Now',
  formIntro: 'Fields marked * are required. We reply to every application within 24 hours.',
}

/** A job posting's page around the posting staff wrote (docs/product.md#job-detail). */
export const jobPage = {
  seo: {
    /** `{title}` is the posting's own title, which staff write in English. */
    title: '{title}',
    description: 'Remote contract position: {description}',
    keywords: [
      '{language} interpreter jobs',
      'remote {language} interpreter',
      'remote interpreter jobs',
      'contract interpreter',
    ],
  },
  back: { label: 'Back to Careers', to: '/careers' },
  tags: ['Remote', 'Contract', 'Interpreting'],
  positionType: 'Position type',
  posted: 'Posted {date}',
  applyNow: 'Apply now',
  about: 'About the role',
  requirements: 'Requirements',
  responsibilities: 'Responsibilities',
  benefits: 'Benefits',
  formHeading: 'Apply for this position',
  formIntro: 'Fields marked * are required. We reply to every application within 24 hours.',
  notFound: {
    title: 'Job Not Found',
    text: 'This position does not exist or is no longer open. Our current openings are listed on the careers page.',
    back: 'Back to Careers',
  },
}
export type JobPageText = typeof jobPage
