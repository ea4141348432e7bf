import { ContentIcons } from '~/components/ui/icons/content-icon'
import { contentIconMarkup } from '~/components/ui/icons/content-icons'
import { Link } from 'react-router'
import { FaqAccordion } from '~/components/marketing/faq-accordion'
import {
  IconBadge,
  PageSection,
  SectionHeading,
  StatStrip,
} from '~/components/marketing/page-parts'
import {
  InitialsAvatar,
  ScrollRow,
  scrollRowItem,
  TrustStrip,
} from '~/components/marketing/sections'
import { CheckCircleIcon } from '~/components/ui/icons/check-circle'
import { ContentIcon } from '~/components/ui/icons/content-icon'
import { QuoteIcon } from '~/components/ui/icons/quote'
import type { HomePageContent } from '~/content/marketing/home'
import { copy, localeOf } from '~/i18n/translator.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { faqPageJsonLd } from '~/lib/seo/structured-data'
import type { Route } from './+types/home'
import { ScrollReveal } from '~/components/marketing/scroll-reveal'

// The copy reaches the page as loader data in the page's language, not as part of its
// JavaScript (docs/decisions/011-public-page-javascript-budget.md, 066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const { seo, ...content } = copy(locale, 'homePage')
  return {
    head: pageHead({ ...seo, path: '/', locale }, undefined, [faqPageJsonLd(content.faqs)]),
    content,
    icons: contentIconMarkup(content),
  }
}

export const meta: Route.MetaFunction = metaFromLoader

type Content = { content: HomePageContent }

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData
  return (
    <ContentIcons markup={loaderData.icons}>
      <main>
        <ScrollReveal />
        <Hero content={content} />
        <StatStrip stats={content.homeStats} label={content.sections.statsLabel} />
        <TrustStrip {...content.trustStrip} />
        <ServicesSection content={content} />
        <IndustryExpertiseSection content={content} />
        <AboutUsSection content={content} />
        <FaqSection content={content} />
      </main>
    </ContentIcons>
  )
}

function Hero({ content: { homeHero } }: Content) {
  return (
    <section className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1fr_auto] lg:px-8 lg:py-24">
        <div>
          <h1 className="max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl xl:text-6xl">
            {homeHero.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100 sm:text-xl">{homeHero.pitch}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-medium ring-1 ring-white/25">
            <CheckCircleIcon className="size-5 shrink-0 text-accent-500" />
            {homeHero.joinedClaim}
          </p>
          <div className="mt-8 flex flex-wrap gap-4 sm:mt-10">
            <Link to={homeHero.primaryAction.to} className="btn-accent px-6 py-3 text-base">
              {homeHero.primaryAction.label}
            </Link>
            <Link
              to={homeHero.secondaryAction.to}
              className="btn border border-white px-6 py-3 text-base text-white hover:bg-white/10 focus-visible:outline-white"
            >
              {homeHero.secondaryAction.label}
            </Link>
          </div>
        </div>
        <img
          src="/illustrations/home-hero.svg"
          width="480"
          height="400"
          alt=""
          className="hidden h-auto w-96 lg:block xl:w-[480px]"
        />
      </div>
    </section>
  )
}

function ServicesSection({ content: { homeServices, sections } }: Content) {
  const text = sections.services
  return (
    <section id="services" aria-labelledby="services-heading" className="py-12 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="services-heading" heading={text.heading} text={text.text} />
      </div>
      <ScrollRow label={text.cardsLabel}>
        <ul className="flex gap-4 sm:grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {homeServices.map((service) => (
            <li
              key={service.title}
              className={`scroll-animation rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${scrollRowItem}`}
            >
              <IconBadge icon={service.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
              <p className="mt-2 text-slate-700">{service.description}</p>
            </li>
          ))}
        </ul>
      </ScrollRow>
      <p className="mt-6 text-center sm:mt-10">
        <Link to={text.more.to} className="font-semibold text-brand-700 hover:underline">
          {text.more.label}
        </Link>
      </p>
    </section>
  )
}

