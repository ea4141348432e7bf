import { positionInLocale } from '../i18n/position-in-locale.server'
import type { CompanyIdentity } from '../domain/company'
import { DEFAULT_LOCALE, type Locale } from '../domain/locales'
import { copy, fillPlain } from '../i18n/translator.server'
import { mailRichText, renderMail, type RenderedMail } from './render.server'

export type Decision = 'approved' | 'rejected'

export interface DecisionMailData {
  firstName: string
  position: string
}

/**
 * The e-mail an applicant gets when staff approve or reject the application, in the language
 * they applied in.
 */
export function applicationDecisionMail(
  decision: Decision,
  application: DecisionMailData,
  company: CompanyIdentity,
  locale: Locale = DEFAULT_LOCALE,
): RenderedMail {
  const mails = copy(locale, 'applicantMails')
  const values = {
    company: company.name,
    name: application.firstName,
    position: positionInLocale(locale, application.position),
    phone: company.phone,
  }
  const plain = (message: string) => fillPlain(locale, message, values, ['b'])
  const html = (message: string) => mailRichText(locale, message, values)
  if (decision === 'approved') {
    const words = mails.approved
    return renderMail({
      subject: plain(words.subject),
      company,
      locale,
      text: [
        plain(words.greeting),
        plain(words.news),
        `${words.onboarding}\n${words.steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
        plain(words.questions),
      ].join('\n\n'),
      body: (
        <>
          <p>{plain(words.greeting)}</p>
          <p>{html(words.news)}</p>
          <p>{words.onboarding}</p>
          <ol>
            {words.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{plain(words.questions)}</p>
        </>
      ),
    })
  }
  const words = mails.rejected
  return renderMail({
    subject: plain(words.subject),
    company,
    locale,
    text: [plain(words.greeting), plain(words.thanks), words.decision, words.wishes].join('\n\n'),
    body: (
      <>
        <p>{plain(words.greeting)}</p>
        <p>{html(words.thanks)}</p>
        <p>{words.decision}</p>
        <p>{words.wishes}</p>
      </>
    ),
  })
}
