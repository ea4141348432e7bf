import { claims } from './claims'

/** The Careers page (docs/product.md#other-public-pages). */
export const careersHero = {
  heading: 'Join Our Team of Professional Interpreters',
  text: `Work from home as a remote contract interpreter, on your own schedule. ${claims.contractInterpreters} interpreters already help people communicate in ${claims.languages} languages with us.`,
} as const

/** The 21 remote-interpreter languages of Current Openings, in the order of docs/product.md. */
export const careersLanguages = [
  'ASL',
  'Spanish',
  'Korean',
  'Mandarin',
  'Cantonese',
  'Vietnamese',
  'Hmong',
  'Tagalog',
  'Japanese',
  'Thai',
  'Khmer (Cambodian)',
  'Lao',
  'Nepali',
  'Tibetan',
  'Malay (Bahasa Malaysia/Indonesia)',
  'Karen',
  'Filipino (Philippines)',
  'Turkish',
  'Gujarati',
  'Russian',
  'Ukrainian',
] as const

/**
 * The application page slug of a language: the lowercased name with spaces turned into
 * hyphens, plus `-interpreter` (`Khmer (Cambodian)` → `khmer-(cambodian)-interpreter`).
 */
export function languageSlug(language: string): string {
  return `${language.trim().toLowerCase().replace(/\s+/g, '-')}-interpreter`
}

/** The application page of a language, or of the general position. */
export function applicationHref(slug: string): string {
  return `/application?language=${slug}`
}

export const otherLanguagesAction = {
  label: 'Apply for All Other Languages',
  slug: 'general-interpreter',
} as const

/** The four-step process. */
export const hiringSteps = [
  {
    title: 'Apply',
    text: 'Choose your language and send us your application and resume online.',
  },
  {
    title: 'Review',
    text: `Our recruiting team reviews your application and replies within ${claims.responseTime.jobApplications}.`,
  },
  {
    title: 'Test',
    text: 'Take our assessment for language proficiency and interpreting skills.',
  },
  {
    title: 'Start',
    text: 'Complete onboarding and start taking calls on your own schedule.',
  },
] as const

export const careersPerks = [
  { title: 'Work from home', text: 'Interpret by phone and video from a quiet space of your own.' },
  { title: 'Flexible hours', text: 'Choose when you work; calls come in 24/7.' },
  {
    title: 'Competitive pay',
    text: 'Paid per minute in USD, with rates that reflect your skills.',
  },
] as const

/** Everything the Careers page says, in one copy tree (app/i18n/sources.server.ts). */
export const careersPage = {
  seo: {
    title: 'Careers: Remote Interpreter Jobs',
    description: `Work from home as a remote contract interpreter in ASL, Spanish, Korean, Mandarin, Cantonese, Vietnamese and more. Flexible hours; we reply to applications within ${claims.responseTime.jobApplications}.`,
    keywords: [
      'remote interpreter jobs',
      'work from home interpreter',
      'contract interpreter',
      'freelance interpreter',
      'bilingual jobs',
    ],
  },
  eyebrow: 'Careers',
  hero: careersHero,
  viewOpenings: 'View Current Openings',
  perksLabel: 'Why interpret with us',
  perks: careersPerks,
  openings: {
    heading: 'Current Openings',
    text: 'Remote interpreter positions, independent contractor. Choose your language to see the position and apply.',
    listLabel: 'Remote interpreter positions by language',
    positionType: 'Remote · Contract',
    otherLanguages: `Do you speak another language? We hire interpreters in ${claims.languages} languages.`,
    otherLanguagesAction: otherLanguagesAction.label,
  },
  postings: {
    heading: 'All Job Postings',
    text: 'Each posting describes the position, what it asks and what it offers.',
  },
  process: {
    heading: 'Our Hiring Process',
    text: 'Four steps from application to your first call.',
    step: 'Step {number}: ',
    steps: hiringSteps,
  },
}
