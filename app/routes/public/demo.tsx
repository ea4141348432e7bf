import { ContentIcons } from '~/components/ui/icons/content-icon'
import { LeadForm } from '~/components/lead-form'
import { IconBadge, PageHero } from '~/components/marketing/page-parts'
import { demoPage } from '~/content/marketing/demo'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { submitLead } from '~/routes/public/+shared/lead-action.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import type { PageSeo } from '~/lib/seo/meta'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import { leadSchema } from '~/lib/validation/lead'
import type { Route } from './+types/demo'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'

export const meta: Route.MetaFunction = metaFromLoader

export function loader() {
  const seo: PageSeo = {
    title: 'Request Your Demo',
    description:
      'Request a live demo of our phone and video remote interpreting: 24/7 availability, certified interpreters and instant connection in under 30 seconds.',
    path: '/demo',
    keywords: [
      'interpreting demo',
      'video remote interpreting demo',
      'over-the-phone interpreting trial',
      'language access solution',
    ],
  }
  return {
    ...marketingPageData(seo, 'Request Your Demo', demoPage),
    formToken: issueFormToken(),
    constraint: formConstraint(leadSchema),
  }
}

/** A demo request is a client request of type `demo`, with the same two e-mails as contact. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitLead(request, 'demo', context.clientIp)
}

export default function DemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { demoBenefits, demoHero } = loaderData.content
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <PageHero
          eyebrow="Live demonstration"
          heading={demoHero.heading}
          text={demoHero.text}
          illustration="/illustrations/demo-calendar.svg"
        />
        <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8">
          <section
            id="demo-form"
            aria-labelledby="demo-form-heading"
            className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm sm:p-8 lg:col-span-3"
          >
            <h2 id="demo-form-heading" className="text-2xl font-semibold">
              Tell us about your organization
            </h2>
            <p className="mt-2 text-slate-700">
              We will contact you to schedule your demo. Fields marked * are required.
            </p>
            <div className="mt-6">
              <LeadForm
                formToken={loaderData.formToken}
                constraint={loaderData.constraint}
                actionData={actionData}
                submitLabel="Request Demo"
                messageLabel="What would you like to see?"
                confirmation={{
                  heading: 'Thank you, your demo request has been sent.',
                  text: 'We have e-mailed you a confirmation and will contact you to schedule your demo.',
                }}
              />
            </div>
          </section>
          <section aria-labelledby="demo-benefits-heading" className="lg:col-span-2">
            <h2 id="demo-benefits-heading" className="text-2xl font-semibold">
              What you get
            </h2>
            <ul className="mt-6 space-y-4">
              {demoBenefits.map((benefit) => (
                <li
                  key={benefit.title}
                  className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <IconBadge icon={benefit.icon} />
                  <div>
                    <h3 className="text-lg font-semibold">{benefit.title}</h3>
                    <p className="mt-1 text-slate-700">{benefit.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
    </ContentIcons>
  )
}
