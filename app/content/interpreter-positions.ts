import { careersLanguages, languageSlug } from './marketing/careers'

/**
 * The language-specific application pages (/application?language={slug},
 * docs/product.md#application-page).
 * Cantonese has its own job text; every other language uses the default Remote Contract
 * Interpreter text.
 */
export const GENERAL_INTERPRETER_SLUG = 'general-interpreter'

/** The known slugs (each suffixed -interpreter) and the language each names. */
const knownLanguages: Record<string, string> = {
  'korean-interpreter': 'Korean',
  'mandarin-interpreter': 'Mandarin',
  'cantonese-interpreter': 'Cantonese',
  'vietnamese-interpreter': 'Vietnamese',
  'hmong-interpreter': 'Hmong',
  'tagalog-interpreter': 'Tagalog',
  'japanese-interpreter': 'Japanese',
  'thai-interpreter': 'Thai',
  'khmer-(cambodian)-interpreter': 'Khmer (Cambodian)',
  'lao-interpreter': 'Lao',
  'mongolian-interpreter': 'Mongolian',
  'tibetan-interpreter': 'Tibetan',
  'malay-(bahasa-malaysia/indonesia)-interpreter': 'Malay (Bahasa Malaysia/Indonesia)',
  'javanese-interpreter': 'Javanese',
  'filipino/ilocano-(philippines)-interpreter': 'Filipino/Ilocano (Philippines)',
  'spanish-interpreter': 'Spanish',
}

export const knownPositionSlugs = [...Object.keys(knownLanguages), GENERAL_INTERPRETER_SLUG]

/**
 * Every language the Careers page links to an application page for. Some (ASL, Nepali,
 * Karen …) are not among the page's known slugs, so their page reads 'Professional
 * Interpreter'; an application sent from it is still for that language.
 */
const careersLanguageBySlug: Record<string, string> = Object.fromEntries(
  careersLanguages.map((language) => [languageSlug(language), language]),
)

export interface PositionText {
  description: string
  responsibilities: string[]
  requirements: string[]
  preferredQualifications: string[]
}

export interface InterpreterPosition {
  /** The slug as given, lower-cased; `general-interpreter` when none was given. */
  slug: string
  /** Undefined for the general position and for slugs we do not know. */
  language: string | undefined
  /** 'Professional Interpreter' or '{Language} Interpreter'. */
  title: string
  text: PositionText
  /**
   * What an application from this page is for: the page's language, or the Careers tile's
   * language when the page does not name it. Stored with the application and shown to staff.
   */
  appliedFor: { language: string | undefined; position: string }
}

export const positionDetails = [
  { label: 'Location', text: 'Remote / On-site' },
  { label: 'Type', text: 'Freelance / Independent Contractor (Remote)' },
  { label: 'Salary', text: 'Competitive' },
  { label: 'Team', text: 'Language Services' },
] as const

export const positionBenefits = [
  {
    title: 'Professional Growth',
    text: 'Free onboarding, terminology resources and feedback from our language specialists help you work toward medical and legal interpreter certification.',
  },
  {
    title: 'Flexible Work',
    text: 'Choose your own hours and interpret from home. Calls come in 24/7, so mornings, evenings and weekends all count.',
  },
  {
    title: 'Meaningful Impact',
    text: 'Every session helps someone understand a diagnosis, a court date or a parent-teacher meeting in the language they know best.',
  },
] as const

const slugPattern = /^[a-z0-9()/-]{1,100}$/

/** The default position text; `{language}` and `{pair}` are filled in by `positionText`. */
const defaultText = {
  descriptionForLanguage:
    'Join our network of remote contract interpreters and help {language} speakers communicate with doctors, attorneys, schools and government agencies. You interpret over the phone and by video from home, on a schedule you choose.',
  description:
    'Join our network of more than 1,500 contract interpreters covering 200+ languages. You help people communicate with doctors, attorneys, schools and government agencies, over the phone and by video from home, on a schedule you choose.',
  languagePair: '{language} and English',
  anyLanguagePair: 'English and your other languages',
  responsibilities: [
    'Interpret consecutively between {pair} on phone and video calls',
    'Serve healthcare, legal, government, education and business clients with the same accuracy and care',
    'Render every message completely, without adding, omitting or giving advice',
    'Keep every session confidential, following HIPAA and our interpreter code of ethics',
    'Be call-ready during the hours you commit to, with your equipment and workspace prepared',
  ],
  requirements: [
    'Fluency in {pair}',
    'Pass our language proficiency assessment and a background check',
    'A quiet, private workspace, a computer with a USB headset and a reliable high-speed internet connection',
    'Eligible to work as an independent contractor in the United States',
    '18 years of age or older',
  ],
  preferredQualifications: [
    'Interpreting experience preferred',
    'Medical or legal interpreter training, or CCHI, NBCMI or court certification',
    'Experience with telephone or video remote interpreting platforms',
  ],
}

