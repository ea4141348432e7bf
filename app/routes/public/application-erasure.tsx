import { data, Form } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import { seoMeta } from '~/lib/seo/meta'
import { confirmErasure, erasureCodeIsValid } from '~/models/privacy/status-page.server'
import { applicantPageHeaders } from '~/lib/http/applicant-page-headers'
import type { Route } from './+types/application-erasure'

export const headers: Route.HeadersFunction = () => applicantPageHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Erase your data',
      description: 'Confirm the erasure of your application data.',
      path: '/application-erasure',
      noindex: true,
    },
    matches,
  )

/** Opening the e-mailed link only asks: link checkers and previews must not erase anything. */
export async function loader({ params }: Route.LoaderArgs) {
  const valid = await erasureCodeIsValid(params.code)
  return data({ valid }, { status: valid ? 200 : 404, headers: applicantPageHeaders })
}

export async function action({ params }: Route.ActionArgs) {
  const outcome = await confirmErasure(params.code)
  const status = { erased: 200, missing: 404, 'has-account': 409 }[outcome]
  return data({ outcome }, { status })
}

export default function ApplicationErasurePage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.valid ? null : 'missing')
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Erase your data</h1>
      <div className="mt-6">
        {outcome === 'erased' ? (
          <FormMessage tone="success">
            Your data has been erased: your application, your resume and our e-mails to you. Your
            status link no longer works.
          </FormMessage>
        ) : outcome === 'missing' ? (
          <FormMessage tone="error">
            This link is not valid, was already used or has expired. You can ask for a new one on
            your application status page.
          </FormMessage>
        ) : outcome === 'has-account' ? (
          <FormMessage tone="error">
            Your e-mail address belongs to a portal account, so we cannot erase it from here. Please
            reply to our e-mail and our staff will erase your data.
          </FormMessage>
        ) : (
          <>
            <p className="text-slate-700">
              Erase every application, resume and e-mail we hold under the address this link was
              sent to? This cannot be undone.
            </p>
            <Form method="post" className="mt-6">
              <button type="submit" className="btn-primary">
                Erase my data now
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  )
}
