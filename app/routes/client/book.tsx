import { useState } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import {
  CheckboxGroupField,
  DateField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '~/components/ui/native-fields'
import { timeZoneOptions, weekdays } from '~/domain/availability'
import { MAX_SERIES_WEEKS } from '~/domain/booking-series'
import { officeTimeZone } from '~/domain/office'
import { bookingSettings, URGENT_WITHIN_HOURS } from '~/domain/bookings'
import { modalities } from '~/domain/interpreter-profile'
import { companyLanguages } from '~/domain/languages'
import {
  RARE_LANGUAGE_NOTICE_DAYS,
  rareLanguageExamples,
  rareLanguageNotice,
} from '~/domain/rare-languages'
import { requireClient } from '~/auth/client.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { acceptsUploads } from '~/lib/http/route-handle'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import { bookingSchema } from '~/lib/validation/booking'
import { pastInterpretersOf } from '~/models/bookings.server'
import { now } from '~/platform/clock.server'
import { bookFromRequest } from './+shared/book-action.server'
import type { Route } from './+types/book'

// A 429 answer's Retry-After reaches the browser only through the route's headers.
export { headers } from '~/lib/http/headers'

// Preparation files stream on to the upload parser, which enforces their limits itself.
export const handle = acceptsUploads

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Book an interpreter',
      description: 'Book a phone, video or on-site interpreter.',
      path: '/client/book',
      noindex: true,
    },
    matches,
  )

export async function loader({ request }: Route.LoaderArgs) {
  const client = await requireClient(request)
  return {
    constraint: formConstraint(bookingSchema(now())),
    timeZones: timeZoneOptions(officeTimeZone()),
    pastInterpreters: await pastInterpretersOf(client.client.organizationId),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const client = await requireClient(request)
  const outcome = await bookFromRequest(request, client)
  if (!outcome.booking)
    return data({ result: outcome.result }, { status: outcome.status, headers: outcome.headers })
  // Focus goes to the booking just made (app/components/layout/sidebar-shell.tsx).
  throw await redirectWithToast(
    `/client/bookings/${outcome.booking.id}#booking-title`,
    outcome.booking.seriesId
      ? 'Weekly series received: each booking is listed under Bookings, and we will tell you who is coming to each as interpreters confirm.'
      : outcome.booking.urgent
        ? `Booking received. It starts in less than ${URGENT_WITHIN_HOURS} hours: it is marked urgent and our dispatch team is on it.`
        : 'Booking received. We will tell you who is coming as soon as an interpreter confirms.',
  )
}

const labels = {
  language: 'Language',
  modality: 'How the interpreter works',
  date: 'Date',
  time: 'Start time',
  timeZone: 'Time zone',
  durationMinutes: 'Expected duration (minutes)',
  repeatDays: 'Repeats every week on',
  repeatWeeks: 'For how many weeks',
  location: 'On-site address, video link or call-in number',
  setting: 'Setting',
  contactName: 'Contact on the day',
  contactPhone: 'Contact phone',
  notes: 'Notes for the interpreter (optional)',
  preferredInterpreterId: 'Preferred interpreter (optional)',
  files: 'Preparation files (optional)',
}

export default function BookInterpreter({ loaderData, actionData }: Route.ComponentProps) {
  const { timeZones, pastInterpreters } = loaderData
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeFormWithValues<
    typeof labels
  >({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    labels,
    defaultValue: { timeZone: officeTimeZone(), durationMinutes: '60' },
  })
  // What is typed now; until the client types, what the form was sent with.
  const [typedLanguage, setTypedLanguage] = useState<string | null>(null)
  const notice = rareLanguageNotice(typedLanguage ?? String(field('language').initialValue ?? ''))
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Book an interpreter</h1>
      <p className="mt-2 text-slate-700">
        Times are in the time zone you choose. A booking that starts in less than{' '}
        {URGENT_WITHIN_HOURS} hours is accepted and marked urgent. Rare languages (such as{' '}
        {rareLanguageExamples.join(', ')}) usually need {RARE_LANGUAGE_NOTICE_DAYS} days' notice.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5"
      >
        <ErrorSummary {...summary} />
        <TextField
          field={field('language')}
          hint="Type to search the list."
          list="booking-languages"
          autoComplete="off"
          onChange={(event) => setTypedLanguage(event.currentTarget.value)}
        />
        {/* Announced as the client picks a language; the same note shows after booking. */}
        <p aria-live="polite" className="text-sm text-amber-900 empty:hidden">
          {notice}
        </p>
        <datalist id="booking-languages">
          {companyLanguages.map((language) => (
            <option key={language} value={language} />
          ))}
        </datalist>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField field={field('modality')} options={modalities} placeholder="Choose" />
          <SelectField field={field('setting')} options={bookingSettings} placeholder="Choose" />
        </div>
        <div className="grid gap-5 sm:grid-cols-3">
          <DateField field={field('date')} />
          <TimeField field={field('time')} />
          <TextField field={field('durationMinutes')} inputMode="numeric" />
        </div>
        <SelectField
          field={field('timeZone')}
          options={timeZones}
          placeholder="Choose a time zone"
        />
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Repeat (optional)</legend>
          <CheckboxGroupField
            field={field('repeatDays')}
            hint="The date above is the first booking; the same time repeats on the days you tick."
            options={weekdays}
          />
          <TextField
            field={field('repeatWeeks')}
            inputMode="numeric"
            hint={`From 2 to ${MAX_SERIES_WEEKS} weeks. Each booking of the series is dispatched on its own.`}
            className="sm:max-w-xs"
          />
        </fieldset>
        <TextField
          field={field('location')}
          hint="On-site: the full address. Video: the meeting link. Phone: the number to call."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={field('contactName')} autoComplete="name" />
          <TextField field={field('contactPhone')} type="tel" autoComplete="tel" />
        </div>
        <TextareaField field={field('notes')} rows={4} />
        {pastInterpreters.length > 0 || field('preferredInterpreterId').errors ? (
          <SelectField
            field={field('preferredInterpreterId')}
            options={pastInterpreters.map((interpreter) => ({
              value: interpreter.id,
              label: `${interpreter.firstName} ${interpreter.lastName.slice(0, 1)}.`,
            }))}
            placeholder="No preference"
          />
        ) : null}
        <FileField
          field={field('files')}
          hint="PDF, DOC or DOCX, up to 10 MB each, at most 5."
          multiple
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        />
        {formErrors?.length ? (
          // A refusal of the whole request (too many bookings), next to the button that sent it.
          <p id={formErrorId} role="alert" className="field-error">
            {formErrors[0]}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Book the interpreter'}
        </button>
      </Form>
    </div>
  )
}
