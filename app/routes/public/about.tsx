import { ContentIcons } from '~/components/ui/icons/content-icon'
import {
  CallToAction,
  IconBadge,
  PageHero,
  PageSection,
  StatStrip,
} from '~/components/marketing/page-parts'
import { GlobeIcon } from '~/components/ui/icons/globe'
import { aboutPage } from '~/content/marketing/about'
import { claims } from '~/content/marketing/claims'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import type { PageSeo } from '~/lib/seo/meta'
import { marketingPageData } from '~/routes/public/+shared/marketing-page.server'
import type { Route } from './+types/about'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

export function loader() {
  const seo: PageSeo = {
    title: 'About Us: Our Mission, Network and Commitments',
    description: `Founded in ${claims.founded}, we connect organizations with ${claims.contractInterpreters} professional interpreters and translators in ${claims.countries} countries, ${claims.availability}, with ${claims.confidentiality} confidentiality.`,
    path: '/about',
    keywords: [
      'about our language services',
      'professional interpreters',
      'translation company',
      'HIPAA compliant interpreting',
      'interpreter network',
    ],
  }
  return marketingPageData(seo, 'About', aboutPage)
}

export const meta: Route.MetaFunction = metaFromLoader

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const {
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
          eyebrow="Who we are"
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
              <h2 className="text-2xl font-semibold">What We Do</h2>
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
        <StatStrip stats={aboutStats} label="Our company in numbers" />
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
