/**
 * Languages few interpreters speak: a booking in one is accepted at any time, but finding
 * the interpreter usually takes this long, so the client is told before and after booking
 * (docs/product.md#client-portal).
 */
export const RARE_LANGUAGE_NOTICE_DAYS = 3

export const rareLanguages = [
  'Amharic',
  'Burmese',
  'Dari',
  'Hmong',
  'Ilocano',
  'Javanese',
  'Karen',
  'Khmer (Cambodian)',
  'Kurdish',
  'Lao',
  'Mongolian',
  'Nepali',
  'Pashto',
  'Swahili',
  'Tibetan',
  'Tigrinya',
] as const

const rareLanguageSet: ReadonlySet<string> = new Set(rareLanguages)

export function isRareLanguage(language: string): boolean {
  return rareLanguageSet.has(language.trim())
}

/** The notice a booking in this language asks for, or null for a language with many interpreters. */
export function rareLanguageNotice(language: string): string | null {
  if (!isRareLanguage(language)) return null
  return `${language.trim()} is a rare language: we usually need ${RARE_LANGUAGE_NOTICE_DAYS} days' notice to find an interpreter. You can still book sooner, and we will tell you as soon as one confirms.`
}

/** The rare languages named in the booking form's introduction, in the list's order. */
export const rareLanguageExamples = ['Karen', 'Tigrinya', 'Hmong'] as const
