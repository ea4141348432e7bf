import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { validateNatively } from './native-validation'
import { useErrorSummary } from './refused-submits'

type Constraints = NonNullable<Parameters<typeof useForm>[0]['constraint']>

/**
 * A Conform form checked in the browser by its controls' constraints (the schema's, from
 * the loader's `formConstraint`): first when a field is left, then at each keystroke.
 * `labels` names every field, in the form's order, for the error summary.
 */
export function useFormWithSummary<Name extends string>({
  lastResult,
  constraint,
  labels,
  defaultValue,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  constraint: Constraints
  labels: Record<Name, string>
  /** What the fields hold before anything is typed. */
  defaultValue?: Parameters<typeof useForm<Record<Name, string>>>[0]['defaultValue']
}) {
  const [form, fields] = useForm<Record<Name, string>>({
    lastResult,
    constraint,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateNatively<Record<Name, string>>,
  })
  const named = (Object.entries(labels) as [Name, string][]).map(
    ([name, label]) => [fields[name], label] as const,
  )
  const { formProps, summary } = useErrorSummary(getFormProps(form), lastResult, named)
  return { form, fields, formProps, summary }
}
