/**
 * The languages the company interprets, each paired with English (docs/product.md#profile):
 * what an interpreter may list on their profile and what a booking will ask for. English
 * itself is not here, since every pair is with English.
 */
export const companyLanguages = [
  'Albanian',
  'Amharic',
  'Arabic',
  'Armenian',
  'ASL',
  'Bengali',
  'Bosnian',
  'Bulgarian',
  'Burmese',
  'Cantonese',
  'Croatian',
  'Czech',
  'Dari',
  'Dutch',
  'Farsi',
  'Filipino (Philippines)',
  'Finnish',
  'French',
  'German',
  'Greek',
  'Gujarati',
  'Haitian Creole',
  'Hebrew',
  'Hindi',
  'Hmong',
  'Hungarian',
  'Ilocano',
  'Indonesian',
  'Italian',
  'Japanese',
  'Javanese',
  'Karen',
  'Khmer (Cambodian)',
  'Korean',
  'Kurdish',
  'Lao',
  'Malay (Bahasa Malaysia/Indonesia)',
  'Mandarin',
  'Marathi',
  'Mongolian',
  'Nepali',
  'Norwegian',
  'Pashto',
  'Polish',
  'Portuguese',
  'Punjabi',
  'Romanian',
  'Russian',
  'Serbian',
  'Somali',
  'Spanish',
  'Swahili',
  'Swedish',
  'Tagalog',
  'Tamil',
  'Telugu',
  'Thai',
  'Tibetan',
  'Tigrinya',
  'Turkish',
  'Ukrainian',
  'Urdu',
  'Vietnamese',
] as const

export type CompanyLanguage = (typeof companyLanguages)[number]

export function isCompanyLanguage(language: string): language is CompanyLanguage {
  return (companyLanguages as readonly string[]).includes(language)
}

/**
 * How well an interpreter speaks a language, from the top: three steps are enough to
 * dispatch by (docs/product.md#profile).
 */
export const languageProficiencies = [
  { value: 'native', label: 'Native' },
  { value: 'fluent', label: 'Fluent' },
  { value: 'professional', label: 'Professional working' },
] as const

export type LanguageProficiency = (typeof languageProficiencies)[number]['value']

export const proficiencyValues = languageProficiencies.map((level) => level.value) as [
  LanguageProficiency,
  ...LanguageProficiency[],
]

export function proficiencyLabel(value: string | undefined): string {
  return languageProficiencies.find((level) => level.value === value)?.label ?? 'Not stated'
}

/** Languages a profile may list: more than anyone interprets, few enough for one form. */
export const MAX_PROFILE_LANGUAGES = 20

/** One language of a profile, paired with English. */
export interface LanguageSkill {
  language: string
  proficiency: LanguageProficiency | null
}
