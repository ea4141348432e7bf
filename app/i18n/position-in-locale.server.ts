import { DEFAULT_LOCALE, type Locale } from '../domain/locales'
import { copy, fill } from './translator.server'
import { contractInterpreter } from '../content/contract-interpreter'
import { positionCopy } from '../content/interpreter-positions'

const languagePosition = new RegExp(`^${positionCopy.title.replace('{language}', '(.+)')}$`)
const contractPosition = new RegExp(`^${contractInterpreter.title}(?: \\((.+)\\))?$`)

/**
 * An application's position, stored in English for staff (`Korean Interpreter`,
 * `Contract Interpreter (Title)`), as the applicant reads it in `locale`: the titles we name
 * ourselves are translated; a job posting's own title stays as staff wrote it.
 */
export function positionInLocale(locale: Locale, position: string): string {
  if (locale === DEFAULT_LOCALE) return position
  const words = copy(locale, 'positions')
  if (position === positionCopy.professionalTitle) return words.professionalTitle
  const contract = contractPosition.exec(position)
  if (contract) {
    const title = copy(locale, 'contractInterpreter').title
    return contract[1] ? `${title} (${contract[1]})` : title
  }
  const language = languagePosition.exec(position)?.[1]
  const name = language ? words.languageNames[language] : undefined
  return name ? fill(locale, words.title, { language: name }) : position
}
