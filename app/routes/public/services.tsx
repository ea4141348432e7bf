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
import type { servicesConnectTime } from '~/content/marketing/services'
import { connectTimeParts } from '~/domain/calls'
import type { Locale } from '~/domain/locales'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import { publishedConnectTime } from '~/models/calls/connect-time-publication.server'
import type { Route } from './+types/services'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

// The copy reaches the page as loader data in the page's language (docs/decisions/066-…).
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const page = marketingPageData(locale, '/services', copy(locale, 'servicesPage'))
  const { offerings, measuredConnectTime: words } = page.content
  const connectTime = await publishedConnectTime()
  return {
    ...page,
    content: {
      ...page.content,
      serviceOfferings: page.content.serviceOfferings.map((service) => ({
        ...service,
        featuresLabel: fill(locale, offerings.featuresLabel, { title: service.title }),
      })),
    },
    connectTime,
    /** The published median in words, in the page's language. */
    medianConnectTime: connectTime && connectTimeIn(locale, words, connectTime.medianSeconds),
  }
}

/** The median connect time in words (`8 seconds`, `1 min 5 s`), in the page's language. */
function connectTimeIn(locale: Locale, words: typeof servicesConnectTime, medianSeconds: number) {
  const { minutes, seconds } = connectTimeParts(medianSeconds)
  if (minutes === 0) return fill(locale, words.seconds, { count: seconds })
  if (seconds === 0) return fill(locale, words.minutes, { minutes })
  return fill(locale, words.minutesAndSeconds, { minutes, seconds })
}

export const meta: Route.MetaFunction = metaFromLoader

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const {
    eyebrow,
    statsLabel,
    measuredConnectTime,
    offerings,
    industryTiles,
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
          eyebrow={eyebrow}
          heading={servicesHero.heading}
          text={servicesHero.text}
          illustration="/illustrations/services-video-call.svg"
        />
        <StatStrip stats={servicesStats} label={statsLabel} />
        {loaderData.medianConnectTime ? (
          <section aria-label={measuredConnectTime.label} className="border-b border-slate-200">
            <p className="mx-auto max-w-7xl px-4 py-4 text-center text-slate-700 sm:px-6 lg:px-8">
              {measuredConnectTime.before}{' '}
              <strong className="text-slate-900">{loaderData.medianConnectTime}</strong>
              {measuredConnectTime.after}
            </p>
          </section>
        ) : null}
        <PageSection
          headingId="service-cards-heading"
          heading={offerings.heading}
          text={offerings.text}
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
                    aria-label={service.featuresLabel}
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
          heading={industryTiles.heading}
          text={industryTiles.text}
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
