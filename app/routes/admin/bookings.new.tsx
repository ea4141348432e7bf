import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { BookingFields, bookingLabels } from '~/components/dispatch/booking-fields'
import { ErrorSummary } from '~/components/ui/error-summary'
import { SelectField } from '~/components/ui/native-fields'
import { timeZoneOptions } from '~/domain/availability'
import { URGENT_WITHIN_HOURS } from '~/domain/bookings'
import { officeTimeZone } from '~/domain/office'
import { requireAdmin } from '~/auth/session.server'
import { formConstraint } from '~/lib/forms/form-constraint.server'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'
import { seoMeta } from '~/lib/seo/meta'
import { redirectWithToast } from '~/lib/toast.server'
import {
  enteredBookingSchema,
  ORGANIZATION_MESSAGE,
  organizationChoiceSchema,
} from '~/lib/validation/booking'
import {
  enterBooking,
  ForeignRequesterError,
  pastInterpretersOf,
  PreferredInterpreterError,
  UnknownOrganizationError,
} from '~/models/bookings.server'
import { organizationChoices, organizationUsers } from '~/models/organizations.server'
import { now } from '~/platform/clock.server'
import type { Route } from './+types/bookings.new'

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'New booking',
      description: 'A booking entered for a client who asked by phone or e-mail.',
      path: '/admin/bookings/new',
      noindex: true,
    },
    matches,
  )

/**
 * Two steps, both without JavaScript: a GET form chooses the organization
 * (`?organizationId=`), then the booking form lists that organization's users to choose the
 * requester from. An organization that is not in the list answers 400 on the first step.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const organizations = await organizationChoices()
  const page = {
    organizations,
    constraint: formConstraint(enteredBookingSchema(now())),
    timeZones: timeZoneOptions(officeTimeZone()),
  }
  const asked = new URL(request.url).searchParams.get('organizationId')
  if (!asked) return data({ ...page, chosen: null, chooseError: null })
  const id = organizationChoiceSchema.safeParse({ organizationId: asked })
  const organization = id.success
    ? organizations.find((candidate) => candidate.id === id.data.organizationId)
    : undefined
  if (!organization)
    return data({ ...page, chosen: null, chooseError: ORGANIZATION_MESSAGE }, { status: 400 })
  const [people, pastInterpreters] = await Promise.all([
    organizationUsers(organization.id),
    pastInterpretersOf(organization.id),
  ])
  return data({
    ...page,
    chosen: {
      ...organization,
      // Only someone who can sign in sees the booking and gets its e-mails.
      requesters: people
        .filter((person) => person.active)
        .map((person) => ({ value: person.id, label: `${person.name} (${person.email})` })),
      pastInterpreters,
    },
    chooseError: null,
  })
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseWithZod(await request.formData(), {
    schema: enteredBookingSchema(now()),
  })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  // This form takes no preparation files (the client's own form does).
  const { organizationId, requesterId, files: _files, ...booking } = submission.value
  const refuse = (fieldErrors: Record<string, string[]>, formErrors?: string[]) =>
    data({ result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 })
  try {
    const entered = await enterBooking(booking, { organizationId, requesterId }, admin.actor)
    // Focus goes to the booking just entered (app/components/layout/sidebar-shell.tsx).
    throw redirectWithToast(
      `/admin/bookings/${entered.id}#booking-heading`,
      entered.teamId && !entered.seriesId
        ? 'Team booking entered: one booking per interpreter, in the requester’s portal; this is the first.'
        : entered.seriesId
          ? 'Weekly series entered: each booking is its own, in the requester’s portal; this is the first.'
          : entered.urgent
            ? `Booking entered. It starts in less than ${URGENT_WITHIN_HOURS} hours and is marked urgent; the requester sees it in their portal.`
            : 'Booking entered. The requester sees it in their portal and gets its e-mails.',
    )
  } catch (error) {
    if (error instanceof ForeignRequesterError) return refuse({ requesterId: [error.message] })
    if (error instanceof PreferredInterpreterError)
      return refuse({ preferredInterpreterId: [error.message] })
    if (error instanceof UnknownOrganizationError) return refuse({}, [error.message])
    throw error
  }
}

const labels = { requesterId: 'Requester', ...bookingLabels }

export default function NewBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { organizations, chosen, chooseError, timeZones } = loaderData
  return (
    <div className="mx-auto max-w-3xl">
      <p>
        <Link to="/admin/bookings" className="text-sm font-medium text-brand-700 underline">
          Back to Bookings
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">New booking</h1>
      <p className="mt-2 text-slate-700">
        For a client who asked by phone or e-mail. The booking is the requester's as if they had
        made it: it is in their portal and they get its e-mails. Times are in the time zone you
        choose; a booking that starts in less than {URGENT_WITHIN_HOURS} hours is marked urgent.
      </p>
      <OrganizationStep organizations={organizations} chosenId={chosen?.id} error={chooseError} />
      {chosen ? (
        chosen.requesters.length === 0 ? (
          <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
            {chosen.name} has no active portal user to book for. Invite one from{' '}
            <Link to="/admin/clients" className="underline">
              Clients
            </Link>{' '}
            first.
          </p>
        ) : (
          <BookingStep
            // A new organization starts a fresh form.
            key={chosen.id}
            organization={chosen}
            timeZones={timeZones}
            constraint={loaderData.constraint}
            lastResult={actionData?.result}
          />
        )
      ) : null}
    </div>
  )
}

/** Step 1, a GET form: which organization the booking is for. */
function OrganizationStep({
  organizations,
  chosenId,
  error,
}: {
  organizations: readonly { id: string; name: string }[]
  chosenId: string | undefined
  error: string | null
}) {
  return (
    <Form
      method="get"
      aria-labelledby="organization-step-heading"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="organization-step-heading" className="font-semibold text-slate-900">
        1. Choose the client
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="booking-organization" className="field-label">
            Organization
          </label>
          <select
            id="booking-organization"
            name="organizationId"
            required
            defaultValue={chosenId ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'booking-organization-error' : undefined}
            className="field-input"
          >
            <option value="">Choose an organization</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {chosenId ? 'Change organization' : 'Show its users'}
        </button>
      </div>
      {error ? (
        <p id="booking-organization-error" className="field-error">
          {error}
        </p>
      ) : null}
    </Form>
  )
}

