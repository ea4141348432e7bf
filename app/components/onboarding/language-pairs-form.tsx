import { Form } from 'react-router'
import { FormError } from '~/components/interpreter/profile-contact-form'
import { ProfileListRow } from '~/components/interpreter/profile-section'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldError } from '~/components/ui/field-shell'
import { SelectField } from '~/components/ui/native-fields'
import { MAX_PROFILE_LANGUAGES } from '~/domain/languages'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

const labels = {
  languages: (row: number) => ({ language: `Language pair ${row}` }),
}

/**
 * Staff's form for an interpreter's language pairs, in the Language proficiency step of the
 * Interpreter manager (docs/product.md#interpreter-manager): one row per language, each
 * paired with English. Without JavaScript the add and remove buttons go through the server.
 */
export function LanguagePairsForm({
  pairs,
  choices,
  constraint,
  lastResult,
  submitting,
}: {
  pairs: readonly string[]
  choices: readonly string[]
  constraint: FormConstraint
  lastResult: FormReply | undefined
  submitting: boolean
}) {
  const { formProps, field, rows, insertButton, removeButton, summary, formErrors, formErrorId } =
    useNativeFormWithValues<typeof labels>({
      lastResult,
      labels,
      constraint,
      defaultValue: { languages: pairs.map((language) => ({ language })) },
    })
  const languages = rows('languages')
  const options = choices.map((language) => ({ value: language, label: `${language} and English` }))
  return (
    <Form
      method="post"
      preventScrollReset
      {...formProps}
      aria-labelledby="language-pairs-heading"
      className="mt-3 space-y-3 rounded-md bg-slate-50 p-4"
    >
      <h4 id="language-pairs-heading" className="font-medium text-slate-900">
        Language pairs
      </h4>
      <p className="text-sm text-slate-700">
        The step asks the interpreter for a certificate of each pair. A change counts at once.
      </p>
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="intent" value="language-pairs" />
      <ul className="space-y-3">
        {languages.map(({ key, index }) => (
          <ProfileListRow
            key={key}
            columns="sm:grid-cols-[1fr_auto]"
            removeButton={removeButton('languages', index)}
            removeLabel={`Remove language pair ${index + 1}`}
          >
            <SelectField
              field={field(`languages[${index}].language`)}
              options={options}
              placeholder="-- Choose a language --"
            />
          </ProfileListRow>
        ))}
      </ul>
      <FieldError field={field('languages')} />
      <div className="flex flex-wrap gap-3">
        {languages.length < MAX_PROFILE_LANGUAGES ? (
          <button {...insertButton('languages')} className="btn-secondary px-3 py-1.5">
            Add a language pair
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={submitting}>
          Save language pairs
        </button>
      </div>
      <FormError errors={formErrors} id={formErrorId} />
    </Form>
  )
}