function IndustryExpertiseSection({ content: { homeIndustries, sections } }: Content) {
  const text = sections.industries
  return (
    <section
      id="industry-expertise"
      aria-labelledby="industry-expertise-heading"
      className="bg-slate-50 py-12 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="industry-expertise-heading" heading={text.heading} text={text.text} />
      </div>
      <ScrollRow label={text.cardsLabel}>
        <ul className="flex gap-4 sm:grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {homeIndustries.map((industry) => (
            <li
              key={industry.title}
              id={industry.id}
              className={`scroll-animation rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${scrollRowItem}`}
            >
              <div className="flex items-center gap-4">
                <IconBadge icon={industry.icon} />
                <h3 className="text-xl font-semibold text-slate-900">{industry.title}</h3>
              </div>
              <ul className="mt-4 space-y-2 text-slate-700">
                {industry.uses.map((use) => (
                  <li key={use} className="flex gap-2">
                    <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    <span>{use}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </ScrollRow>
      <p className="mt-6 text-center sm:mt-10">
        <Link to={text.more.to} className="font-semibold text-brand-700 hover:underline">
          {text.more.label}
        </Link>
      </p>
    </section>
  )
}

function AboutUsSection({
  content: { homeAboutText, homeAboutStats, whyChooseUs, testimonials, sections },
}: Content) {
  const text = sections.about
  return (
    <section id="about-us" aria-labelledby="about-us-heading" className="py-12 sm:py-24">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:px-8">
        <div className="scroll-animation">
          <h2
            id="about-us-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            {text.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{homeAboutText}</p>
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:mt-8 sm:gap-6">
            {homeAboutStats.map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl bg-brand-50 p-4 sm:p-6">
                <dt className="text-slate-700">{stat.label}</dt>
                <dd className="order-first text-3xl font-bold text-brand-800 sm:text-4xl">
                  {stat.inWords ?? stat.value}
                </dd>
              </div>
            ))}
          </dl>
          <Link to={text.more.to} className="btn-primary mt-6 sm:mt-8">
            {text.more.label}
          </Link>
        </div>
        <div className="scroll-animation rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <h3 className="text-2xl font-bold">{text.whyChooseUs}</h3>
          <ul className="mt-5 space-y-4 sm:mt-6 sm:space-y-5">
            {whyChooseUs.map((reason) => (
              <li key={reason.title} className="flex gap-4">
                <ContentIcon name={reason.icon} className="mt-1 size-6 shrink-0 text-accent-500" />
                <div>
                  <p className="font-semibold">{reason.title}</p>
                  <p className="mt-1 text-brand-100">{reason.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <h3 className="scroll-animation mt-12 px-4 text-center text-2xl font-bold text-slate-900 sm:mt-20 sm:text-3xl">
        {text.testimonials}
      </h3>
      <ScrollRow label={text.testimonialsLabel}>
        <ul className="flex gap-4 sm:grid sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            <li
              key={testimonial.name}
              className={`scroll-animation flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm ${scrollRowItem}`}
            >
              <figure className="flex h-full flex-col">
                <QuoteIcon className="size-8 text-brand-600" />
                <blockquote className="mt-4 flex-1 text-slate-800">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-200 pt-4">
                  <InitialsAvatar initials={testimonial.initials} index={index} />
                  <div>
                    <p className="font-semibold text-slate-900">{testimonial.name}</p>
                    <p className="text-sm text-slate-700">{testimonial.role}</p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </section>
  )
}

function FaqSection({ content: { faqs, faqClosing, sections } }: Content) {
  return (
    <PageSection
      id="faq"
      headingId="faq-heading"
      heading={sections.faq.heading}
      text={sections.faq.text}
      tinted
      narrow
    >
      <div className="mt-10">
        <FaqAccordion faqs={faqs} />
      </div>
      <div className="mt-12 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h3 className="text-xl font-semibold text-slate-900">{faqClosing.text}</h3>
        <p className="mt-2 text-slate-700">{faqClosing.detail}</p>
        <Link to={faqClosing.action.to} className="btn-primary mt-6">
          {faqClosing.action.label}
        </Link>
      </div>
    </PageSection>
  )
}
