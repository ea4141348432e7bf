import { Eye, Search, Send } from 'lucide-react'
import { Form, useLocation, useNavigation } from 'react-router'
import { FormMessage } from '~/components/layout/auth-card'
import {
  mergeFields,
  messageTemplates,
  recipientGroupLabels,
  recipientGroups,
  type RecipientGroup,
} from '~/content/communications'
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

/**
 * The 'Compose Message' tab. One form: the person search and the quick templates submit it
 * as GET (the loader fills the fields back in), Preview and Send as POST. Everything works
 * without JavaScript.
 */
export function ComposeMessage({
  counts,
  person,
  people,
  values,
  errors,
  preview,
  sentTo,
}: {
  counts: Record<RecipientGroup, number>
  person: string
  people: PersonMatch[]
  values: ComposeValues
  errors: Partial<Record<keyof ComposeValues, string>>
  preview: Preview | null
  sentTo: number | null
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send'
  const fieldProps = (name: keyof ComposeValues) => ({
    id: `compose-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `compose-${name}-error` : undefined,
  })
  const fieldError = (name: keyof ComposeValues) => (
    <p id={`compose-${name}-error`} className="field-error" aria-live="polite">
      {errors[name]}
    </p>
  )
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
            <div>
              <label htmlFor="compose-recipients" className="field-label">
                Recipients
              </label>
              <select
                {...fieldProps('recipients')}
                defaultValue={values.recipients}
                required
                className="field-input"
              >
                <option value="">Choose recipients</option>
                <optgroup label="Groups">
                  {recipientGroups.map((group) => (
                    <option key={group} value={group}>
                      {recipientGroupLabels[group]} ({counts[group]})
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
              {fieldError('recipients')}
            </div>
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
              <p className="text-sm text-slate-600" aria-live="polite">
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
    </section>
  )
}
