import { readFileSync } from 'node:fs'
import { parseCatalogue, textsOf, translateTree } from '../../app/i18n/catalogue.server'
import { copySources, type CopyNamespace } from '../../app/i18n/sources.server'
import { projectPath } from '../../app/platform/project-path.server'

// The Spanish the site shows, read from its catalogue as the server reads it
// (app/i18n/translator.server.ts), for tests that run outside the app's bundler.
const catalogue = parseCatalogue(readFileSync(projectPath('app/i18n/catalogues/es.po'), 'utf8'))

/** A copy tree (app/i18n/sources.server.ts) in Spanish. */
export const spanishCopy = <Namespace extends CopyNamespace>(namespace: Namespace) =>
  translateTree(catalogue, 'es', namespace, copySources[namespace])

/**
 * Every English text of the public site whose Spanish differs, word for word: none of them may
 * show on a Spanish page. Texts that read the same in both languages (a name, "Portal") are
 * left out, and so are the shortest, which a Spanish sentence may contain by chance.
 */
export function englishOnlyTexts(): Set<string> {
  const texts = new Set<string>()
  for (const [namespace, tree] of Object.entries(copySources)) {
    const spanish = Object.fromEntries(
      textsOf(namespace, translateTree(catalogue, 'es', namespace, tree)).map((text) => [
        text.key,
        text.english,
      ]),
    )
    for (const { key, english } of textsOf(namespace, tree))
      if (spanish[key] !== english && english.length > 3 && !english.includes('{'))
        texts.add(english)
  }
  return texts
}
