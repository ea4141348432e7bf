import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left'
import { BriefcaseIcon } from '~/components/ui/icons/briefcase'
import { GiftIcon } from '~/components/ui/icons/gift'
import { ListChecksIcon } from '~/components/ui/icons/list-checks'
import { data, isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { JobPostingApplicationForm } from '~/components/recruiting/job-posting-application-form'
import { PostingList, TagList } from '~/components/recruiting/job-sections'
import type { JobPageText } from '~/content/application-pages'
import { DEFAULT_LOCALE, LOCALE_TAGS } from '~/domain/locales'
import { localizedConstraint } from '~/i18n/form-language.server'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import type { PublicShellData } from '~/routes/public/+shared/public-shell.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { isSlug } from '~/lib/http/params'
import { submitInterpreterApplication } from '~/routes/careers/+shared/application-action.server'
import { jobPostingJsonLd } from '~/lib/seo/job-posting-json-ld'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { runtime } from '~/platform/runtime.server'
import { jobPostingApplicationSchema } from '~/lib/validation/interpreter-application'
import { getOpenJobPosting } from '~/models/job-postings.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/job-detail'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'
// The application form carries the resume.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData
    ? metaFromLoader({ loaderData })
    : [{ title: notFoundText(error)?.title ?? '' }, { name: 'robots', content: 'noindex' }]

/**
 * The open posting the URL names; a 404 for a malformed, unknown or closed one, carrying the
 * not-found words in the page's language (the error boundary has no loader data).
 */
async function requireOpenJob(request: Request, params: Route.LoaderArgs['params']) {
  const { notFound: text } = copy(localeOf(request), 'jobPage')
  const job = isSlug(params.jobId) ? await getOpenJobPosting(params.jobId) : undefined
  if (!job) throw data({ notFound: text }, { status: 404, statusText: 'Not Found' })
  return job
}

/** The not-found words a 404 of this page carries, when it does. */
const notFoundText = (error: unknown): JobPageText['notFound'] | undefined =>
  isRouteErrorResponse(error)
    ? (error.data as { notFound?: JobPageText['notFound'] } | null)?.notFound
    : undefined

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const job = await requireOpenJob(request, params)
  const text = copy(locale, 'jobPage')
  const { primaryLinks } = copy(locale, 'navigation')
  const words = copy(locale, 'positions')
  const language = words.languageNames[job.nativeLanguage] ?? job.nativeLanguage
  const head = pageHead(
    {
      title: fill(locale, text.seo.title, { title: job.title }),
      description: fill(locale, text.seo.description, { description: job.description }).slice(
        0,
        160,
      ),
      path: `/jobs/${job.id}`,
      keywords: text.seo.keywords.map((keyword) => fill(locale, keyword, { language })),
      locale,
    },
    [
      { name: primaryLinks.home.label, path: '/' },
      { name: primaryLinks.careers.label, path: '/careers' },
      { name: job.title, path: `/jobs/${job.id}` },
    ],
    [
      jobPostingJsonLd(job, {
        siteUrl: runtime().config.siteUrl,
        companyName: runtime().config.company.name,
      }),
    ],
  )
  return {
    head,
    text: {
      ...text,
      posted: fill(locale, text.posted, {
        date: new Date(`${job.postedOn}T00:00:00Z`).toLocaleDateString(LOCALE_TAGS[locale], {
          timeZone: 'UTC',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        }),
      }),
    },
    // Staff write the postings in English: marked so on a page in another language.
    jobLang: locale === DEFAULT_LOCALE ? undefined : DEFAULT_LOCALE,
    job: {
      id: job.id,
      title: job.title,
      type: job.type,
      nativeLanguage: job.nativeLanguage,
      description: job.description,
      requirements: job.requirements,
      responsibilities: job.responsibilities,
      benefits: job.benefits,
      postedOn: job.postedOn,
      closesAt: job.closesAt?.toISOString() ?? null,
    },
    choices: copy(locale, 'jobPostingForm'),
    formToken: issueFormToken(),
    constraint: localizedConstraint(locale, formConstraint(jobPostingApplicationSchema)),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const job = await requireOpenJob(request, params)
  return submitInterpreterApplication(request, { source: 'job-posting', job }, context.clientIp)
}

export default function JobDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job, text, jobLang } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <Link
            to={text.back.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-100 underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4" /> {text.back.label}
          </Link>
          <h1 className="mt-4 text-3xl font-bold sm:text-4xl" lang={jobLang}>
            {job.title}
          </h1>
          <div className="mt-5">
            <TagList tags={text.tags} label={text.positionType} />
          </div>
          <p className="mt-4 text-sm text-brand-100">{text.posted}</p>
          <a href="#application-form" className="btn-accent mt-6">
            {text.applyNow}
          </a>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="space-y-10 lg:col-span-3">
          <section aria-labelledby="job-description">
            <h2 id="job-description" className="text-2xl font-semibold text-slate-900">
              {text.about}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700" lang={jobLang}>
              {job.description}
            </p>
          </section>
          <PostingList
            id="job-requirements"
            heading={text.requirements}
            items={job.requirements}
            icon={ListChecksIcon}
            lang={jobLang}
          />
          <PostingList
            id="job-responsibilities"
            heading={text.responsibilities}
            items={job.responsibilities}
            icon={BriefcaseIcon}
            lang={jobLang}
          />
          <PostingList
            id="job-benefits"
            heading={text.benefits}
            items={job.benefits}
            icon={GiftIcon}
            lang={jobLang}
          />
        </div>
        <section
          id="application-form"
          aria-labelledby="application-form-heading"
          className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24 lg:col-span-2 lg:self-start"
        >
          <h2 id="application-form-heading" className="text-2xl font-semibold text-slate-900">
            {text.formHeading}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{text.formIntro}</p>
          <div className="mt-6">
            <JobPostingApplicationForm
              formToken={loaderData.formToken}
              constraint={loaderData.constraint}
              choices={loaderData.choices}
              actionData={actionData}
            />
          </div>
        </section>
      </div>
    </main>
  )
}

/**
 * Unknown, draft and closed postings: 'Job Not Found', 'Back to Careers'
 * (docs/product.md#job-detail), in the page's language.
 */
function JobNotFound({ text }: { text: JobPageText['notFound'] }) {
  const shell = useRouteLoaderData('routes/public/layout') as PublicShellData | undefined
  const careers = shell?.navigation.primaryLinks.careers
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-4 text-slate-700">{text.text}</p>
      {careers ? (
        <Link to={careers.to} className="btn-primary mt-8">
          {text.back}
        </Link>
      ) : null}
    </main>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const text = notFoundText(error)
  if (text) return <JobNotFound text={text} />
  return <RouteErrorScreen error={error} />
}
