import { ContentIcons } from '~/components/ui/icons/content-icon'
import { LeadForm } from '~/components/lead-form'
import { IconBadge, PageHero } from '~/components/marketing/page-parts'
import { copy, localeOf } from '~/i18n/translator.server'
import { submitLead } from '~/routes/public/+shared/lead-action.server'
import { leadFormData } from '~/routes/public/+shared/lead-form.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import type { Route } from './+types/demo'

// Passes the action's Retry-After (429) on to the document response.
export { headers } from '~/lib/http/headers'

export const meta: Route.MetaFunction = metaFromLoader

// The page's words reach it as loader data in the page's language (docs/decisions/066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const { form, ...page } = copy(locale, 'demoPage')
  return {
    ...marketingPageData(locale, '/demo', page),
    ...leadFormData(locale, form),
  }
}

/** A demo request is a client request of type `demo`, with the same two e-mails as contact. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitLead(request, 'demo', context.clientIp)
}

export default function DemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { eyebrow, demoHero, formSection, benefitsHeading, demoBenefits } = loaderData.content
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <PageHero
          eyebrow={eyebrow}
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
              {formSection.heading}
            </h2>
            <p className="mt-2 text-slate-700">{formSection.intro}</p>
            <div className="mt-6">
              <LeadForm
                formToken={loaderData.formToken}
                constraint={loaderData.constraint}
                actionData={actionData}
                text={loaderData.form}
              />
            </div>
          </section>
          <section aria-labelledby="demo-benefits-heading" className="lg:col-span-2">
            <h2 id="demo-benefits-heading" className="text-2xl font-semibold">
              {benefitsHeading}
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
