import { useState } from 'react'
import {
  CheckboxGroupField,
  DateField,
  FileField,
  SelectField,
  TextareaField,
  TextField,
  TimeField,
} from '~/components/ui/native-fields'
import { weekdays } from '~/domain/availability'
import { MAX_SERIES_WEEKS } from '~/domain/booking-series'
import { teamSizes } from '~/domain/booking-teams'
import { bookingSettings } from '~/domain/bookings'
import { modalities, requestedGenders } from '~/domain/interpreter-profile'
import { companyLanguages } from '~/domain/languages'
import { rareLanguageNotice } from '~/domain/rare-languages'
import type { NativeField } from '~/lib/forms/native-form'

/** The booking form's fields, in its order (the error summary's), and what each is called. */
export const bookingLabels = {
  language: 'Language',
  modality: 'How the interpreter works',
  date: 'Date',
  time: 'Start time',
  timeZone: 'Time zone',
  durationMinutes: 'Expected duration (minutes)',
  interpretersNeeded: 'Interpreters needed',
  repeatDays: 'Repeats every week on',
  repeatWeeks: 'For how many weeks',
  location: 'On-site address, video link or call-in number',
  setting: 'Setting',
  contactName: 'Contact on the day',
  contactPhone: 'Contact phone',
  notes: 'Notes for the interpreter (optional)',
  requestedGender: 'Interpreter’s gender (optional)',
  preferredInterpreterId: 'Preferred interpreter (optional)',
  files: 'Preparation files (optional)',
}

export type BookingFieldName = keyof typeof bookingLabels

/** An interpreter who worked for the organization: a "preferred interpreter" choice. */
export interface PastInterpreter {
  id: string
  firstName: string
  lastName: string
}

/**
 * The fields of a booking, as the client books (`/client/book`) and as staff enter one for a
 * client (`/admin/bookings/new`): both forms are checked by `bookingSchema`
 * (app/lib/validation/booking.ts). `withFiles` adds the preparation files, which only the
 * client's form takes.
 */
export function BookingFields({
  field,
  timeZones,
  pastInterpreters,
  withFiles = false,
}: {
  field: (name: BookingFieldName) => NativeField
  timeZones: readonly { value: string; label: string }[]
  pastInterpreters: readonly PastInterpreter[]
  withFiles?: boolean
}) {
  // What is typed now; until someone types, what the form was sent with.
  const [typedLanguage, setTypedLanguage] = useState<string | null>(null)
  const notice = rareLanguageNotice(typedLanguage ?? String(field('language').initialValue ?? ''))
  return (
    <>
      <TextField
        field={field('language')}
        hint="Type to search the list."
        list="booking-languages"
        autoComplete="off"
        onChange={(event) => setTypedLanguage(event.currentTarget.value)}
      />
      {/* Announced as a language is picked; the same note shows on the booking's page. */}
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
      <SelectField field={field('timeZone')} options={timeZones} placeholder="Choose a time zone" />
      <SelectField
        field={field('interpretersNeeded')}
        options={teamSizes}
        placeholder="One interpreter"
        hint="A team of two for long hearings and conferences: each interpreter is dispatched on their own, and the booking is filled when both have accepted."
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
      <SelectField
        field={field('requestedGender')}
        options={requestedGenders}
        placeholder="No preference"
        hint="Only interpreters who state this gender on their profile are offered the booking."
      />
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
      {withFiles ? (
        <FileField
          field={field('files')}
          hint="PDF, DOC or DOCX, up to 10 MB each, at most 5."
          multiple
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        />
      ) : null}
    </>
  )
}
