import { ClockIcon } from '~/components/ui/icons/clock'
import { MailIcon } from '~/components/ui/icons/mail'
import { MapPinIcon } from '~/components/ui/icons/map-pin'
import { MessageSquareIcon } from '~/components/ui/icons/message-square'
import { PhoneIcon } from '~/components/ui/icons/phone'
import { LeadForm } from '~/components/lead-form'
import { telHref, useCompany } from '~/lib/company'
import { copy, fill, localeOf } from '~/i18n/translator.server'
import { leadFormData } from '~/routes/public/+shared/lead-form.server'
import { submitLead } from '~/routes/public/+shared/lead-action.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import { pageHead } from '~/i18n/page-head.server'
import { runtime } from '~/platform/runtime.server'
import type { Route } from './+types/contact'

export { headers } from '~/lib/http/headers'
export const meta: Route.MetaFunction = metaFromLoader

// The page's words reach it as loader data in the page's language (docs/decisions/066-…).
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const { seo, crumb, form, hero, ...text } = copy(locale, 'contactPage')
  const { primaryLinks } = copy(locale, 'navigation')
  const { phone } = runtime().config.company
  return {
    head: pageHead({ ...seo, path: '/contact', locale }, [
      { name: primaryLinks.home.label, path: '/' },
      { name: crumb, path: '/contact' },
    ]),
    text: { ...text, hero: { ...hero, call: fill(locale, hero.call, { phone }) } },
    ...leadFormData(locale, form),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitLead(request, 'contact', context.clientIp)
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  const { text } = loaderData
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-[1fr_auto] lg:px-8">
          <div>
            <h1 className="text-4xl font-bold">{text.hero.heading}</h1>
            <p className="mt-4 max-w-2xl text-lg text-brand-100">{text.hero.text}</p>
            <a href={telHref(company.phone)} className="btn-accent mt-8">
              <PhoneIcon aria-hidden="true" className="size-4" />
              {text.hero.call}
            </a>
          </div>
          <img
            src="/illustrations/contact-messages.svg"
            width="480"
            height="400"
            alt=""
            className="hidden h-auto w-80 lg:block"
          />
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <aside className="space-y-8">
          <section>
            <h2 className="text-xl font-semibold">{text.getInTouch.heading}</h2>
            <ul className="mt-4 space-y-4">
              <li className="flex gap-3">
                <MailIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">{text.getInTouch.email.label}</p>
                  <a href={`mailto:${company.email}`} className="text-brand-700 underline">
                    {company.email}
                  </a>
                  <p className="text-sm text-slate-600">{text.getInTouch.email.note}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <PhoneIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">{text.getInTouch.phone.label}</p>
                  <a href={telHref(company.phone)} className="text-brand-700 underline">
                    {company.phone}
                  </a>
                  <p className="text-sm text-slate-600">{text.getInTouch.phone.note}</p>
                </div>
              </li>
              <li className="flex gap-3">
                <MessageSquareIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">{text.getInTouch.chat.label}</p>
                  <a href="#contact-form" className="text-brand-700 underline">
                    {text.getInTouch.chat.link}
                  </a>
                </div>
              </li>
            </ul>
          </section>
          <section>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <MapPinIcon aria-hidden="true" className="size-5 text-brand-700" />
              {` ${text.serviceArea.heading}`}
            </h2>
            <p className="mt-2 text-slate-700">{text.serviceArea.text}</p>
          </section>
          <section>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <ClockIcon aria-hidden="true" className="size-5 text-brand-700" />
              {` ${text.hours.heading}`}
            </h2>
            <p className="mt-2 text-slate-700">{text.hours.weekdays}</p>
            <p className="text-slate-700">{text.hours.emergencies}</p>
          </section>
        </aside>
        <section id="contact-form" aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            {text.formSection.heading}
          </h2>
          <p className="mt-2 text-slate-600">{text.formSection.required}</p>
          <div className="mt-6">
            <LeadForm
              formToken={loaderData.formToken}
              constraint={loaderData.constraint}
              actionData={actionData}
              text={loaderData.form}
            />
          </div>
        </section>
      </div>
    </main>
  )
}
