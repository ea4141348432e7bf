import { ClockIcon } from '~/components/ui/icons/clock'
import { MailIcon } from '~/components/ui/icons/mail'
import { MapPinIcon } from '~/components/ui/icons/map-pin'
import { MessageSquareIcon } from '~/components/ui/icons/message-square'
import { PhoneIcon } from '~/components/ui/icons/phone'
import { LeadForm } from '~/components/lead-form'
import { telHref, useCompany } from '~/lib/company'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { issueFormToken } from '~/lib/forms/form-protection.server'
import { leadSchema } from '~/lib/validation/lead'
import { submitLead } from '~/routes/public/+shared/lead-action.server'
import { metaFromLoader } from '~/lib/seo/meta-from-loader'
import type { PageSeo } from '~/lib/seo/meta'
import { pageHead } from '~/lib/seo/page-head.server'
import type { Route } from './+types/contact'

export { headers } from '~/lib/http/headers'
export const meta: Route.MetaFunction = metaFromLoader

export function loader() {
  const seo: PageSeo = {
    title: 'Contact Us',
    description:
      'Contact our language services team: email with a 1-hour response, phone support 24/7, nationwide remote and on-site interpreting.',
    path: '/contact',
    keywords: ['contact interpreting services', 'translation quote', '24/7 interpreter'],
  }
  return {
    head: pageHead(seo, [
      { name: 'Home', path: '/' },
      { name: 'Contact Us', path: '/contact' },
    ]),
    formToken: issueFormToken(),
    constraint: formConstraint(leadSchema),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitLead(request, 'contact', context.clientIp)
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany()
  return (
    <main>
      <section className="bg-brand-900 py-12 text-white sm:py-16">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-[1fr_auto] lg:px-8">
          <div>
            <h1 className="text-4xl font-bold">Contact Us</h1>
            <p className="mt-4 max-w-2xl text-lg text-brand-100">
              Tell us what you need and a language services specialist will get back to you.
            </p>
            <a href={telHref(company.phone)} className="btn-accent mt-8">
              <PhoneIcon aria-hidden="true" className="size-4" />
              Call {company.phone}
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
            <h2 className="text-xl font-semibold">Get in touch</h2>
            <ul className="mt-4 space-y-4">
              <li className="flex gap-3">
                <MailIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">Email</p>
                  <a href={`mailto:${company.email}`} className="text-brand-700 underline">
                    {company.email}
                  </a>
                  <p className="text-sm text-slate-600">Response within 1 hour</p>
                </div>
              </li>
              <li className="flex gap-3">
                <PhoneIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">Phone</p>
                  <a href={telHref(company.phone)} className="text-brand-700 underline">
                    {company.phone}
                  </a>
                  <p className="text-sm text-slate-600">Available 24/7</p>
                </div>
              </li>
              <li className="flex gap-3">
                <MessageSquareIcon aria-hidden="true" className="mt-1 size-5 text-brand-700" />
                <div>
                  <p className="font-medium">Live chat</p>
                  <a href="#contact-form" className="text-brand-700 underline">
                    Message our team
                  </a>
                </div>
              </li>
            </ul>
          </section>
          <section>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <MapPinIcon aria-hidden="true" className="size-5 text-brand-700" /> Service area
            </h2>
            <p className="mt-2 text-slate-700">Nationwide: remote and on-site interpreting.</p>
          </section>
          <section>
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <ClockIcon aria-hidden="true" className="size-5 text-brand-700" /> Business hours
            </h2>
            <p className="mt-2 text-slate-700">Monday to Friday: 8:00 AM to 8:00 PM EST</p>
            <p className="text-slate-700">Emergencies: 24/7</p>
          </section>
        </aside>
        <section id="contact-form" aria-labelledby="contact-form-heading" className="lg:col-span-2">
          <h2 id="contact-form-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
          <p className="mt-2 text-slate-600">Fields marked * are required.</p>
          <div className="mt-6">
            <LeadForm
              formToken={loaderData.formToken}
              constraint={loaderData.constraint}
              actionData={actionData}
              submitLabel="Send Message"
              confirmation={{
                heading: 'Thank you, your message has been sent.',
                text: 'We have e-mailed you a confirmation and will respond within 1 hour.',
              }}
            />
          </div>
        </section>
      </div>
    </main>
  )
}
