import { Eye, Search, Send } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Form, useLocation, useNavigation } from 'react-router'
import { SendConfirmationDialog } from '~/components/admin/send-confirmation-dialog'
import { FormMessage } from '~/components/layout/auth-card'
import { mergeFields, messageTemplates } from '~/content/communications'
import {
  isRecipientGroup,
  recipientGroupCommonRule,
  recipientGroupRules,
  recipientGroups,
  type RecipientGroup,
} from '~/domain/communications'
import { MESSAGE_MAX, SUBJECT_MAX } from '~/lib/validation/message'

interface ComposeValues {
  recipients: string
  subject: string
  message: string
}

interface PersonMatch {
  key: string
  name: string
  email: string
  kind: 'Interpreter' | 'Client'
}

interface Preview {
  recipient: { name: string; email: string }
  recipientCount: number
  subject: string
  message: string
}

type ComposeErrors = Partial<Record<keyof ComposeValues, string>>

const SEND_BUTTON_ID = 'compose-send'

/**
 * The 'Compose Message' tab. One form: the person search and the quick templates submit it
 * as GET (the loader fills the fields back in), Preview and Send as POST; a send to a group
 * comes back with the confirmation step. Everything works without JavaScript.
 */
export function ComposeMessage({
  counts,
  person,
  people,
  values,
  errors,
  preview,
  confirmation,
  sentTo,
}: {
  counts: Record<RecipientGroup, number>
  person: string
  people: PersonMatch[]
  values: ComposeValues
  errors: ComposeErrors
  preview: Preview | null
  confirmation: { group: RecipientGroup; count: number; changedFrom: number | null } | null
  sentTo: number | null
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send'
  const fieldProps = (name: keyof ComposeValues) => fieldAttributes(name, errors)
  const fieldError = (name: keyof ComposeValues) => <FieldError name={name} errors={errors} />
  // Find reloads the form with the matches: the search field keeps the focus (and the page
  // its place), with what was found read as its description.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('intent') === 'find')
      document.getElementById('compose-person')?.focus()
  }, [location.key, location.search])
  return (
    <section aria-labelledby="compose-heading">
      <h2 id="compose-heading" className="sr-only">
        Compose Message
      </h2>
      {sentTo !== null ? (
        <div className="mb-4">
          <FormMessage tone="success">
            <p className="font-semibold">Message sent successfully!</p>
            <p>
              It is queued for {sentTo} {sentTo === 1 ? 'recipient' : 'recipients'}; delivery shows
              in the Message History.
            </p>
          </FormMessage>
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <Form
          method="post"
          key={`${location.key}-${JSON.stringify(values)}`}
          className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
          preventScrollReset
        >
          <div className="space-y-3">
            <RecipientsField
              counts={counts}
              people={people}
              value={values.recipients}
              errors={errors}
            />
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <div className="flex-1">
                <label htmlFor="compose-person" className="field-label">
                  Or find one person by name or email
                </label>
                <input
                  id="compose-person"
                  type="search"
                  name="person"
                  defaultValue={person}
                  className="field-input"
                  autoComplete="off"
                  aria-describedby={person ? 'compose-person-result' : undefined}
                />
              </div>
              <button
                type="submit"
                name="intent"
                value="find"
                formMethod="get"
                formNoValidate
                className="btn-secondary"
              >
                <Search aria-hidden="true" className="size-4" /> Find
              </button>
            </div>
            {person ? (
              <p id="compose-person-result" className="text-sm text-slate-600" aria-live="polite">
                {people.length === 0
                  ? `Nobody matches “${person}”.`
                  : `${people.length} ${people.length === 1 ? 'person matches' : 'people match'} “${person}”; choose them in Recipients.`}
              </p>
            ) : null}
          </div>

          <fieldset>
            <legend className="field-label">Quick templates</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {messageTemplates.map((template) => (
                <button
                  key={template.key}
                  type="submit"
                  name="template"
                  value={template.key}
                  formMethod="get"
                  formNoValidate
                  className="btn-secondary px-3 py-1.5"
                >
                  {template.name}
                </button>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor="compose-subject" className="field-label inline">
              Subject
            </label>
            <span aria-hidden="true" className="text-sm text-red-700">
              {' '}
              *
            </span>
            <input
              {...fieldProps('subject')}
              type="text"
              defaultValue={values.subject}
              required
              maxLength={SUBJECT_MAX}
              className="field-input"
            />
            {fieldError('subject')}
          </div>
          <div>
            <label htmlFor="compose-message" className="field-label inline">
              Message
            </label>
            <span aria-hidden="true" className="text-sm text-red-700">
              {' '}
              *
            </span>
            <textarea
              {...fieldProps('message')}
              aria-describedby={
                errors.message
                  ? 'compose-message-error compose-merge-fields'
                  : 'compose-merge-fields'
              }
              defaultValue={values.message}
              required
              maxLength={MESSAGE_MAX}
              rows={10}
              className="field-input"
            />
            <p id="compose-merge-fields" className="mt-1 text-sm text-slate-600">
              Merge fields:{' '}
              {mergeFields.map((entry, index) => (
                <span key={entry.field}>
                  {index > 0 ? ', ' : ''}
                  <code className="rounded bg-slate-100 px-1">{entry.field}</code> (
                  {entry.description})
                </span>
              ))}
              .
            </p>
            {fieldError('message')}
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              id={SEND_BUTTON_ID}
              type="submit"
              name="intent"
              value="send"
              className="btn-primary"
              disabled={sending}
            >
              <Send aria-hidden="true" className="size-4" />{' '}
              {sending ? 'Sending...' : 'Send Message'}
            </button>
            <button type="submit" name="intent" value="preview" className="btn-secondary">
              <Eye aria-hidden="true" className="size-4" /> Preview
            </button>
          </div>
        </Form>

        <section
          aria-labelledby="preview-heading"
          className="h-fit rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            Preview
          </h2>
          {preview ? (
            <div aria-live="polite">
              <p className="mt-1 text-sm text-slate-600">
                As {preview.recipient.name} &lt;{preview.recipient.email}&gt; will get it
                {preview.recipientCount > 1 ? `, one of ${preview.recipientCount} recipients` : ''}.
              </p>
              <p className="mt-3 text-sm text-slate-600">Subject</p>
              <p className="font-semibold break-words text-slate-900">{preview.subject}</p>
              <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
                {preview.message}
              </div>
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-600">
              Choose the recipients, write the subject and message, then press Preview to see the
              message as one recipient will get it, merge fields filled in.
            </p>
          )}
        </section>
      </div>
      {confirmation ? (
        <SendConfirmationDialog
          key={location.key}
          confirmation={{
            ...confirmation,
            label: recipientGroupRules[confirmation.group].label,
            definition: `${recipientGroupRules[confirmation.group].definition} ${recipientGroupCommonRule}`,
          }}
          values={values}
          returnFocusTo={SEND_BUTTON_ID}
        />
      ) : null}
    </section>
  )
}

function fieldAttributes(name: keyof ComposeValues, errors: ComposeErrors) {
  return {
    id: `compose-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `compose-${name}-error` : undefined,
  }
}

function FieldError({ name, errors }: { name: keyof ComposeValues; errors: ComposeErrors }) {
  return (
    <p id={`compose-${name}-error`} className="field-error" aria-live="polite">
      {errors[name]}
    </p>
  )
}

/**
 * The recipients select, with no group chosen at first, and beside it who the chosen group
 * is (its rule from app/domain/communications.ts); before a choice, every group's rule.
 */
function RecipientsField({
  counts,
  people,
  value,
  errors,
}: {
  counts: Record<RecipientGroup, number>
  people: PersonMatch[]
  value: string
  errors: ComposeErrors
}) {
  const [selected, setSelected] = useState(value)
  const definitionId = 'compose-recipients-definition'
  const attributes = fieldAttributes('recipients', errors)
  return (
    <div>
      <label htmlFor="compose-recipients" className="field-label">
        Recipients
      </label>
      <select
        {...attributes}
        aria-describedby={[definitionId, attributes['aria-describedby']].filter(Boolean).join(' ')}
        defaultValue={value}
        onChange={(event) => setSelected(event.currentTarget.value)}
        required
        className="field-input"
      >
        <option value="">Choose recipients</option>
        <optgroup label="Groups">
          {recipientGroups.map((group) => (
            <option key={group} value={group}>
              {recipientGroupRules[group].label} ({counts[group]})
            </option>
          ))}
        </optgroup>
        {people.length > 0 ? (
          <optgroup label="People found">
            {people.map((match) => (
              <option key={match.key} value={match.key}>
                {match.name} &lt;{match.email}&gt; ({match.kind})
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <div id={definitionId} className="mt-1 text-sm text-slate-600" aria-live="polite">
        {isRecipientGroup(selected) ? (
          <p>
            <span className="font-semibold text-slate-800">
              {recipientGroupRules[selected].label}:
            </span>{' '}
            {recipientGroupRules[selected].definition} {recipientGroupCommonRule}
          </p>
        ) : selected ? (
          <p>Only this person gets the message.</p>
        ) : (
          <>
            <ul>
              {recipientGroups.map((group) => (
                <li key={group}>
                  <span className="font-semibold text-slate-800">
                    {recipientGroupRules[group].label}:
                  </span>{' '}
                  {recipientGroupRules[group].definition}
                </li>
              ))}
            </ul>
            <p>{recipientGroupCommonRule}</p>
          </>
        )}
      </div>
      <FieldError name="recipients" errors={errors} />
    </div>
  )
}
