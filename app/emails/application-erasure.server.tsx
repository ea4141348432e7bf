import type { CompanyIdentity } from '../domain/company'
import { DEFAULT_LOCALE, type Locale } from '../domain/locales'
import { copy, fill } from '../i18n/translator.server'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * The link that confirms an applicant's request to erase their data
 * (docs/product.md#application-status-page). Like the acknowledgement, it repeats nothing
 * the applicant typed. In the language they applied in.
 */
export function applicationErasureMail(
  erasure: { url: string; validHours: number },
  company: CompanyIdentity,
  locale: Locale = DEFAULT_LOCALE,
): RenderedMail {
  const words = copy(locale, 'applicantMails').erasure
  const what = fill(locale, words.what, { hours: erasure.validHours })
  return renderMail({
    subject: fill(locale, words.subject, { company: company.name }),
    company,
    locale,
    text: [words.greeting, words.intro, what, erasure.url, words.notYou].join('\n\n'),
    body: (
      <>
        <p>{words.greeting}</p>
        <p>{words.intro}</p>
        <p>{what}</p>
        <MailButton href={erasure.url}>{words.button}</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>{words.notYou}</p>
      </>
    ),
  })
}
