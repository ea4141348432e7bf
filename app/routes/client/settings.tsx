import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { CheckboxField } from '~/components/ui/native-fields'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { notFound } from '~/lib/http/responses'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import {
  interpreterPreferencesSchema,
  organizationSettingsSchema,
} from '~/lib/validation/organization'
import {
  interpreterPreferencesOf,
  saveInterpreterPreferences,
} from '~/models/organization-interpreters.server'
import { InterpreterPreferencesForm } from '~/components/client/interpreter-preferences-form'
import {
  organizationSettings,
  saveOrganizationSettings,
} from '~/models/organization-settings.server'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Settings',
      description: 'Your organization’s settings in the client portal.',
      path: '/client/settings',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const manager = await requireClient(request, { manager: true })
  const settings = await organizationSettings(manager.client.organizationId)
  if (!settings) throw notFound()
  return {
    organizationName: manager.client.organizationName,
    settings,
    interpreters: await interpreterPreferencesOf(manager.client.organizationId),
    constraint: formConstraint(organizationSettingsSchema),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const manager = await requireClient(request, { manager: true })
  const formData = await request.formData()
  if (formData.get('intent') === 'interpreters') {
    const choices = interpreterPreferencesSchema.safeParse({
      interpreterId: formData.getAll('interpreterId'),
      preference: formData.getAll('preference'),
    })
    const saved =
      choices.success &&
      (await saveInterpreterPreferences(manager.client.organizationId, choices.data, manager.actor))
    if (!saved) return data({ interpretersError: INTERPRETERS_REFUSED }, { status: 400 })
    return redirectWithToast('/client/settings', 'Interpreter preferences saved.')
  }
  const submission = parseWithZod(formData, { schema: organizationSettingsSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  const saved = await saveOrganizationSettings(
    manager.client.organizationId,
    submission.value,
    manager.actor,
  )
  if (!saved) throw notFound()
  return redirectWithToast('/client/settings', 'Settings saved.')
}

const INTERPRETERS_REFUSED =
  'Those choices could not be saved: reload the page and choose again among the interpreters listed.'

const labels = {
  requesterReminder24h: 'Remind them 24 hours before',
  requesterReminder2h: 'Remind them 2 hours before',
}

/**
 * The organization's settings for its managers (docs/product.md#organization-settings): which
 * reminders before a confirmed booking the person who booked it receives.
 */
export default function ClientSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { organizationName, settings } = loaderData
  const navigation = useNavigation()
  const { formProps, field, summary } = useNativeFormWithValues<typeof labels>({
    lastResult: actionData && !('interpretersError' in actionData) ? actionData : undefined,
    constraint: loaderData.constraint,
    labels,
    defaultValue: {
      requesterReminder24h: settings.requesterReminder24h ? 'on' : undefined,
      requesterReminder2h: settings.requesterReminder2h ? 'on' : undefined,
    },
  })
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <p className="mt-1 text-slate-600">How the client portal works for {organizationName}.</p>
      <section
        aria-labelledby="reminders-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="reminders-heading" className="text-lg font-semibold text-slate-900">
          Booking reminders
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Once a booking is confirmed, we e-mail a reminder to the person who booked it, with the
          time, the place and the interpreter’s first name. The interpreter is always reminded.
        </p>
        <Form method="post" {...formProps} className="mt-4 space-y-4">
          <ErrorSummary {...summary} />
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-slate-900">
              E-mail the person who booked
            </legend>
            <CheckboxField field={field('requesterReminder24h')} />
            <CheckboxField
              field={field('requesterReminder2h')}
              hint="A booking confirmed within 2 hours of its start gets only this one."
            />
          </fieldset>
          <button
            type="submit"
            className="btn-primary"
            disabled={navigation.state === 'submitting'}
          >
            Save settings
          </button>
        </Form>
      </section>
      <section
        aria-labelledby="interpreters-heading"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
      >
        <h2 id="interpreters-heading" className="text-lg font-semibold text-slate-900">
          Interpreters
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Preferred interpreters are offered your bookings first. We never send an interpreter
          marked “Do not send” to {organizationName}.
        </p>
        <InterpreterPreferencesForm
          interpreters={loaderData.interpreters}
          error={
            actionData && 'interpretersError' in actionData
              ? actionData.interpretersError
              : undefined
          }
        />
      </section>
    </div>
  )
}
