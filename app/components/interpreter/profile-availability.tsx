import { getInputProps, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FieldShell } from '~/components/ui/field-shell'
import { SelectField } from '~/components/ui/form-fields'
import { forInputType } from '~/components/ui/input-constraints'
import {
  MAX_AVAILABILITY_RANGES,
  weekdays,
  type AvailabilityRange,
  type TimeOff,
} from '~/domain/availability'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import { SavedNotice, useProfileForm, useProfileFormSummary } from './profile-section'

/** A date or time input with its label and error. */
function DateTimeField({
  meta,
  label,
  type,
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  type: 'time' | 'date'
}) {
  const { key, ...props } = getInputProps(meta, { type })
  return (
    <FieldShell field={meta} label={label}>
      <input key={key} {...forInputType(props, type)} className="field-input" />
    </FieldShell>
  )
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
  lastResult: SubmissionResult<string[]> | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { form, fields } = useProfileForm({
    id: 'availability',
    lastResult,
    constraint,
    defaultValue: { ranges: saved },
  })
  const rows = fields.ranges.getFieldList()
  const { formProps, summary } = useProfileFormSummary(
    form,
    lastResult,
    rows.flatMap((row, index) => {
      const range = row.getFieldset()
      return [
        [range.day, `Day of range ${index + 1}`],
        [range.start, `Start of range ${index + 1}`],
        [range.end, `End of range ${index + 1}`],
      ] as const
    }),
  )
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
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">No hours yet: add a range.</p>
        ) : null}
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const range = row.getFieldset()
            return (
              <li
                key={row.key ?? row.id}
                className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
              >
                <SelectField
                  meta={range.day}
                  label={`Day of range ${index + 1}`}
                  options={weekdays}
                  placeholder="-- Choose a day --"
                />
                <DateTimeField
                  meta={range.start}
                  label={`Start of range ${index + 1}`}
                  type="time"
                />
                <DateTimeField meta={range.end} label={`End of range ${index + 1}`} type="time" />
                <button
                  {...form.remove.getButtonProps({ name: fields.ranges.name, index })}
                  className="btn-secondary px-3 py-1.5 sm:mt-6"
                  aria-label={`Remove range ${index + 1}`}
                >
                  Remove
                </button>
              </li>
            )
          })}
        </ul>
        <div className="flex flex-wrap gap-3">
          {rows.length < MAX_AVAILABILITY_RANGES ? (
            <button
              {...form.insert.getButtonProps({
                name: fields.ranges.name,
                defaultValue: { day: '', start: '08:00', end: '17:00' },
              })}
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
  lastResult: SubmissionResult<string[]> | undefined
  notice: string | undefined
  submitting: boolean
}) {
  const { form, fields } = useProfileForm({
    id: 'time-off',
    lastResult,
    constraint,
    defaultValue: { startsOn: '', endsOn: '' },
  })
  const { formProps, summary } = useProfileFormSummary(form, lastResult, [
    [fields.startsOn, 'First day'],
    [fields.endsOn, 'Last day'],
  ])
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
          <DateTimeField meta={fields.startsOn} label="First day" type="date" />
          <DateTimeField meta={fields.endsOn} label="Last day" type="date" />
        </div>
        <button type="submit" className="btn-primary" disabled={submitting}>
          Add time off
        </button>
      </Form>
    </>
  )
}
