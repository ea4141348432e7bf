import { fullApplicationChoices } from '~/content/application-options'
import { BriefcaseIcon } from '~/components/ui/icons/briefcase'
import { ClockIcon } from '~/components/ui/icons/clock'
import { GlobeIcon } from '~/components/ui/icons/globe'
import { HomeIcon } from '~/components/ui/icons/home'
import { ListChecksIcon } from '~/components/ui/icons/list-checks'
import { StarIcon } from '~/components/ui/icons/star'
import { Link } from 'react-router'
import { FullApplicationForm } from '~/components/recruiting/full-application-form'
import { PostingList, TagList } from '~/components/recruiting/job-sections'
import { contractInterpreter } from '~/content/contract-interpreter'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { requireSlugParam } from '~/lib/http/params'
import { submitInterpreterApplication } from '~/routes/careers/+shared/application-action.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/lib/seo/page-head.server'
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

export async function loader({ params }: Route.LoaderArgs) {
  const jobId = sourceJobId(params)
  const job = await getOpenJobPosting(jobId)
  const path = `/apply/${encodeURIComponent(jobId)}`
  const head = pageHead(
    {
      title: job ? `Apply: ${job.title}` : `Apply: ${contractInterpreter.title}`,
      description: `${contractInterpreter.summary} Apply online with your resume.`,
      path,
      keywords: ['contract interpreter jobs', 'remote interpreter', 'apply interpreter'],
    },
    [
      { name: 'Home', path: '/' },
      { name: 'Careers', path: '/careers' },
      { name: contractInterpreter.title, path },
    ],
  )
  return {
    head,
    // The fixed description reaches the page as data, not as JavaScript
    // (docs/decisions/011-public-page-javascript-budget.md).
    contractInterpreter,
    jobId,
    job: job ? { id: job.id, title: job.title } : null,
    choices: fullApplicationChoices,
    formToken: issueFormToken(),
    constraint: formConstraint(fullApplicationSchema),
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
  const { job, contractInterpreter } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link
              to="/"
              className="inline-flex items-center gap-1 font-medium text-brand-100 hover:underline"
            >
              <HomeIcon aria-hidden="true" className="size-4" /> Home
            </Link>
            <Link
              to="/careers"
              className="inline-flex items-center gap-1 font-medium text-brand-100 hover:underline"
            >
              <BriefcaseIcon aria-hidden="true" className="size-4" /> View all jobs
            </Link>
          </nav>
          <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{contractInterpreter.title}</h1>
          {job ? <p className="mt-2 text-lg text-brand-100">Applying for: {job.title}</p> : null}
          <div className="mt-5">
            <TagList tags={contractInterpreter.tags} label="Position type" />
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
            Apply now
          </a>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="space-y-10">
          <section aria-labelledby="about-company">
            <h2 id="about-company" className="text-2xl font-semibold text-slate-900">
              About us
            </h2>
            {contractInterpreter.about.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
          <PostingList
            id="contract-responsibilities"
            heading="Contract responsibilities"
            items={contractInterpreter.responsibilities}
            icon={BriefcaseIcon}
          />
          <PostingList
            id="contract-requirements"
            heading="Requirements"
            items={contractInterpreter.requirements}
            icon={ListChecksIcon}
          />
          <PostingList
            id="contract-preferred"
            heading="Preferred Qualifications"
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
            Apply Now
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Fields marked * are required. We reply to every application within 24 hours.
          </p>
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
