import { Form, Link } from 'react-router'
import { PageHero, PageSection } from '~/components/marketing/page-parts'
import { ArrowRightIcon } from '~/components/ui/icons/arrow-right'
import { GlobeIcon } from '~/components/ui/icons/globe'
import {
  applicationHref,
  careersLanguages,
  languageSlug,
  otherLanguagesAction,
} from '~/content/marketing/careers'
import { DEFAULT_LOCALE, pathInLocale } from '~/domain/locales'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { listOpenJobPostings } from '~/models/job-postings.server'
import type { Route } from './+types/careers'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

// The page's head and words are built on the server, in the page's language: no copy in the
// page's JavaScript (docs/decisions/011-public-page-javascript-budget.md, 066-…).
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const text = copy(locale, 'careersPage')
  const { primaryLinks } = copy(locale, 'navigation')
  const positions = copy(locale, 'positions')
  // Every posted job has its own page; the careers page lists them, so none is found only
  // through search or the sitemap.
  const postings = await listOpenJobPostings()
  return {
    head: pageHead({ ...text.seo, path: '/careers', locale }, [
      { name: primaryLinks.home.label, path: '/' },
      { name: primaryLinks.careers.label, path: '/careers' },
    ]),
    text,
    languages: careersLanguages.map((language) => ({
      title: fill(locale, positions.title, {
        language: positions.languageNames[language] ?? language,
      }),
      href: pathInLocale(applicationHref(languageSlug(language)), locale),
    })),
    otherLanguages: {
      action: pathInLocale('/application', locale),
      slug: otherLanguagesAction.slug,
    },
    postings: postings.map(({ id, title }) => ({ id, title })),
    // Staff write the postings in English: marked so on a page in another language.
    postingsLang: locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE,
  }
}

export const meta: Route.MetaFunction = metaFromLoader

export default function CareersPage({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData
  return (
    <main>
      <ScrollReveal />
      <PageHero
        eyebrow={text.eyebrow}
        heading={text.hero.heading}
        text={text.hero.text}
        illustration="/illustrations/careers-laptop.svg"
      >
        <a href="#current-openings" className="btn-accent mt-8">
          {text.viewOpenings}
        </a>
      </PageHero>
      <section aria-label={text.perksLabel} className="border-b border-slate-200 bg-brand-50">
        <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
          {text.perks.map((perk) => (
            <li key={perk.title}>
              <p className="font-semibold text-brand-900">{perk.title}</p>
              <p className="mt-1 text-slate-700">{perk.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <PageSection
        id="current-openings"
        headingId="current-openings-heading"
        heading={text.openings.heading}
        text={text.openings.text}
      >
        <ul
          aria-label={text.openings.listLabel}
          className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {loaderData.languages.map((language) => (
            <li key={language.href}>
              <Link
                to={language.href}
                className="group flex h-full items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span>
                  <span className="block font-semibold text-slate-900">{language.title}</span>
                  <span className="block text-sm text-slate-700">{text.openings.positionType}</span>
                </span>
                <ArrowRightIcon className="size-5 shrink-0 text-brand-700 transition-transform group-hover:translate-x-1" />
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-3 rounded-xl bg-slate-50 p-8 text-center ring-1 ring-slate-200">
          <GlobeIcon className="size-8 text-brand-700" />
          <p className="text-lg font-semibold text-slate-900">{text.openings.otherLanguages}</p>
          {/* A button (spec: "a button for all other languages") that navigates, with or
                without JavaScript, to /application?language=general-interpreter. */}
          <Form method="get" action={loaderData.otherLanguages.action} className="mt-2">
            <input type="hidden" name="language" value={loaderData.otherLanguages.slug} />
            <button type="submit" className="btn-primary">
              {text.openings.otherLanguagesAction}
            </button>
          </Form>
        </div>
      </PageSection>
      {loaderData.postings.length > 0 ? (
        <PageSection
          id="job-postings"
          headingId="job-postings-heading"
          heading={text.postings.heading}
          text={text.postings.text}
        >
          <ul className="mt-8 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.postings.map((posting) => (
              <li key={posting.id}>
                <Link
                  to={`/jobs/${posting.id}`}
                  lang={loaderData.postingsLang}
                  className="block py-3 text-brand-800 underline-offset-4 hover:underline"
                >
                  {posting.title}
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
      <PageSection
        headingId="process-heading"
        heading={text.process.heading}
        text={text.process.text}
        tinted
      >
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {text.process.steps.map((step, index) => (
            <li
              key={step.title}
              className="scroll-animation rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">
                  {text.process.step.replace('{number}', String(index + 1))}
                </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </main>
  )
}
