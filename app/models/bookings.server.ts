import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import {
  bookingFiles,
  bookingOffers,
  bookings,
  clientInvoices,
  clientMemberships,
  interpreterProfiles,
  invoiceLines,
  organizations,
  users,
} from '../../db/schema'
import {
  isUrgent,
  settingLabel,
  zonedTimeToUtc,
  type BookingPeriod,
  type BookingSetting,
  type BookingStatus,
} from '../domain/bookings'
import type { Weekday } from '../domain/availability'
import { weeklySeriesDates } from '../domain/booking-series'
import { MAX_TEAM_SIZE, teamProgress } from '../domain/booking-teams'
import { formatInZone } from '../domain/format'
import { modalityLabel, type Modality, type RequestedGender } from '../domain/interpreter-profile'
import { bookingStaffMail } from '../emails/bookings.server'
import { containsPattern, PAGE_SIZE, type ListFilters } from '../lib/admin/list-filters'
import {
  FOREIGN_REQUESTER_MESSAGE,
  PREFERRED_INTERPRETER_MESSAGE,
  UNKNOWN_ORGANIZATION_MESSAGE,
} from '../lib/validation/booking'
import type { ClientContext } from './organizations.server'
import { now } from '../platform/clock.server'
import type { Database } from '../platform/db.server'
import { enqueueMail, type OutgoingMail } from '../platform/mail/outbox.server'
import { db, runtime } from '../platform/runtime.server'
import { preparationFile, preparationFilesOf } from './booking-files.server'
import { staffNoticeFor } from './booking-mail-windows.server'
import { claimOrganizationStorage } from './organization-storage.server'
import { sizeOfNewFiles, withStoredFiles, type NewFile } from './stored-files.server'
import { recordAudit, type Actor } from './audit.server'

export type Booking = typeof bookings.$inferSelect

/** Who is asking: a client user and their organization. */
export interface ClientActor {
  actor: Actor
  client: ClientContext
}

export interface BookingWhen {
  date: string
  time: string
  timeZone: string
  durationMinutes: number
}

export interface NewBooking extends BookingWhen {
  language: string
  modality: Modality
  location: string
  setting: BookingSetting
  contactName: string
  contactPhone: string
  notes?: string
  preferredInterpreterId?: string
  /** The interpreter's gender the client asks for; absent: no preference. */
  requestedGender?: RequestedGender
  /** Preparation files: their bytes, or the uploads already streamed to storage. */
  files: NewFile[]
  /** A weekly series: the days it repeats on and for how many weeks (app/domain/booking-series.ts). */
  repeatDays?: Weekday[]
  repeatWeeks?: number
  /** Two for a team booking: one booking (a seat) per interpreter (app/domain/booking-teams.ts). */
  interpretersNeeded?: number
}

/** One line that says what a booking is, for e-mails and the audit log. */
export function bookingLine(
  booking: Pick<
    Booking,
    'language' | 'modality' | 'setting' | 'startsAt' | 'timeZone' | 'durationMinutes'
  >,
) {
  return `${booking.language}, ${modalityLabel(booking.modality)}, ${settingLabel(booking.setting)}: ${formatInZone(booking.startsAt, booking.timeZone)}, ${booking.durationMinutes} minutes`
}

/** Tells staff about a client's booking, its change or cancellation, with its link. */
export function staffMail(
  event: 'new' | 'cancelled' | 'rescheduled' | 'released',
  booking: Booking,
  organizationName: string,
  /** What else the change took with it, in a sentence (a team's other seat, a series' bookings). */
  also?: string,
): OutgoingMail {
  const { config } = runtime()
  return {
    template: `booking-${event}`,
    to: config.staffNotifyEmail,
    reference: `booking:${booking.id}`,
    ...bookingStaffMail({
      event,
      organizationName,
      summary: bookingLine(booking),
      also,
      urgent: booking.urgent,
      bookingUrl: `${config.siteUrl}/admin/bookings/${booking.id}`,
      company: config.company,
    }),
  }
}

/** Whose booking it is: the organization, the client user who asked for it, who entered it. */
interface BookingParties {
  organizationId: string
  requestedById: string
  /** The staff member who entered it for the client; null when the client booked. */
  enteredById: string | null
}

/** The dates a booking is made on: its own, or each of its weekly series' (app/domain/booking-series.ts). */
function bookingDates(input: Pick<NewBooking, 'date' | 'repeatDays' | 'repeatWeeks'>) {
  return input.repeatDays?.length && input.repeatWeeks
    ? weeklySeriesDates(input.date, input.repeatDays, input.repeatWeeks)
    : [input.date]
}

/**
 * The rows of a booking from the form's values: one per date of a series, each at the same
 * wall-clock time in the zone, sharing a series id; a team booking has one row per
 * interpreter on each date, sharing that date's team id. Urgent when it starts under 24
 * hours from now.
 */
