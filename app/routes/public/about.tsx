import { ContentIcons } from '~/components/ui/icons/content-icon'
import {
  CallToAction,
  IconBadge,
  PageHero,
  PageSection,
  StatStrip,
} from '~/components/marketing/page-parts'
import { GlobeIcon } from '~/components/ui/icons/globe'
import { copy, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import type { Route } from './+types/about'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

// The copy reaches the page as loader data in the page's language (docs/decisions/066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  return marketingPageData(locale, '/about', copy(locale, 'aboutPage'))
}

export const meta: Route.MetaFunction = metaFromLoader

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const {
    eyebrow,
    serviceOverviewHeading,
    statsLabel,
    aboutCallToAction,
    aboutCommitments,
    aboutGlobalNetwork,
    aboutHero,
    aboutMission,
    aboutServiceOverview,
    aboutStats,
  } = loaderData.content
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <ScrollReveal />
        <PageHero
          eyebrow={eyebrow}
          heading={aboutHero.heading}
          text={aboutHero.text}
          illustration="/illustrations/about-globe.svg"
        />
        <section aria-labelledby="mission-heading" className="py-16 sm:py-24">
          <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
            <div className="scroll-animation">
              <h2 id="mission-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
                {aboutMission.heading}
              </h2>
              {aboutMission.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 text-lg text-slate-700">
                  {paragraph}
                </p>
              ))}
            </div>
            <div className="scroll-animation">
              <h2 className="text-2xl font-semibold">{serviceOverviewHeading}</h2>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2">
                {aboutServiceOverview.map((item) => (
                  <li key={item.title} className="rounded-xl border border-slate-200 p-5">
                    <IconBadge icon={item.icon} />
                    <h3 className="mt-3 font-semibold">{item.title}</h3>
                    <p className="mt-1 text-slate-700">{item.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
        <StatStrip stats={aboutStats} label={statsLabel} />
        <section aria-labelledby="network-heading" className="py-16 sm:py-24">
          <div className="scroll-animation mx-auto flex max-w-4xl flex-col items-center px-4 text-center sm:px-6 lg:px-8">
            <GlobeIcon className="size-12 text-brand-700" />
            <h2 id="network-heading" className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
              {aboutGlobalNetwork.heading}
            </h2>
            <p className="mt-4 text-lg text-slate-700">{aboutGlobalNetwork.text}</p>
          </div>
        </section>
        <PageSection headingId="commitments-heading" heading={aboutCommitments.heading} tinted>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {aboutCommitments.items.map((item) => (
              <li
                key={item.title}
                className="scroll-animation rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <IconBadge icon={item.icon} />
                <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-slate-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </PageSection>
        <CallToAction id="about-cta-heading" {...aboutCallToAction} />
      </main>
    </ContentIcons>
  )
}
