import { data, Form } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import { seoMeta } from '~/lib/seo/meta'
import { confirmErasure, erasureCodeIsValid } from '~/models/privacy/status-page.server'
import { applicantPageHeaders } from '~/lib/http/applicant-page-headers'
import type { Route } from './+types/application-erasure'
import { copy, localeOf } from '~/i18n/translator.server'

export const headers: Route.HeadersFunction = () => applicantPageHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    {
      ...(loaderData?.text.seo ?? { title: '', description: '' }),
      path: '/application-erasure',
      noindex: true,
    },
    matches,
  )

/** Opening the e-mailed link only asks: link checkers and previews must not erase anything. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = localeOf(request)
  const valid = await erasureCodeIsValid(params.code)
  const text = copy(locale, 'applicationErasurePage')
  return data({ valid, text }, { status: valid ? 200 : 404, headers: applicantPageHeaders })
}

export async function action({ params }: Route.ActionArgs) {
  const outcome = await confirmErasure(params.code)
  const status = { erased: 200, missing: 404, 'has-account': 409 }[outcome]
  return data({ outcome }, { status })
}

export default function ApplicationErasurePage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.valid ? null : 'missing')
  const { text } = loaderData
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{text.heading}</h1>
      <div className="mt-6">
        {outcome === 'erased' ? (
          <FormMessage tone="success">{text.erased}</FormMessage>
        ) : outcome === 'missing' ? (
          <FormMessage tone="error">{text.missing}</FormMessage>
        ) : outcome === 'has-account' ? (
          <FormMessage tone="error">{text.hasAccount}</FormMessage>
        ) : (
          <>
            <p className="text-slate-700">{text.question}</p>
            <Form method="post" className="mt-6">
              <button type="submit" className="btn-primary">
                {text.button}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  )
}
