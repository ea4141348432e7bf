import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useNavigation } from 'react-router'
import { SelectField, TextField } from '~/components/ui/native-fields'
import { RadioGroupField } from '~/components/ui/native-inputs'
import { ErrorSummary } from '~/components/ui/error-summary'
import { bookingSettings } from '~/domain/bookings'
import { companyLanguages } from '~/domain/languages'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { seoMeta } from '~/lib/seo/meta'
import { callRequestSchema } from '~/lib/validation/calls'
import { callsOfClient, startCall } from '~/models/calls/calls.server'
import { CallHistory } from '~/components/calls/call-history'
import type { Route } from './+types/connect'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Connect now',
      description: 'Reach an interpreter by video or audio in your browser.',
      path: '/client/connect',
      noindex: true,
    },
    matches,
  )

const labels = {
  language: 'Language',
  media: 'How you connect',
  setting: 'Setting',
  reference: 'Reference (optional)',
}

const mediaOptions = [
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio only' },
] as const

export async function loader({ request }: Route.LoaderArgs) {
  const { id, client } = await requireClient(request)
  const manager = client.role === 'manager'
  const history = await callsOfClient({
    organizationId: client.organizationId,
    userId: id,
    manager,
  })
  return {
    constraint: formConstraint(callRequestSchema),
    manager,
    // The cost is for managers, who see the invoices; a requester sees how long calls were.
    history: history.map(({ chargeCents, ...row }) => ({
      ...row,
      amountCents: manager ? chargeCents : null,
    })),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const client = await requireClient(request)
  const submission = parseWithZod(await request.formData(), { schema: callRequestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { callId } = await startCall({
    organizationId: client.client.organizationId,
    requestedById: client.id,
    ...submission.value,
    reference: submission.value.reference || null,
  })
  throw redirect(`/client/connect/${callId}`)
}

export default function ConnectNow({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
    defaultValue: { media: 'video' },
  })
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-slate-900">Connect now</h1>
      <p className="mt-2 text-slate-700">
        An interpreter joins you by video or audio, here in your browser, usually within a minute.
        Calls are billed by the minute.
      </p>
      <Form
        method="post"
        {...formProps}
        className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5"
      >
        <ErrorSummary {...summary} />
        <TextField
          field={field('language')}
          hint="Type to search the list."
          list="call-languages"
          autoComplete="off"
        />
        <datalist id="call-languages">
          {companyLanguages.map((language) => (
            <option key={language} value={language} />
          ))}
        </datalist>
        <RadioGroupField field={field('media')} options={mediaOptions} />
        <SelectField field={field('setting')} options={bookingSettings} placeholder="Choose" />
        <TextField
          field={field('reference')}
          hint="A patient or case number, if you use one. Only your organization and our staff see it."
          autoComplete="off"
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Connecting...' : 'Connect now'}
        </button>
      </Form>
      <section aria-labelledby="recent-calls-heading" className="mt-8">
        <h2 id="recent-calls-heading" className="text-lg font-semibold text-slate-900">
          {loaderData.manager ? 'Your organization’s calls' : 'Your calls'}
        </h2>
        <CallHistory
          rows={loaderData.history}
          amountHeader={loaderData.manager ? 'Cost' : undefined}
          showRequester={loaderData.manager}
        />
      </section>
    </div>
  )
}