function newBookingRows(input: Omit<NewBooking, 'files'>, parties: BookingParties) {
  const dates = bookingDates(input)
  const seats = Math.min(Math.max(input.interpretersNeeded ?? 1, 1), MAX_TEAM_SIZE)
  const seriesId = dates.length > 1 ? randomUUID() : null
  return dates.flatMap((date) => {
    const teamId = seats > 1 ? randomUUID() : null
    return Array.from({ length: seats }, () =>
      newBookingRow(input, parties, date, seriesId, teamId),
    )
  })
}

function newBookingRow(
  input: Omit<NewBooking, 'files'>,
  parties: BookingParties,
  date: string,
  seriesId: string | null,
  teamId: string | null,
) {
  const startsAt = zonedTimeToUtc(date, input.time, input.timeZone)
  return {
    ...parties,
    language: input.language,
    modality: input.modality,
    setting: input.setting,
    localDate: date,
    localTime: input.time,
    timeZone: input.timeZone,
    startsAt,
    durationMinutes: input.durationMinutes,
    location: input.location,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    notes: input.notes || null,
    preferredInterpreterId: input.preferredInterpreterId ?? null,
    requestedGender: input.requestedGender ?? null,
    seriesId,
    teamId,
    urgent: isUrgent(startsAt, now()),
    createdAt: now(),
    updatedAt: now(),
  }
}

/** What the audit entry of a new booking says: the first of a series names the others. */
function auditOfNew(made: Booking[]) {
  const booking = made[0]!
  return {
    summary: bookingLine(booking),
    urgent: booking.urgent,
    ...(booking.seriesId || booking.teamId
      ? {
          ...(booking.seriesId ? { seriesId: booking.seriesId } : {}),
          ...(booking.teamId ? { teamId: booking.teamId } : {}),
          bookings: made.map((row) => row.id),
        }
      : {}),
  }
}

/** Refuses a preferred interpreter who never worked for the organization (tampering). */
async function checkPreferredInterpreter(
  tx: Database,
  organizationId: string,
  preferred: string | undefined,
) {
  if (
    preferred &&
    !(await pastInterpretersOf(organizationId, tx)).some(
      (interpreter) => interpreter.id === preferred,
    )
  )
    throw new PreferredInterpreterError()
}

/**
 * Stores a client's booking: the preparation files first, then the booking, its files and
 * the staff notification in one transaction (the first of a burst is mailed at once, the
 * rest wait for one digest: app/models/booking-mail-windows.server.ts). A start under 24
 * hours away is accepted and marked urgent. A preferred interpreter must be one who worked
 * for the organization (`PreferredInterpreterError` otherwise). The files must fit the organization's storage quota (`StorageQuotaError` otherwise).
 */
export async function createBooking(input: NewBooking, who: ClientActor): Promise<Booking> {
  return withStoredFiles('bookings', input.files, async (tx, fileIds) => {
    if (fileIds.length > 0)
      await claimOrganizationStorage(tx, who.client.organizationId, sizeOfNewFiles(input.files))
    const notice = await staffNoticeFor(tx, who.client.organizationId, now())
    await checkPreferredInterpreter(tx, who.client.organizationId, input.preferredInterpreterId)
    const parties = {
      organizationId: who.client.organizationId,
      requestedById: who.actor.id,
      enteredById: null,
    }
    const made = await tx
      .insert(bookings)
      .values(
        newBookingRows(input, parties).map((row) => ({
          ...row,
          staffDigestAt: notice.mailNow ? null : notice.digestAt,
        })),
      )
      .returning()
    made.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    const booking = made[0]!
    if (fileIds.length > 0)
      await tx
        .insert(bookingFiles)
        .values(made.flatMap((row) => fileIds.map((fileId) => ({ bookingId: row.id, fileId }))))
    if (notice.mailNow)
      await enqueueMail(tx, [staffMail('new', booking, who.client.organizationName)])
    await recordAudit(
      who.actor,
      {
        action: 'create',
        entityType: 'booking',
        entityId: booking.id,
        after: auditOfNew(made),
      },
      tx,
    )
    return booking
  })
}

/** For whom staff enter a booking: an organization and one of its client users. */
export interface EnteredFor {
  organizationId: string
  requesterId: string
}

/**
 * A booking staff enter for a client who asked by phone or e-mail (docs/product.md#bookings):
 * it is the requester's as if they had booked it (their portal shows it, their e-mails follow
 * it), and it records who entered it, with the audit entry in that staff member's name. The
 * organization must exist (`UnknownOrganizationError`), the requester be one of its active
 * users (`ForeignRequesterError`), a preferred interpreter one who worked for it. A weekly
 * series is made as on the client's form; the first booking is returned. Staff are not
 * e-mailed a booking one of them entered; nothing counts against the client's limits.
 */
