import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import {
  auditLog,
  bookingFiles,
  bookingOffers,
  bookings,
  clientMemberships,
  interpreterApplications,
  interpreterAvailability,
  interpreterDocuments,
  interpreterProfiles,
  interpreterTimeOff,
  mailOutbox,
  organizations,
  storedFiles,
} from '../../db/schema'
import { todayIn, weekdayValues } from '../../app/domain/availability'
import { addDays } from '../../app/domain/onboarding'
import { zonedTimeToUtc, type BookingSetting, type BookingStatus } from '../../app/domain/bookings'
import type { Modality } from '../../app/domain/interpreter-profile'
import type { Actor } from '../../app/models/audit.server'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { findUserByEmail } from '../../app/models/users.server'
import { withStoredFiles } from '../../app/models/stored-files.server'
import type { Database } from '../../app/platform/db.server'
import { pdfDocument } from './document-fixtures'
import { createApplicant, emptyTables } from './people-fixtures'

/**
 * Bookings and interpreters ready for dispatch, written straight into the tables (the
 * client's booking form is not what these tests are about).
 */

/**
 * The tables of the dispatch world, each before the tables it points to: bookings and their
 * offers, organizations and their members, interpreters with what they upload and when they
 * work, and the mail and audit rows all of it writes.
 */
export const dispatchTables: PgTable[] = [
  bookingOffers,
  bookings,
  clientMemberships,
  organizations,
  interpreterDocuments,
  interpreterTimeOff,
  interpreterAvailability,
  interpreterProfiles,
  interpreterApplications,
  storedFiles,
  mailOutbox,
  auditLog,
]

/** Empties the dispatch world, then `also` (tables of the test's own, such as users). */
export async function emptyDispatchWorld(db: Database, also: PgTable[] = []) {
  await emptyTables(db, [...dispatchTables, ...also])
}

export async function createOrganization(db: Database, name: string): Promise<string> {
  const [row] = await db.insert(organizations).values({ name }).returning({ id: organizations.id })
  return row!.id
}

export interface BookingFixture {
  organizationId: string
  requestedById?: string | null
  language?: string
  modality?: Modality
  setting?: BookingSetting
  localDate: string
  localTime?: string
  timeZone?: string
  durationMinutes?: number
  urgent?: boolean
  status?: BookingStatus
  interpreterId?: string | null
  location?: string
  createdAt?: Date
}

/** A booking row; the UTC start is computed from the local date, time and zone as the app does. */
export async function createBookingRow(db: Database, booking: BookingFixture): Promise<string> {
  const timeZone = booking.timeZone ?? 'America/New_York'
  const localTime = booking.localTime ?? '10:00'
  const [row] = await db
    .insert(bookings)
    .values({
      organizationId: booking.organizationId,
      requestedById: booking.requestedById ?? null,
      language: booking.language ?? 'Spanish',
      modality: booking.modality ?? 'on_site',
      setting: booking.setting ?? 'medical',
      localDate: booking.localDate,
      localTime,
      timeZone,
      startsAt: zonedTimeToUtc(booking.localDate, localTime, timeZone),
      durationMinutes: booking.durationMinutes ?? 60,
      location: booking.location ?? '1200 Main Street, Austin, TX',
      contactName: 'Nora Nurse',
      contactPhone: '+1 512 555 0199',
      urgent: booking.urgent ?? false,
      status: booking.status ?? 'requested',
      interpreterId: booking.interpreterId ?? null,
      ...(booking.createdAt ? { createdAt: booking.createdAt } : {}),
    })
    .returning({ id: bookings.id })
  return row!.id
}

/**
 * A preparation file (a one-page PDF saying `text`) stored and attached to a booking, as the
 * client's booking form attaches one; its `stored_files` id.
 */
export async function attachPreparationFile(
  bookingId: string,
  originalName: string,
  text = 'Preparation notes',
): Promise<string> {
  const file = {
    bytes: pdfDocument(text),
    mediaType: 'application/pdf',
    extension: 'pdf',
    originalName,
  }
  return withStoredFiles('bookings', [file], async (tx, [fileId]) => {
    await tx.insert(bookingFiles).values({ bookingId, fileId: fileId! })
    return fileId!
  })
}