const cantoneseText: PositionText = {
  description:
    'Cantonese speakers from Hong Kong, Guangdong and the long-established Chinatown communities of San Francisco, New York, Boston and Los Angeles need interpreters who understand how they really speak. As a remote Cantonese interpreter you connect them, many of them older patients and their families, with hospitals, clinics, courts and social-service agencies.',
  responsibilities: [
    'Interpret consecutively between Cantonese and English on phone and video calls',
    'Support older callers patiently, checking understanding of medical instructions and appointments',
    'Sight-translate short documents written in Traditional Chinese, such as consent forms and discharge instructions',
    'Keep every session confidential, following HIPAA and our interpreter code of ethics',
    'Flag cultural or dialect misunderstandings to both parties without taking sides',
  ],
  requirements: [
    'Native or near-native fluency in Cantonese and professional fluency in English',
    'Reading knowledge of Traditional Chinese characters',
    'Pass our Cantonese proficiency assessment and a background check',
    'A quiet, private workspace, a computer with a USB headset and a reliable high-speed internet connection',
    'Eligible to work as an independent contractor in the United States',
  ],
  preferredQualifications: [
    'Interpreting experience preferred',
    'Working Mandarin, for callers who switch between the two',
    'Medical interpreter training or CCHI or NBCMI certification',
  ],
}

/**
 * Everything the application pages say about a position, in one copy tree
 * (app/i18n/sources.server.ts): titles and texts with `{language}` and `{pair}` to fill in,
 * and each language's name.
 */
export const positionCopy = {
  title: '{language} Interpreter',
  professionalTitle: 'Professional Interpreter',
  defaultText,
  cantoneseText,
  details: positionDetails,
  benefits: positionBenefits,
  languageNames: Object.fromEntries(
    [...careersLanguages, ...Object.values(knownLanguages)].map((name) => [name, name]),
  ) as Record<string, string>,
}
export type PositionCopy = typeof positionCopy

const fillIn = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder)

/** A position's title and text in the language of `words` (English: `positionCopy`). */
export function positionText(
  words: PositionCopy,
  slug: string,
  language: string | undefined,
): { title: string; text: PositionText } {
  const name = language ? (words.languageNames[language] ?? language) : undefined
  const title = name ? fillIn(words.title, { language: name }) : words.professionalTitle
  if (slug === 'cantonese-interpreter') return { title, text: words.cantoneseText }
  const template = words.defaultText
  const pair = name ? fillIn(template.languagePair, { language: name }) : template.anyLanguagePair
  const fill = (line: string) => fillIn(line, { language: name ?? '', pair })
  return {
    title,
    text: {
      description: name ? fill(template.descriptionForLanguage) : template.description,
      responsibilities: template.responsibilities.map(fill),
      requirements: template.requirements.map(fill),
      preferredQualifications: template.preferredQualifications,
    },
  }
}

/**
 * The page's position for a `language` query value: unknown or general → 'Professional
 * Interpreter' (docs/product.md#application-page). In English: staff read what an
 * application was for in English.
 */
export function resolvePosition(value: string | null | undefined): InterpreterPosition {
  const given = (value ?? '').trim().toLowerCase()
  const slug = slugPattern.test(given) ? given : GENERAL_INTERPRETER_SLUG
  const language = knownLanguages[slug]
  const { title, text } = positionText(positionCopy, slug, language)
  const appliedLanguage = language ?? careersLanguageBySlug[slug]
  return {
    slug,
    language,
    title,
    text,
    appliedFor: {
      language: appliedLanguage,
      position: appliedLanguage ? `${appliedLanguage} Interpreter` : title,
    },
  }
}