export async function enterBooking(
  input: Omit<NewBooking, 'files'>,
  enteredFor: EnteredFor,
  actor: Actor,
): Promise<Booking> {
  return db().transaction(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, enteredFor.organizationId))
    if (!organization) throw new UnknownOrganizationError()
    // Locked, so a manager deactivating the requester meanwhile waits, or is waited for.
    const [requester] = await tx
      .select({ id: users.id, name: users.name })
      .from(clientMemberships)
      .innerJoin(users, eq(users.id, clientMemberships.userId))
      .where(
        and(
          eq(clientMemberships.userId, enteredFor.requesterId),
          eq(clientMemberships.organizationId, organization.id),
          eq(users.active, true),
        ),
      )
      .for('update', { of: users })
    if (!requester) throw new ForeignRequesterError()
    await checkPreferredInterpreter(tx, organization.id, input.preferredInterpreterId)
    const made = await tx
      .insert(bookings)
      .values(
        newBookingRows(input, {
          organizationId: organization.id,
          requestedById: requester.id,
          enteredById: actor.id,
        }),
      )
      .returning()
    made.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    const booking = made[0]!
    await recordAudit(
      actor,
      {
        action: 'create',
        entityType: 'booking',
        entityId: booking.id,
        after: {
          ...auditOfNew(made),
          organization: organization.name,
          requestedBy: requester.name,
          enteredBy: actor.name,
        },
      },
      tx,
    )
    return booking
  })
}

/**
 * Where a booking stands in its weekly series ("3 of 16"), counting every occurrence
 * whatever its state; undefined for a booking made on its own.
 */
export async function seriesPlaceOf(booking: Pick<Booking, 'seriesId' | 'startsAt'>) {
  if (!booking.seriesId) return undefined
  // A team's seats share their start: they are one occurrence of the series.
  const [place] = await db()
    .select({
      count: sql<number>`count(distinct ${bookings.startsAt})::int`,
      position: sql<number>`count(distinct ${bookings.startsAt}) filter (where ${bookings.startsAt} <= ${booking.startsAt.toISOString()}::timestamptz)::int`,
    })
    .from(bookings)
    .where(eq(bookings.seriesId, booking.seriesId))
  return { position: Number(place!.position), count: Number(place!.count) }
}

/**
 * The seats of a booking's team, its own included, in a stable order, with who holds each;
 * undefined for a booking of one interpreter.
 */
export async function teamOf(booking: Pick<Booking, 'id' | 'teamId'>) {
  if (!booking.teamId) return undefined
  const seats = await db()
    .select({
      id: bookings.id,
      status: bookings.status,
      interpreterFirstName: interpreterProfiles.firstName,
      interpreterLastName: interpreterProfiles.lastName,
    })
    .from(bookings)
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, bookings.interpreterId))
    .where(eq(bookings.teamId, booking.teamId))
    .orderBy(asc(bookings.id))
  return {
    seats,
    position: seats.findIndex((seat) => seat.id === booking.id) + 1,
    ...teamProgress(seats),
  }
}

/** Which bookings a client may see: a requester their own, a manager the organization's. */
function visibleTo(client: ClientContext, userId: string): SQL {
  return client.role === 'manager'
    ? eq(bookings.organizationId, client.organizationId)
    : and(eq(bookings.organizationId, client.organizationId), eq(bookings.requestedById, userId))!
}

/**
 * Bookings with what a timeline shows: who booked, how many offers, who is confirmed, and
 * whether the booking is invoiced (its invoice line is on an invoice sent to the client).
 */
function bookingRows(where: SQL | undefined) {
  return db()
    .select({
      booking: bookings,
      requesterName: users.name,
      interpreterFirstName: interpreterProfiles.firstName,
      // Offers withdrawn from an open booking were for a time the client has since moved
      // it from, so they are not counted; an ended booking counts every offer it had.
      offers: sql<number>`(select count(*)::int from ${bookingOffers} where ${bookingOffers.bookingId} = ${bookings.id} and (${bookingOffers.status} <> 'withdrawn' or ${bookings.status} in ('cancelled', 'unfilled')))`,
      awaitingNewTime: sql<boolean>`exists (select 1 from ${bookingOffers} where ${bookingOffers.bookingId} = ${bookings.id} and ${bookingOffers.status} = 'reconfirm')`,
      invoiced: sql<boolean>`exists (select 1 from ${invoiceLines} inner join ${clientInvoices} on ${clientInvoices.id} = ${invoiceLines.invoiceId} where ${invoiceLines.bookingId} = ${bookings.id} and ${clientInvoices.status} in ('sent', 'paid'))`,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.requestedById))
    .leftJoin(interpreterProfiles, eq(interpreterProfiles.id, bookings.interpreterId))
    .where(where)
}