/** Step 2, the booking itself: the requester, then the client's own booking fields. */
function BookingStep({
  organization,
  timeZones,
  constraint,
  lastResult,
}: {
  organization: {
    id: string
    name: string
    requesters: { value: string; label: string }[]
    pastInterpreters: { id: string; firstName: string; lastName: string }[]
  }
  timeZones: readonly { value: string; label: string }[]
  constraint: Parameters<typeof useNativeFormWithValues>[0]['constraint']
  lastResult: Parameters<typeof useNativeFormWithValues>[0]['lastResult']
}) {
  const busy = useNavigation().state === 'submitting'
  const { formProps, field, summary, formErrors, formErrorId } = useNativeFormWithValues<
    typeof labels
  >({
    lastResult,
    constraint,
    labels,
    defaultValue: { timeZone: officeTimeZone(), durationMinutes: '60' },
  })
  return (
    <Form
      method="post"
      {...formProps}
      aria-labelledby="booking-step-heading"
      className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="booking-step-heading" className="font-semibold text-slate-900">
        2. The booking for {organization.name}
      </h2>
      <ErrorSummary {...summary} headingLevel={3} />
      <input type="hidden" name="organizationId" value={organization.id} />
      <SelectField
        field={field('requesterId')}
        options={organization.requesters}
        placeholder="Choose who asked"
        hint="They see the booking in their portal and get its e-mails."
      />
      <BookingFields
        field={field}
        timeZones={timeZones}
        pastInterpreters={organization.pastInterpreters}
      />
      {formErrors?.length ? (
        <p id={formErrorId} role="alert" className="field-error">
          {formErrors[0]}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Enter the booking'}
      </button>
    </Form>
  )
}
