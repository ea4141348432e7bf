import { BriefcaseIcon } from '~/components/ui/icons/briefcase'
import { ClockIcon } from '~/components/ui/icons/clock'
import { GlobeIcon } from '~/components/ui/icons/globe'
import { HomeIcon } from '~/components/ui/icons/home'
import { ListChecksIcon } from '~/components/ui/icons/list-checks'
import { StarIcon } from '~/components/ui/icons/star'
import { Link } from 'react-router'
import { FullApplicationForm } from '~/components/recruiting/full-application-form'
import { PostingList, TagList } from '~/components/recruiting/job-sections'
import { pathInLocale } from '~/domain/locales'
import { localizedConstraint } from '~/i18n/form-language.server'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { requireSlugParam } from '~/lib/http/params'
import { submitInterpreterApplication } from '~/routes/careers/+shared/application-action.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { fullApplicationSchema } from '~/lib/validation/interpreter-application'
import { getOpenJobPosting } from '~/models/job-postings.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/apply'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'
// The application form carries the resume.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = metaFromLoader

/**
 * The job id from the URL, kept with the application; it need not name a posting we have,
 * but it must look like one (a slug): anything else is a 404 and never reaches the database.
 */
const sourceJobId = (params: Route.LoaderArgs['params']) => requireSlugParam(params, 'jobId')

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const jobId = sourceJobId(params)
  const job = await getOpenJobPosting(jobId)
  const path = `/apply/${encodeURIComponent(jobId)}`
  const contractInterpreter = copy(locale, 'contractInterpreter')
  const page = copy(locale, 'applyPage')
  const { primaryLinks } = copy(locale, 'navigation')
  const head = pageHead(
    {
      title: fill(locale, page.seo.title, { title: job ? job.title : contractInterpreter.title }),
      description: fill(locale, page.seo.description, { summary: contractInterpreter.summary }),
      path,
      keywords: page.seo.keywords,
      locale,
    },
    [
      { name: primaryLinks.home.label, path: '/' },
      { name: primaryLinks.careers.label, path: '/careers' },
      { name: contractInterpreter.title, path },
    ],
  )
  return {
    head,
    // The fixed description reaches the page as data, not as JavaScript
    // (docs/decisions/011-public-page-javascript-budget.md).
    contractInterpreter,
    page: {
      ...page,
      applyingFor: job ? fill(locale, page.applyingFor, { title: job.title }) : null,
      home: { label: primaryLinks.home.label, to: pathInLocale('/', locale) },
      allJobs: { label: page.allJobs, to: pathInLocale('/careers', locale) },
    },
    jobId,
    choices: copy(locale, 'fullApplicationForm'),
    formToken: issueFormToken(),
    constraint: localizedConstraint(locale, formConstraint(fullApplicationSchema)),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const jobId = sourceJobId(params)
  const job = await getOpenJobPosting(jobId)
  return submitInterpreterApplication(
    request,
    { source: 'contract-interpreter', jobId, job },
    context.clientIp,
  )
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, contractInterpreter } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <nav aria-label={page.breadcrumb} className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link
              to={page.home.to}
              className="inline-flex items-center gap-1 font-medium text-brand-100 hover:underline"
            >
              <HomeIcon aria-hidden="true" className="size-4" /> {page.home.label}
            </Link>
            <Link
              to={page.allJobs.to}
              className="inline-flex items-center gap-1 font-medium text-brand-100 hover:underline"
            >
              <BriefcaseIcon aria-hidden="true" className="size-4" /> {page.allJobs.label}
            </Link>
          </nav>
          <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{contractInterpreter.title}</h1>
          {page.applyingFor ? (
            <p className="mt-2 text-lg text-brand-100">{page.applyingFor}</p>
          ) : null}
          <div className="mt-5">
            <TagList tags={contractInterpreter.tags} label={page.positionType} />
          </div>
          <ul className="mt-5 flex flex-wrap gap-x-8 gap-y-2 text-brand-100">
            <li className="flex items-center gap-2">
              <ClockIcon aria-hidden="true" className="size-5" />{' '}
              {contractInterpreter.highlights[0]}
            </li>
            <li className="flex items-center gap-2">
              <GlobeIcon aria-hidden="true" className="size-5" />{' '}
              {contractInterpreter.highlights[1]}
            </li>
          </ul>
          <p className="mt-5 max-w-2xl text-lg text-white">{contractInterpreter.summary}</p>
          <a href="#application-form" className="btn-accent mt-8">
            {page.applyNow}
          </a>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="space-y-10">
          <section aria-labelledby="about-company">
            <h2 id="about-company" className="text-2xl font-semibold text-slate-900">
              {page.about}
            </h2>
            {contractInterpreter.about.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
          <PostingList
            id="contract-responsibilities"
            heading={page.responsibilities}
            items={contractInterpreter.responsibilities}
            icon={BriefcaseIcon}
          />
          <PostingList
            id="contract-requirements"
            heading={page.requirements}
            items={contractInterpreter.requirements}
            icon={ListChecksIcon}
          />
          <PostingList
            id="contract-preferred"
            heading={page.preferred}
            items={contractInterpreter.preferred}
            icon={StarIcon}
          />
        </div>
        <section
          id="application-form"
          aria-labelledby="application-form-heading"
          className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="application-form-heading" className="text-2xl font-semibold text-slate-900">
            {page.formHeading}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{page.formIntro}</p>
          <div className="mt-6">
            <FullApplicationForm
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
