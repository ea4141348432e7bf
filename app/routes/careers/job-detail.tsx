import { jobPostingChoices } from '~/content/application-options'
import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left'
import { BriefcaseIcon } from '~/components/ui/icons/briefcase'
import { GiftIcon } from '~/components/ui/icons/gift'
import { ListChecksIcon } from '~/components/ui/icons/list-checks'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { RouteErrorScreen } from '~/components/layout/error-screens'
import { JobPostingApplicationForm } from '~/components/recruiting/job-posting-application-form'
import { PostingList, TagList } from '~/components/recruiting/job-sections'
import { jobTags } from '~/content/job-posting'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { requireSlugParam } from '~/lib/http/params'
import { submitInterpreterApplication } from '~/routes/careers/+shared/application-action.server'
import { jobPostingJsonLd } from '~/lib/seo/job-posting-json-ld'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { runtime } from '~/platform/runtime.server'
import { jobPostingApplicationSchema } from '~/lib/validation/interpreter-application'
import { getOpenJobPosting } from '~/models/job-postings.server'
import { acceptsUploads } from '~/lib/http/route-handle'
import type { Route } from './+types/job-detail'
import { notFound } from '~/lib/http/responses'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'
// The application form carries the resume.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? metaFromLoader({ loaderData })
    : [{ title: 'Job Not Found' }, { name: 'robots', content: 'noindex' }]

/** The open posting the URL names; a 404 for a malformed, unknown or closed one. */
async function requireOpenJob(params: Route.LoaderArgs['params']) {
  const job = await getOpenJobPosting(requireSlugParam(params, 'jobId', 'Job Not Found'))
  if (!job) throw notFound('Job Not Found')
  return job
}

export async function loader({ params }: Route.LoaderArgs) {
  const job = await requireOpenJob(params)
  const head = pageHead(
    {
      title: job.title,
      description: `Remote contract position: ${job.description}`.slice(0, 160),
      path: `/jobs/${job.id}`,
      keywords: [
        `${job.nativeLanguage} interpreter jobs`,
        `remote ${job.nativeLanguage} interpreter`,
        'remote interpreter jobs',
        'contract interpreter',
      ],
    },
    [
      { name: 'Home', path: '/' },
      { name: 'Careers', path: '/careers' },
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
      posted: new Date(`${job.postedOn}T00:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    },
    choices: jobPostingChoices,
    formToken: issueFormToken(),
    constraint: formConstraint(jobPostingApplicationSchema),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const job = await requireOpenJob(params)
  return submitInterpreterApplication(request, { source: 'job-posting', job }, context.clientIp)
}

export default function JobDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <Link
            to="/careers"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-100 underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4" /> Back to Careers
          </Link>
          <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{job.title}</h1>
          <div className="mt-5">
            <TagList tags={jobTags} label="Position type" />
          </div>
          <p className="mt-4 text-sm text-brand-100">Posted {job.posted}</p>
          <a href="#application-form" className="btn-accent mt-6">
            Apply now
          </a>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="space-y-10 lg:col-span-3">
          <section aria-labelledby="job-description">
            <h2 id="job-description" className="text-2xl font-semibold text-slate-900">
              About the role
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">{job.description}</p>
          </section>
          <PostingList
            id="job-requirements"
            heading="Requirements"
            items={job.requirements}
            icon={ListChecksIcon}
          />
          <PostingList
            id="job-responsibilities"
            heading="Responsibilities"
            items={job.responsibilities}
            icon={BriefcaseIcon}
          />
          <PostingList id="job-benefits" heading="Benefits" items={job.benefits} icon={GiftIcon} />
        </div>
        <section
          id="application-form"
          aria-labelledby="application-form-heading"
          className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm lg:sticky lg:top-24 lg:col-span-2 lg:self-start"
        >
          <h2 id="application-form-heading" className="text-2xl font-semibold text-slate-900">
            Apply for this position
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Fields marked * are required. We reply to every application within 24 hours.
          </p>
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
 * (docs/product.md#job-detail).
 */
function JobNotFound() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Job Not Found</h1>
      <p className="mt-4 text-slate-700">
        This position does not exist or is no longer open. Our current openings are listed on the
        careers page.
      </p>
      <Link to="/careers" className="btn-primary mt-8">
        Back to Careers
      </Link>
    </main>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <JobNotFound />
  return <RouteErrorScreen error={error} />
}
