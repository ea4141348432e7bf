import { BriefcaseIcon } from '~/components/ui/icons/briefcase'
import { ClockIcon } from '~/components/ui/icons/clock'
import { HeartHandshakeIcon } from '~/components/ui/icons/heart-handshake'
import { ListChecksIcon } from '~/components/ui/icons/list-checks'
import { StarIcon } from '~/components/ui/icons/star'
import { TrendingUpIcon } from '~/components/ui/icons/trending-up'
import { FullApplicationForm } from '~/components/recruiting/full-application-form'
import { PostingList } from '~/components/recruiting/job-sections'
import { positionText, resolvePosition } from '~/content/interpreter-positions'
import { localizedConstraint } from '~/i18n/form-language.server'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { submitInterpreterApplication } from '~/routes/careers/+shared/application-action.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { fullApplicationSchema } from '~/lib/validation/interpreter-application'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/application'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'
// The application form carries the resume.
export const handle = acceptsUploads

// The position's text reaches the page as loader data, not as JavaScript
// (docs/decisions/011-public-page-javascript-budget.md).
export const meta: Route.MetaFunction = metaFromLoader

const positionFrom = (request: Request) =>
  resolvePosition(new URL(request.url).searchParams.get('language'))

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const position = positionFrom(request)
  const words = copy(locale, 'positions')
  const { title, text } = positionText(words, position.slug, position.language)
  const page = copy(locale, 'applicationPage')
  const { primaryLinks } = copy(locale, 'navigation')
  const language = position.language
    ? (words.languageNames[position.language] ?? position.language)
    : undefined
  const path = `/application?language=${encodeURIComponent(position.slug)}`
  const head = pageHead(
    {
      title: fill(locale, page.seo.title, { title }),
      description: text.description.slice(0, 160),
      path,
      keywords: page.seo.keywords.map((keyword) =>
        fill(locale, keyword, { language: language ?? page.seo.anyLanguage }),
      ),
      locale,
    },
    [
      { name: primaryLinks.home.label, path: '/' },
      { name: primaryLinks.careers.label, path: '/careers' },
      { name: title, path },
    ],
  )
  return {
    head,
    position: { title, text },
    page: {
      ...page,
      formHeading: fill(locale, page.formHeading, { title }),
      fluentLanguagesPlaceholder: language
        ? fill(locale, copy(locale, 'fullApplicationForm').text.fluentLanguagesForLanguage, {
            language,
          })
        : undefined,
    },
    positionDetails: words.details,
    positionBenefits: words.benefits,
    choices: copy(locale, 'fullApplicationForm'),
    formToken: issueFormToken(),
    constraint: localizedConstraint(locale, formConstraint(fullApplicationSchema)),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitInterpreterApplication(
    request,
    { source: 'language-page', position: positionFrom(request) },
    context.clientIp,
  )
}

const benefitIcons = [TrendingUpIcon, ClockIcon, HeartHandshakeIcon]

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { position, positionDetails, positionBenefits, page } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            {page.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-bold sm:text-4xl">{position.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-brand-100">{position.text.description}</p>
          <dl className="mt-8 grid max-w-5xl grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {positionDetails.map((detail) => (
              <div key={detail.label} className="rounded-lg bg-white/10 p-4 ring-1 ring-white/25">
                <dt className="text-sm text-brand-100">{detail.label}</dt>
                <dd className="mt-1 font-semibold">{detail.text}</dd>
              </div>
            ))}
          </dl>
          <a href="#application-form" className="btn-accent mt-8">
            {page.applyNow}
          </a>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="space-y-10 lg:col-span-2">
          <PostingList
            id="position-responsibilities"
            heading={page.responsibilities}
            items={position.text.responsibilities}
            icon={BriefcaseIcon}
          />
          <PostingList
            id="position-requirements"
            heading={page.requirements}
            items={position.text.requirements}
            icon={ListChecksIcon}
          />
          <PostingList
            id="position-preferred"
            heading={page.preferred}
            items={position.text.preferredQualifications}
            icon={StarIcon}
          />
        </div>
        <section
          id="application-form"
          aria-labelledby="application-form-heading"
          className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:col-span-3 lg:self-start"
        >
          <h2 id="application-form-heading" className="text-2xl font-semibold text-slate-900">
            {page.formHeading}
          </h2>
          <p className="mt-2 text-slate-700">{page.formIntro}</p>
          <div className="mt-6">
            <FullApplicationForm
              formToken={loaderData.formToken}
              constraint={loaderData.constraint}
              choices={loaderData.choices}
              actionData={actionData}
              fluentLanguagesPlaceholder={page.fluentLanguagesPlaceholder}
            />
          </div>
        </section>
      </div>
      <section aria-labelledby="benefits-heading" className="bg-brand-50 py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold text-slate-900">
            {page.benefitsHeading}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {positionBenefits.map((benefit, index) => {
              const Icon = benefitIcons[index] ?? StarIcon
              return (
                <li key={benefit.title} className="rounded-xl bg-white p-6 shadow-sm">
                  <Icon aria-hidden="true" className="size-8 text-brand-700" />
                  <h3 className="mt-4 text-xl font-semibold text-slate-900">{benefit.title}</h3>
                  <p className="mt-2 text-slate-700">{benefit.text}</p>
                </li>
              )
            })}
          </ul>
        </div>
      </section>
    </main>
  )
}
