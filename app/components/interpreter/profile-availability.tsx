import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { DateField, SelectField, TimeField } from '~/components/ui/native-fields'
import {
  MAX_AVAILABILITY_RANGES,
  weekdays,
  type AvailabilityRange,
  type TimeOff,
} from '~/domain/availability'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { ProfileListRow, SavedNotice } from './profile-section'

const rangeLabels = {
  ranges: (row: number) => ({
    day: `Day of range ${row}`,
    start: `Start of range ${row}`,
    end: `End of range ${row}`,
  }),
}

/** The weekly ranges, saved as a whole week (docs/product.md#profile). */
export function ProfileAvailabilityForm({
  saved,
  timeZone,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  saved: AvailabilityRange[]
  timeZone: string
  constraint: FormConstraint
  lastResult: FormReply | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { formProps, field, rows, insertButton, removeButton, summary } = useNativeFormWithValues<
    typeof rangeLabels
  >({
    lastResult,
    constraint,
    labels: rangeLabels,
    defaultValue: { ranges: saved },
  })
  const ranges = rows('ranges')
  return (
    <>
      <SavedNotice notice={notice} />
      <Form method="post" {...formProps} className="space-y-4" preventScrollReset>
        <p className="text-sm text-slate-600">
          Times are in your time zone, {timeZone}. A day may have several ranges; for work past
          midnight add a range on the next day.
        </p>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="availability" />
        {ranges.length === 0 ? (
          <p className="text-sm text-slate-700">No hours yet: add a range.</p>
        ) : null}
        <ul className="space-y-3">
          {ranges.map(({ key, index }) => (
            <ProfileListRow
              key={key}
              columns="sm:grid-cols-[1fr_1fr_1fr_auto]"
              removeButton={removeButton('ranges', index)}
              removeLabel={`Remove range ${index + 1}`}
            >
              <SelectField
                field={field(`ranges[${index}].day`)}
                options={weekdays}
                placeholder="-- Choose a day --"
              />
              <TimeField field={field(`ranges[${index}].start`)} />
              <TimeField field={field(`ranges[${index}].end`)} />
            </ProfileListRow>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          {ranges.length < MAX_AVAILABILITY_RANGES ? (
            <button
              {...insertButton('ranges', { day: '', start: '08:00', end: '17:00' })}
              className="btn-secondary"
            >
              Add a range
            </button>
          ) : null}
          <button type="submit" className="btn-primary" disabled={submitting}>
            Save availability
          </button>
        </div>
      </Form>
    </>
  )
}

const timeOffLabels = { startsOn: 'First day', endsOn: 'Last day' }

/** Time off: the periods ahead, each with Remove, and the form to add one. */
export function ProfileTimeOff({
  periods,
  constraint,
  lastResult,
  notice,
  submitting,
}: {
  periods: (TimeOff & { label: string })[]
  constraint: FormConstraint
  lastResult: FormReply | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { formProps, field, summary } = useNativeFormWithValues<typeof timeOffLabels>({
    lastResult,
    constraint,
    labels: timeOffLabels,
  })
  return (
    <>
      <SavedNotice notice={notice} />
      {periods.length === 0 ? (
        <p className="text-sm text-slate-700">No time off planned.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {periods.map((period) => (
            <li
              key={period.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <span className="text-sm text-slate-900">{period.label}</span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove-time-off" />
                <input type="hidden" name="timeOffId" value={period.id} />
                <button
                  type="submit"
                  className="btn-secondary px-3 py-1.5"
                  aria-label={`Remove time off ${period.label}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...formProps} className="mt-4 space-y-4" preventScrollReset>
        <h3 className="font-medium text-slate-900">Add time off</h3>
        <ErrorSummary {...summary} headingLevel={3} />
        <input type="hidden" name="intent" value="add-time-off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField field={field('startsOn')} />
          <DateField field={field('endsOn')} />
        </div>
        <button type="submit" className="btn-primary" disabled={submitting}>
          Add time off
        </button>
      </Form>
    </>
  )
}
