import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldError } from '~/components/ui/field-shell'
import { CheckboxGroupField, SelectField } from '~/components/ui/native-fields'
import { labelOf, specializationChoices } from '~/content/application-options'
import {
  languageProficiencies,
  MAX_PROFILE_LANGUAGES,
  proficiencyLabel,
  type LanguageSkill,
} from '~/domain/languages'
import { formatDateTime } from '~/domain/format'
import { isEnglish } from '~/domain/language-pairs'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { FormError } from './profile-contact-form'
import { ProfileListRow, SavedNotice } from './profile-section'

interface LanguagesAndSpecializations {
  languages: LanguageSkill[]
  specializations: string[]
}

/** `Spanish–English, Native; Korean–English, Fluent` and the specializations, as a list. */
export function LanguageSummary({ values }: { values: LanguagesAndSpecializations }) {
  return (
    <>
      <ul className="list-disc pl-5">
        {values.languages.length === 0 ? <li>No languages yet</li> : null}
        {values.languages.map((entry) => (
          <li key={entry.language}>
            {entry.language}–English: {proficiencyLabel(entry.proficiency ?? undefined)}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Specializations:{' '}
        {values.specializations.length > 0
          ? values.specializations.map((value) => labelOf(specializationChoices, value)).join(', ')
          : 'none'}
      </p>
    </>
  )
}

const labels = {
  languages: (row: number) => ({
    language: `Language ${row}`,
    proficiency: `Proficiency of language ${row}`,
  }),
  specializations: 'Specializations',
}

/**
 * Languages and specializations: the approved values, a request waiting for staff (which
 * the interpreter may withdraw) and the form that sends a new one (docs/product.md#profile).
 */
export function ProfileLanguages({
  approved,
  pending,
  languageOptions,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  approved: LanguagesAndSpecializations
  pending: (LanguagesAndSpecializations & { id: string; createdAt: Date }) | null
  languageOptions: string[]
  constraint: FormConstraint
  lastResult: FormReply | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const start = pending ?? approved
  const { formProps, field, rows, insertButton, removeButton, summary, formErrors, formErrorId } =
    useNativeFormWithValues<typeof labels>({
      lastResult,
      labels,
      constraint,
      defaultValue: {
        languages: start.languages
          .filter((entry) => !isEnglish(entry.language))
          .map((entry) => ({ language: entry.language, proficiency: entry.proficiency ?? '' })),
        specializations: start.specializations,
      },
    })
  const languages = rows('languages')
  const options = languageOptions.map((language) => ({ value: language, label: language }))
  return (
    <>
      <SavedNotice notice={notice} />
      <div className="grid gap-4 text-sm text-slate-800 md:grid-cols-2">
        <div>
          <h3 className="font-medium text-slate-900">Approved for assignments</h3>
          <div className="mt-1">
            <LanguageSummary values={approved} />
          </div>
        </div>
        {pending ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
            <h3 className="font-medium text-amber-900">Waiting for staff approval</h3>
            <p className="text-slate-700">Sent {formatDateTime(pending.createdAt)}</p>
            <div className="mt-1">
              <LanguageSummary values={pending} />
            </div>
            <Form method="post" className="mt-3" preventScrollReset>
              <input type="hidden" name="intent" value="withdraw-change" />
              <input type="hidden" name="changeId" value={pending.id} />
              <button type="submit" className="btn-secondary px-3 py-1.5">
                Withdraw request
              </button>
            </Form>
          </div>
        ) : null}
      </div>
      <Form method="post" {...formProps} className="mt-6 space-y-4" preventScrollReset>
        <h3 className="font-medium text-slate-900">
          {pending ? 'Change your request' : 'Request a change'}
        </h3>
        <p className="text-sm text-slate-600">
          Each language is paired with English. Our team checks a change before it counts for
          assignments{pending ? '; sending a new request replaces the one waiting' : ''}.
        </p>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="languages" />
        <ul className="space-y-3">
          {languages.map(({ key, index }) => (
            <ProfileListRow
              key={key}
              columns="sm:grid-cols-[1fr_1fr_auto]"
              removeButton={removeButton('languages', index)}
              removeLabel={`Remove language ${index + 1}`}
            >
              <SelectField
                field={field(`languages[${index}].language`)}
                options={options}
                placeholder="-- Choose a language --"
              />
              <SelectField
                field={field(`languages[${index}].proficiency`)}
                options={languageProficiencies}
                placeholder="-- Choose a proficiency --"
              />
            </ProfileListRow>
          ))}
        </ul>
        <FieldError field={field('languages')} />
        {languages.length < MAX_PROFILE_LANGUAGES ? (
          <button {...insertButton('languages')} className="btn-secondary px-3 py-1.5">
            Add a language
          </button>
        ) : null}
        <CheckboxGroupField field={field('specializations')} options={specializationChoices} />
        <FormError errors={formErrors} id={formErrorId} />
        <button type="submit" className="btn-primary" disabled={submitting}>
          Send for approval
        </button>
      </Form>
    </>
  )
}
