import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { FieldError } from '~/components/ui/field-shell'
import { formatCalendarDate } from '~/domain/format'
import { validateNatively } from '~/lib/forms/native-validation'

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
  lastResult: SubmissionResult<string[]> | undefined
  /** From the form's Zod schema (app/lib/validation/staff.ts), made by the loader. */
  constraint: Parameters<typeof useForm>[0]['constraint']
}) {
  const navigation = useNavigation()
  const saving =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'leads' &&
    navigation.formData.get('userId') === user.id
  const [form, fields] = useForm({
    id: `leads-${user.id}`,
    lastResult,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateNatively<{ takesLeads?: string; awayUntil?: string }>,
    defaultValue: {
      takesLeads: user.takesLeads ? 'on' : undefined,
      awayUntil: user.awayUntil ?? '',
    },
  })
  const { key: takesKey, ...takesProps } = getInputProps(fields.takesLeads, { type: 'checkbox' })
  const { key: awayKey, ...awayProps } = getInputProps(fields.awayUntil, { type: 'date' })
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <p className="text-slate-700">{leadAvailability(user, today)}</p>
      <input type="hidden" name="intent" value="leads" />
      <input type="hidden" name="userId" value={user.id} />
      <div className="flex items-center gap-2">
        <input key={takesKey} {...takesProps} className="size-4 rounded border-slate-400" />
        <label htmlFor={fields.takesLeads.id} className="text-sm text-slate-800">
          Takes new leads
        </label>
      </div>
      <div>
        <label htmlFor={fields.awayUntil.id} className="field-label">
          Away until
        </label>
        <input key={awayKey} {...awayProps} min={today} className="field-input py-1.5" />
        <FieldError field={fields.awayUntil} />
      </div>
      <button
        type="submit"
        className="btn-secondary px-3 py-1.5"
        aria-label={`Save lead settings of ${user.name}`}
        disabled={saving}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
    </Form>
  )
}
