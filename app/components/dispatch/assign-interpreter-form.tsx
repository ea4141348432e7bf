import { Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField, TextareaField } from '~/components/ui/native-fields'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { useNativeForm, type FormReply } from '~/lib/forms/native-form'

export interface AssignableInterpreter {
  id: string
  name: string
  /** Why a dispatch rule excludes them; empty when they are eligible. */
  reasons: string[]
}

const labels = { interpreterId: 'Interpreter', overrideReason: 'Reason for the override' }

/**
 * Staff assign one interpreter of the booking's language by name, eligible or not. For an
 * interpreter a rule excludes, the server asks for the reason (the schema cannot know who
 * is excluded), and keeps it in the audit log.
 */
export function AssignInterpreterForm({
  interpreters,
  constraint,
  reply,
}: {
  interpreters: AssignableInterpreter[]
  constraint: FormConstraint
  reply: FormReply | undefined
}) {
  const busy = useNavigation().formData?.get('intent') === 'assign'
  const { formProps, field, summary } = useNativeForm<typeof labels>({
    lastResult: reply,
    constraint,
    labels,
  })
  const options = interpreters.map((interpreter) => ({
    value: interpreter.id,
    label:
      interpreter.reasons.length === 0
        ? `${interpreter.name} (eligible)`
        : `${interpreter.name} (not eligible: ${interpreter.reasons.join('; ')})`,
  }))
  return (
    <Form
      method="post"
      {...formProps}
      aria-labelledby="assign-heading"
      className="mt-2 space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <ErrorSummary {...summary} headingLevel={3} />
      <SelectField
        field={field('interpreterId')}
        options={options}
        placeholder="Choose an interpreter"
      />
      <TextareaField
        field={field('overrideReason')}
        rows={3}
        hint="Needed when the interpreter is not eligible. It is kept in the audit log with the rules it overrides."
      />
      <button type="submit" name="intent" value="assign" className="btn-primary" disabled={busy}>
        {busy ? 'Assigning...' : 'Assign and ask to confirm'}
      </button>
    </Form>
  )
}
