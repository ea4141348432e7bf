import { useCompany } from '~/lib/company'
import { PRIVACY_NOTICE_VERSION } from '~/content/privacy-notice'
import { dateTimeFormat } from '~/domain/format'
import { LOCALE_TAGS } from '~/domain/locales'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { runtime } from '~/platform/runtime.server'
import type { Route } from './+types/privacy'

// The page's head and words are built on the server, in the page's language: no copy in the
// page's JavaScript (docs/decisions/011-public-page-javascript-budget.md, 066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const { seo, crumb, version, sections, ...text } = copy(locale, 'privacyNotice')
  const { primaryLinks } = copy(locale, 'navigation')
  const { applicationMonths, leadMonths } = runtime().config.retention
  // The day the version took effect, as a calendar date: read in UTC, not the office's zone.
  const date = dateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${PRIVACY_NOTICE_VERSION}T00:00:00Z`))
  return {
    head: pageHead({ ...seo, path: '/privacy', locale }, [
      { name: primaryLinks.home.label, path: '/' },
      { name: crumb, path: '/privacy' },
    ]),
    text: {
      ...text,
      version: fill(locale, version, { version: PRIVACY_NOTICE_VERSION, date }),
      sections: sections.map((section) => ({
        heading: section.heading,
        paragraphs: section.paragraphs.map((paragraph) =>
          fill(locale, paragraph, { applicationMonths, leadMonths }),
        ),
      })),
    },
  }
}

export const meta: Route.MetaFunction = metaFromLoader

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const company = useCompany()
  const { text } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-slate-900">{text.heading}</h1>
      <p className="mt-3 text-slate-600">{text.version}</p>
      <div className="mt-10 space-y-8">
        {text.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <section>
          <h2 className="text-2xl font-semibold text-slate-900">{text.contactHeading}</h2>
          <address className="mt-3 leading-relaxed text-slate-700 not-italic">
            {company.name}
            <br />
            {company.address}
            <br />
            <a href={`mailto:${company.email}`} className="text-brand-700 underline">
              {company.email}
            </a>
          </address>
        </section>
      </div>
    </main>
  )
}
