import type { LanguageLink } from '~/routes/public/+shared/public-shell.server'

/**
 * The page the visitor is on, in each other language. A full page load, not a client-side
 * navigation: the root's data (the page's `lang`, the forms' messages) is read once per
 * document (docs/decisions/066-spanish-site-messages-resolved-on-the-server.md).
 */
export function LanguageLinks({ links, className }: { links: LanguageLink[]; className: string }) {
  return links.map((link) => (
    <a key={link.lang} href={link.href} hrefLang={link.lang} lang={link.lang} className={className}>
      {link.label}
    </a>
  ))
}