/** The client's Bookings screen's search, filters and page (docs/product.md#client-portal). */
export type ClientBookingFilters = ListFilters<BookingStatus, 'startsAt'> & {
  when: BookingPeriod | 'all'
}

/**
 * What the client's search looks in: the language, the setting, the place (address, link or
 * number), the contact on the day and who booked it. The organization's index narrows the
 * rows first, so no text index is needed for one organization's bookings.
 */
const clientSearchText = sql`(${bookings.language} || ' ' || ${bookings.setting} || ' ' || ${bookings.location} || ' ' || ${bookings.contactName} || ' ' || coalesce(${users.name}, ''))`

function clientListConditions(who: ClientActor, filters: ClientBookingFilters) {
  const period = { upcoming: gte(bookings.startsAt, now()), past: lt(bookings.startsAt, now()) }
  return and(
    visibleTo(who.client, who.actor.id),
    filters.status === 'all' ? undefined : eq(bookings.status, filters.status),
    filters.when === 'all' ? undefined : period[filters.when],
    filters.q ? sql`${clientSearchText} ilike ${containsPattern(filters.q)}` : undefined,
  )
}

/**
 * One page of a client's bookings, with what each timeline needs, and how many match in all:
 * the latest start first, or the soonest first when only upcoming ones are shown.
 */
export async function listClientBookings(who: ClientActor, filters: ClientBookingFilters) {
  const where = clientListConditions(who, filters)
  const direction = filters.when === 'upcoming' ? asc : desc
  const [items, [counted]] = await Promise.all([
    bookingRows(where)
      .orderBy(direction(bookings.startsAt), direction(bookings.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    db()
      .select({ total: count() })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.requestedById))
      .where(where),
  ])
  return { items, total: counted?.total ?? 0, pageSize: PAGE_SIZE }
}

/** A client's bookings still to come and not cancelled, the soonest first (the dashboard's). */
export async function upcomingClientBookings(who: ClientActor, limit: number) {
  return bookingRows(
    and(
      visibleTo(who.client, who.actor.id),
      gt(bookings.startsAt, now()),
      ne(bookings.status, 'cancelled'),
    ),
  )
    .orderBy(asc(bookings.startsAt))
    .limit(limit)
}

/** One booking the client may see, or undefined (another organization's, or a colleague's for a requester). */
export async function clientBooking(id: string, who: ClientActor) {
  const [row] = await bookingRows(and(eq(bookings.id, id), visibleTo(who.client, who.actor.id)))
  if (!row) return undefined
  const [files, series, team] = await Promise.all([
    preparationFilesOf([id]).then((byBooking) => byBooking.get(id) ?? []),
    seriesPlaceOf(row.booking),
    teamOf(row.booking),
  ])
  return { ...row, files, series, team }
}

/** A preparation file of a booking the client may see. */
export function clientBookingFile(bookingId: string, fileId: string, who: ClientActor) {
  return preparationFile(bookingId, fileId, visibleTo(who.client, who.actor.id))
}

/** Interpreters who worked for the organization: the "preferred interpreter" choices. */
export async function pastInterpretersOf(organizationId: string, tx?: Database) {
  return db(tx)
    .selectDistinct({
      id: interpreterProfiles.id,
      firstName: interpreterProfiles.firstName,
      lastName: interpreterProfiles.lastName,
    })
    .from(bookings)
    .innerJoin(interpreterProfiles, eq(interpreterProfiles.id, bookings.interpreterId))
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        inArray(bookings.status, ['confirmed', 'completed']),
      ),
    )
}

export class BookingRuleError extends Error {
  override name = 'BookingRuleError'
}

/** An organization that does not exist (any more) for a booking staff enter. */
export class UnknownOrganizationError extends BookingRuleError {
  override name = 'UnknownOrganizationError'
  constructor() {
    super(UNKNOWN_ORGANIZATION_MESSAGE)
  }
}

/** A requester who is not an active user of the organization the booking is entered for. */
export class ForeignRequesterError extends BookingRuleError {
  override name = 'ForeignRequesterError'
  constructor() {
    super(FOREIGN_REQUESTER_MESSAGE)
  }
}

/** A preferred interpreter the booking form does not offer: one who never worked for the organization. */
export class PreferredInterpreterError extends BookingRuleError {
  override name = 'PreferredInterpreterError'
  constructor() {
    super(PREFERRED_INTERPRETER_MESSAGE)
  }
}

/** The statuses a client may still cancel or move a booking in. */
export const CLIENT_OPEN_STATUSES = ['requested', 'offered', 'confirmed'] as const

/** Locks a booking the client may see, for a change; undefined when they may not. */
export async function lockVisibleBooking(tx: Database, id: string, who: ClientActor) {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), visibleTo(who.client, who.actor.id)))
    .for('update')
  return booking
}
