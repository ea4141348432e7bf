import { ContentIcons } from '~/components/ui/icons/content-icon'
import {
  CallToAction,
  CheckItem,
  IconBadge,
  PageHero,
  PageSection,
  StatStrip,
} from '~/components/marketing/page-parts'
import { copy, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import type { Route } from './+types/industries'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

// The copy reaches the page as loader data in the page's language (docs/decisions/066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  return marketingPageData(locale, '/industries', copy(locale, 'industriesPage'))
}

export const meta: Route.MetaFunction = metaFromLoader

export default function IndustriesPage({ loaderData }: Route.ComponentProps) {
  const {
    eyebrow,
    statsLabel,
    cards,
    reasonsHeading,
    industriesCallToAction,
    industriesHero,
    industriesStats,
    industryDetails,
    industryReasons,
  } = loaderData.content
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <ScrollReveal />
        <PageHero
          eyebrow={eyebrow}
          heading={industriesHero.heading}
          text={industriesHero.text}
          illustration="/illustrations/industries-skyline.svg"
        />
        <StatStrip stats={industriesStats} label={statsLabel} />
        <PageSection headingId="industry-cards-heading" heading={cards.heading}>
          <div className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {industryDetails.map((industry) => (
              <article
                key={industry.id}
                id={industry.id}
                aria-labelledby={`${industry.id}-heading`}
                className="scroll-animation flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center gap-4">
                  <IconBadge icon={industry.icon} />
                  <h3 id={`${industry.id}-heading`} className="text-xl font-semibold">
                    {industry.title}
                  </h3>
                </div>
                <p className="mt-4 text-slate-700">{industry.description}</p>
                <h4 className="mt-6 text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {cards.services}
                </h4>
                <ul className="mt-2 space-y-2 text-slate-800">
                  {industry.services.map((service) => (
                    <CheckItem key={service}>{service}</CheckItem>
                  ))}
                </ul>
                <h4 className="mt-6 text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {cards.specialties}
                </h4>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {industry.specialties.map((specialty) => (
                    <li
                      key={specialty}
                      className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800"
                    >
                      {specialty}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </PageSection>
        <PageSection headingId="reasons-heading" heading={reasonsHeading} tinted>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {industryReasons.map((reason) => (
              <li
                key={reason.title}
                className="scroll-animation rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <IconBadge icon={reason.icon} />
                <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
                <p className="mt-2 text-slate-700">{reason.text}</p>
              </li>
            ))}
          </ul>
        </PageSection>
        <CallToAction id="industries-cta-heading" {...industriesCallToAction} />
      </main>
    </ContentIcons>
  )
}