export interface DispatchInterpreter {
  profileId: string
  userId: string
  applicationId: string
  email: string
}

/**
 * An approved interpreter with a portal account, fully onboarded, working Spanish on site,
 * medical, from 07:00 to 20:00 every day in New York, with a current medical credential;
 * each can be changed.
 */
export async function createDispatchInterpreter(
  db: Database,
  staff: Actor,
  person: {
    firstName: string
    lastName?: string
    email?: string
    languages?: string[]
    modalities?: Modality[]
    specializations?: string[]
    timeZone?: string
    onboardingProgress?: number
    /** The accepted medical credential's expiry: a date, null for none stated, or no credential. */
    medicalCredential?: { expiresOn: string | null } | 'none'
    availability?: { start: string; end: string }
    /** The profile's ZIP code (none by default: their distance to a booking is unknown). */
    zipCode?: string | null
    travelRadiusMiles?: number | null
  },
): Promise<DispatchInterpreter> {
  const email =
    person.email ?? `${person.firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`
  const applicationId = await createApplicant(db, {
    firstName: person.firstName,
    lastName: person.lastName ?? 'Interpreter',
    email,
  })
  await decideApplication(applicationId, 'approved', { sendEmail: false }, staff)
  const user = (await findUserByEmail(email))!
  const [profile] = await db
    .update(interpreterProfiles)
    .set({
      languages: person.languages ?? ['Spanish'],
      modalities: person.modalities ?? ['phone', 'video', 'on_site'],
      specializations: person.specializations ?? ['medical', 'legal', 'business'],
      timeZone: person.timeZone ?? 'America/New_York',
      zipCode: person.zipCode ?? null,
      travelRadiusMiles: person.travelRadiusMiles ?? null,
    })
    .where(eq(interpreterProfiles.userId, user.id))
    .returning({ id: interpreterProfiles.id })
  await db
    .update(interpreterApplications)
    .set({ onboardingProgress: person.onboardingProgress ?? 6 })
    .where(eq(interpreterApplications.id, applicationId))
  const hours = person.availability ?? { start: '07:00', end: '20:00' }
  await db.insert(interpreterAvailability).values(
    weekdayValues.map((day) => ({
      profileId: profile!.id,
      day,
      startsAt: hours.start,
      endsAt: hours.end,
    })),
  )
  const credential = person.medicalCredential ?? { expiresOn: '2099-12-31' }
  if (credential !== 'none') {
    const [file] = await db
      .insert(storedFiles)
      .values({
        storageKey: `test/${randomUUID()}.pdf`,
        originalName: 'hipaa.pdf',
        mediaType: 'application/pdf',
        byteSize: 1,
        sha256: '0'.repeat(64),
      })
      .returning({ id: storedFiles.id })
    await db.insert(interpreterDocuments).values({
      applicationId,
      step: 'medical_training',
      fileId: file!.id,
      issuedOn: '2025-01-01',
      expiresOn: credential.expiresOn,
      status: 'accepted',
    })
  }
  return { profileId: profile!.id, userId: user.id, applicationId, email }
}

/**
 * An interpreter (as createDispatchInterpreter makes them) with a confirmed on-site booking
 * of a new organization, yesterday 10:00 to 11:00 in New York: ended, its closeout due and
 * not yet overdue.
 */
export async function createEndedAssignment(
  db: Database,
  staff: Actor,
  person: { firstName: string; lastName: string },
  organizationName: string,
  location?: string,
) {
  const interpreter = await createDispatchInterpreter(db, staff, person)
  const bookingId = await createBookingRow(db, {
    organizationId: await createOrganization(db, organizationName),
    localDate: addDays(todayIn('America/New_York', new Date()), -1),
    localTime: '10:00',
    status: 'confirmed',
    interpreterId: interpreter.profileId,
    location,
  })
  return { interpreter, bookingId }
}
