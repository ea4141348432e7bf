import { Form, useNavigation } from 'react-router'
import { FieldError } from '~/components/ui/field-shell'
import { inputProps } from '~/components/ui/native-inputs'
import { formatCalendarDate } from '~/domain/format'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

/** Whether the round-robin gives this admin new client requests, in words. */
export function leadAvailability(
  user: { takesLeads: boolean; awayUntil: string | null },
  today: string,
): string {
  if (!user.takesLeads) return 'Not taking new leads'
  if (user.awayUntil && user.awayUntil >= today)
    return `Away until ${formatCalendarDate(user.awayUntil)}`
  return 'Takes new leads'
}

/**
 * One admin's lead settings on the Users screen: "Takes new leads" and "Away until" (the
 * last day away; empty when not away), with their own "Save".
 */
export function LeadSettingsForm({
  user,
  today,
  lastResult,
  constraint,
}: {
  user: { id: string; name: string; takesLeads: boolean; awayUntil: string | null }
  today: string
  lastResult: FormReply | undefined
  /** From the form's Zod schema (app/lib/validation/staff.ts), made by the loader. */
  constraint: FormConstraint
}) {
  const navigation = useNavigation()
  const saving =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'leads' &&
    navigation.formData.get('userId') === user.id
  const { formProps, field } = useNativeFormWithValues<{ takesLeads?: string; awayUntil?: string }>(
    {
      lastResult,
      constraint,
      labels: { takesLeads: 'Takes new leads', awayUntil: 'Away until' },
      defaultValue: {
        takesLeads: user.takesLeads ? 'on' : undefined,
        awayUntil: user.awayUntil ?? '',
      },
      errorSummary: false,
    },
  )
  const takesLeads = field('takesLeads')
  const awayUntil = field('awayUntil')
  return (
    <Form method="post" {...formProps} className="space-y-2">
      <p className="text-slate-700">{leadAvailability(user, today)}</p>
      <input type="hidden" name="intent" value="leads" />
      <input type="hidden" name="userId" value={user.id} />
      <div className="flex items-center gap-2">
        <input
          {...inputProps(takesLeads, 'checkbox')}
          className="size-4 rounded border-slate-400"
        />
        <label htmlFor={takesLeads.id} className="text-sm text-slate-800">
          {takesLeads.label}
        </label>
      </div>
      <div>
        <label htmlFor={awayUntil.id} className="field-label">
          {awayUntil.label}
        </label>
        <input
          {...inputProps(awayUntil, 'date')}
          min={today}
          className="field-input py-1.5 max-sm:min-h-11"
        />
        <FieldError field={awayUntil} />
      </div>
      <button
        type="submit"
        className="btn-secondary px-3 py-1.5 max-sm:min-h-11"
        aria-label={`Save lead settings of ${user.name}`}
        disabled={saving}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
    </Form>
  )
}
