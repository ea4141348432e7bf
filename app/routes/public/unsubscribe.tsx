import { data, Form } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import { verifyUnsubscribeToken } from '~/emails/unsubscribe-token.server'
import { runtime } from '~/platform/runtime.server'
import { seoMeta } from '~/lib/seo/meta'
import { isUnsubscribed, unsubscribe } from '~/models/unsubscribes.server'
import type { Route } from './+types/unsubscribe'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Unsubscribe',
      description: 'Stop receiving e-mails from us.',
      path: '/unsubscribe',
      noindex: true,
    },
    matches,
  )

function addressOf(request: Request, formData?: FormData): string | undefined {
  const token =
    new URL(request.url).searchParams.get('token') ?? String(formData?.get('token') ?? '')
  return token ? verifyUnsubscribeToken(token, runtime().config.sessionSecret) : undefined
}

/** Opening the link only asks; link checkers and previews must not unsubscribe anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const email = addressOf(request)
  if (!email) return data({ email: null, done: false }, { status: 400 })
  return { email, done: await isUnsubscribed(email) }
}

/**
 * The button on the page, and the one-click unsubscribe of mail programs (RFC 8058: a POST
 * of `List-Unsubscribe=One-Click` to the link, from the provider's servers, so without
 * Origin; server/host.ts exempts this path from the CSRF check: the signed token is the
 * authority, no cookie is used).
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => new FormData())
  const email = addressOf(request, formData)
  if (!email) return data({ email: null, done: false }, { status: 400 })
  const oneClick = formData.get('List-Unsubscribe') === 'One-Click'
  await unsubscribe(email, oneClick ? 'one-click' : 'link')
  return { email, done: true }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, done } = actionData ?? loaderData
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Unsubscribe</h1>
      {!email ? (
        <div className="mt-6">
          <FormMessage tone="error">
            This unsubscribe link is not valid. Please use the link from the e-mail you received, or
            reply to that e-mail and we will take you off our list.
          </FormMessage>
        </div>
      ) : done ? (
        <div className="mt-6">
          <FormMessage tone="success">
            You are unsubscribed. {email} will no longer receive our bulk e-mails.
          </FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            Stop sending bulk e-mails such as updates and follow-ups to{' '}
            <strong className="break-all">{email}</strong>?
          </p>
          <Form method="post" className="mt-6">
            <button type="submit" className="btn-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </main>
  )
}
