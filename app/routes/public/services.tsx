import { ContentIcons } from '~/components/ui/icons/content-icon'
import {
  CallToAction,
  CheckItem,
  IconBadge,
  PageHero,
  PageSection,
  StatStrip,
} from '~/components/marketing/page-parts'
import { FeatureRow } from '~/components/marketing/sections'
import { claims } from '~/content/marketing/claims'
import { servicesPage } from '~/content/marketing/services'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import type { PageSeo } from '~/lib/seo/meta'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import { connectTimeText } from '~/domain/calls'
import { publishedConnectTime } from '~/models/calls/connect-time-publication.server'
import type { Route } from './+types/services'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

export async function loader() {
  const seo: PageSeo = {
    title: 'Interpretation and Translation Services',
    description: `Phone interpretation, video remote interpretation, on-site interpretation and certified document translation in ${claims.languages} languages, ${claims.availability}, with a ${claims.uptimeGuarantee} uptime guarantee.`,
    path: '/services',
    keywords: [
      'phone interpretation',
      'video remote interpretation',
      'on-site interpretation',
      'document translation',
      'certified translation',
      'ASL interpreting',
    ],
  }
  return {
    ...marketingPageData(seo, 'Services', servicesPage),
    connectTime: await publishedConnectTime(),
  }
}

export const meta: Route.MetaFunction = metaFromLoader

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const {
    serviceOfferings,
    servicesCallToAction,
    servicesHero,
    servicesIndustryTiles,
    servicesStats,
  } = loaderData.content
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <ScrollReveal />
        <PageHero
          eyebrow="Services"
          heading={servicesHero.heading}
          text={servicesHero.text}
          illustration="/illustrations/services-video-call.svg"
        />
        <StatStrip stats={servicesStats} label="Service figures" />
        {loaderData.connectTime ? (
          <section aria-label="Measured connect time" className="border-b border-slate-200">
            <p className="mx-auto max-w-7xl px-4 py-4 text-center text-slate-700 sm:px-6 lg:px-8">
              Median time to a live interpreter:{' '}
              <strong className="text-slate-900">
                {connectTimeText(loaderData.connectTime.medianSeconds)}
              </strong>
              , measured over our on-demand calls of the last 30 days.
            </p>
          </section>
        ) : null}
        <PageSection
          headingId="service-cards-heading"
          heading="How We Help You Communicate"
          text="Choose the way of interpreting that fits the conversation, or combine them."
        >
          <div className="mt-10 space-y-12 sm:mt-16 sm:space-y-20">
            {serviceOfferings.map((service, index) => (
              <FeatureRow
                key={service.id}
                id={service.id}
                reverse={index % 2 === 1}
                media={
                  <ul
                    className="space-y-3 rounded-2xl bg-brand-50 p-6 text-slate-800 ring-1 ring-brand-100 sm:p-8"
                    aria-label={`${service.title} features`}
                  >
                    {service.features.map((feature) => (
                      <CheckItem key={feature}>{feature}</CheckItem>
                    ))}
                  </ul>
                }
              >
                <IconBadge icon={service.icon} />
                <h3
                  id={`${service.id}-heading`}
                  className="mt-4 text-2xl font-semibold sm:text-3xl"
                >
                  {service.title}
                </h3>
                <p className="mt-3 text-lg text-slate-700">{service.description}</p>
              </FeatureRow>
            ))}
          </div>
        </PageSection>
        <PageSection
          headingId="industry-tiles-heading"
          heading="Industries We Serve"
          text="Interpreters matched to the vocabulary and procedures of your field."
          tinted
        >
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {servicesIndustryTiles.map((tile) => (
              <li
                key={tile.title}
                className="scroll-animation flex gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <IconBadge icon={tile.icon} />
                <div>
                  <h3 className="text-lg font-semibold">{tile.title}</h3>
                  <p className="mt-1 text-slate-700">{tile.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </PageSection>
        <CallToAction id="services-cta-heading" {...servicesCallToAction} />
      </main>
    </ContentIcons>
  )
}
