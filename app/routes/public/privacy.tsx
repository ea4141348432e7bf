import { useCompany } from '~/lib/company'
import { PRIVACY_NOTICE_VERSION, privacySections } from '~/content/privacy-notice'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import type { PageSeo } from '~/lib/seo/meta'
import { pageHead } from '~/lib/seo/page-head.server'
import { runtime } from '~/platform/runtime.server'
import type { Route } from './+types/privacy'

// The page's head is built on the server: no SEO copy in the page's JavaScript
// (docs/decisions/011-public-page-javascript-budget.md).
export function loader() {
  const seo: PageSeo = {
    title: 'Privacy Notice',
    description:
      'How we use the information you send us when you apply to interpret for us or contact our team, how long we keep it and how to reach us about it.',
    path: '/privacy',
    keywords: ['privacy notice', 'interpreter application data', 'data protection'],
  }
  return {
    retention: runtime().config.retention,
    head: pageHead(seo, [
      { name: 'Home', path: '/' },
      { name: 'Privacy Notice', path: '/privacy' },
    ]),
  }
}

export const meta: Route.MetaFunction = metaFromLoader

const versionDate = new Date(`${PRIVACY_NOTICE_VERSION}T00:00:00Z`).toLocaleDateString('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
})

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const company = useCompany()
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold text-slate-900">Privacy Notice</h1>
      <p className="mt-3 text-slate-600">
        Version {PRIVACY_NOTICE_VERSION}, in effect since {versionDate}.
      </p>
      <div className="mt-10 space-y-8">
        {privacySections(loaderData.retention).map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <section>
          <h2 className="text-2xl font-semibold text-slate-900">Contact</h2>
          <address className="mt-3 leading-relaxed text-slate-700 not-italic">
            {company.name}
            <br />
            {company.address}
            <br />
            <a href={`mailto:${company.email}`} className="text-brand-700 underline">
              {company.email}
            </a>
          </address>
        </section>
      </div>
    </main>
  )
}
