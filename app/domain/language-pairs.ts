import { companyLanguages, MAX_PROFILE_LANGUAGES } from './languages'

/**
 * Language pairs (docs/product.md#profile): every pair an interpreter works in has English on
 * one side, so a profile stores only the other side (`interpreter_profiles.languages`), and
 * English is never a pair of its own. An approved application's languages become the
 * profile's pairs through `languagePairsFromApplication`.
 */

/** What people write after a language to say how well they speak it: "Spanish (native)". */
const QUALIFIER =
  /\s*[([]\s*(?:native|fluent|conversational|basic|professional|intermediate|advanced|beginner|heritage)(?:\s+speaker)?\s*[)\]]$/i

/** "English", also "US English", "English (American)": the pair's other side, never a pair. */
export function isEnglish(language: string): boolean {
  const plain = language.replace(/\s+/g, ' ').trim().replace(QUALIFIER, '')
  return /^(?:(?:american|british|us|u\.s\.|uk)\s+)?english(?:\s*\([^)]*\))?$/i.test(plain)
}

/** Answers that name no language: an applicant's "none" asks for no certificate. */
const NO_LANGUAGE = new Set(['none', 'n/a', 'na', 'nil', 'no', 'nothing', 'other'])

/**
 * Names the company's list spells another way, as our postings and pages name them
 * ("Chinese (Mandarin)", "Khmer") or applicants often do, with the list's names; one entry
 * of a position page names two languages.
 */
const ALIASES: Record<string, readonly string[]> = {
  'chinese (mandarin)': ['Mandarin'],
  'mandarin chinese': ['Mandarin'],
  'chinese (cantonese)': ['Cantonese'],
  khmer: ['Khmer (Cambodian)'],
  cambodian: ['Khmer (Cambodian)'],
  malay: ['Malay (Bahasa Malaysia/Indonesia)'],
  filipino: ['Filipino (Philippines)'],
  'filipino/ilocano (philippines)': ['Filipino (Philippines)', 'Ilocano'],
  persian: ['Farsi'],
  'american sign language': ['ASL'],
}

const COMPANY_BY_KEY = new Map(
  companyLanguages.map((language) => [language.toLowerCase(), language]),
)

/** A pair written out ("Spanish-English", "English to Greek"): its separator. */
const PAIR_SEPARATOR = String.raw`\s*(?:<->|<>|->|[-–—>&+]|\band\b|\bto\b|\bwith\b)\s*`
const ENDS_IN_ENGLISH = new RegExp(`^(.+?)${PAIR_SEPARATOR}english$`, 'i')
const STARTS_WITH_ENGLISH = new RegExp(`^english${PAIR_SEPARATOR}(.+)$`, 'i')

/**
 * The languages one application entry pairs with English: none for English itself or an
 * answer that names no language; the company's spelling for a language it knows (any
 * case); else the entry as written, spaces and stray punctuation tidied.
 */
function pairsOfEntry(entry: string | null | undefined): readonly string[] {
  let language = (entry ?? '').slice(0, 100)
  // "Spanish-English (native)" and the like: qualifiers and the English side come off until
  // nothing more does, so that a pair read again reads the same.
  for (let previous = ''; previous !== language;) {
    previous = language
    language = language
      .replace(/\s+/g, ' ')
      .replace(/^[\s,.;:]+|[\s,.;:]+$/g, '')
      .replace(QUALIFIER, '')
    language =
      (ENDS_IN_ENGLISH.exec(language) ?? STARTS_WITH_ENGLISH.exec(language))?.[1] ?? language
  }
  const key = language.toLowerCase()
  if (!/\p{L}/u.test(language) || NO_LANGUAGE.has(key) || isEnglish(language)) return []
  const known = COMPANY_BY_KEY.get(key)
  if (known) return [known]
  // Own keys only: an entry typed as "__proto__" or "constructor" is a language like any other.
  return (Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined) ?? [language]
}

/**
 * The profile's language pairs from what the applicant applied for (the application's
 * languages: the posting's or page's language, then what they typed): each entry paired with
 * English, English itself skipped, each language once (any case), in the order applied for,
 * at most `MAX_PROFILE_LANGUAGES`.
 */
export function languagePairsFromApplication(
  languages: readonly (string | null | undefined)[],
): string[] {
  const pairs = new Map<string, string>()
  for (const entry of languages)
    for (const language of pairsOfEntry(entry))
      if (!pairs.has(language.toLowerCase())) pairs.set(language.toLowerCase(), language)
  return [...pairs.values()].slice(0, MAX_PROFILE_LANGUAGES)
}

/**
 * The languages a form that edits a profile's pairs offers: the company's list and what the
 * profile already has (a language an applicant typed stays choosable), English never.
 */
export function pairLanguageChoices(current: readonly string[]): string[] {
  const extra = current.filter(
    (language) =>
      !isEnglish(language) && !(companyLanguages as readonly string[]).includes(language),
  )
  return [...companyLanguages, ...new Set(extra)].sort((a, b) => a.localeCompare(b))
}
