import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  bookings,
  closeoutExpenses,
  closeoutReminders,
  closeouts,
  invoiceLines,
  mailOutbox,
  statementLines,
  storedFiles,
  users,
} from '../../db/schema'
import type { Actor } from '../../app/models/audit.server'
import { runCloseoutReminders } from '../../app/models/billing/closeout-reminders.server'
import { approveCloseout, returnCloseout } from '../../app/models/billing/closeout-review.server'
import { staffCloseout, staffCloseoutGroups } from '../../app/models/billing/closeout-list.server'
import {
  CloseoutRuleError,
  closeoutFormOf,
  closeoutsDueOf,
  submitCloseout,
  type CloseoutSubmission,
} from '../../app/models/billing/closeouts.server'
import { setClock } from '../../app/platform/clock.server'
import {
  closeoutSchema,
  END_AFTER_START_MESSAGE,
  EXPENSE_AMOUNT_MESSAGE,
  FUTURE_TIME_MESSAGE,
  MILEAGE_MESSAGE,
  ON_SITE_ONLY_MESSAGE,
  RECEIPT_TOO_LARGE_MESSAGE,
  START_WINDOW_MESSAGE,
  TOO_LONG_MESSAGE,
  TRAVEL_MINUTES_MESSAGE,
  TRAVEL_ON_SITE_ONLY_MESSAGE,
  WRONG_RECEIPT_MESSAGE,
} from '../../app/lib/validation/closeout'
import { closeoutFromRequest } from '../../app/routes/interpreter/+shared/closeout-action.server'
import {
  createBookingRow,
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
} from '../support/booking-fixtures'
import { approveCurrentCloseout, emptyBillingWorld } from '../support/billing-fixtures'
import { htmlDocument, largePdf, pdfDocument, pngImage } from '../support/document-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

// The booking: Tuesday 12 May 2026, 10:00-11:00 in New York (14:00-15:00 UTC).
const BOOKED_START = new Date('2026-05-12T14:00:00Z')
const BOOKED_END = new Date('2026-05-12T15:00:00Z')
const hoursAfterEnd = (hours: number) => new Date(BOOKED_END.getTime() + hours * 3_600_000)

describe.each(testDatabaseKinds())('closeouts on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let ana: DispatchInterpreter
  let ben: DispatchInterpreter
  const test = testRuntimeFor(kind, {
    env: { SITE_URL: 'https://lang.example', STAFF_NOTIFY_EMAIL: 'billing@lang.example' },
  })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyBillingWorld(test.db, [users])
    setClock(() => hoursAfterEnd(2))
    staff = await createStaffActor()
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    ana = await createDispatchInterpreter(test.db, staff, { firstName: 'Ana', lastName: 'Alvarez' })
    ben = await createDispatchInterpreter(test.db, staff, { firstName: 'Ben', lastName: 'Brown' })
  })

  const confirmedBooking = (extra: Partial<Parameters<typeof createBookingRow>[1]> = {}) =>
    createBookingRow(test.db, {
      organizationId,
      localDate: '2026-05-12',
      localTime: '10:00',
      status: 'confirmed',
      interpreterId: ana.profileId,
      ...extra,
    })

  const anaActor = () => ({ id: ana.userId, name: 'Ana Alvarez' })

  const completed = (extra: Partial<CloseoutSubmission> = {}): CloseoutSubmission => ({
    outcome: 'completed',
    actualStart: BOOKED_START,
    actualEnd: new Date(BOOKED_START.getTime() + 75 * 60_000),
    mileageTenths: 124,
    note: null,
    expenses: [],
    ...extra,
  })

  const context = (onSite = true) => ({
    now: hoursAfterEnd(2),
    timeZone: 'America/New_York',
    bookedStart: BOOKED_START,
    onSite,
    lateCancelled: false,
  })

  /** The closeout form as the browser sends it, receipts included. */
  function closeoutRequest(fields: Record<string, string>, receipts: Record<string, Buffer> = {}) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const [name, bytes] of Object.entries(receipts))
      form.append(name, new File([new Uint8Array(bytes)], 'receipt.pdf'))
    return new Request('http://localhost/interpreter/assignments/x/closeout', {
      method: 'POST',
      body: form,
    })
  }

  const formFields = {
    outcome: 'completed',
    startDate: '2026-05-12',
    startTime: '10:00',
    endDate: '2026-05-12',
    endTime: '11:15',
    mileage: '12.4',
  }

  const submitThroughForm = (
    bookingId: string,
    fields: Record<string, string>,
    receipts: Record<string, Buffer> = {},
    onSite = true,
  ) =>
    closeoutFromRequest(closeoutRequest(fields, receipts), {
      userId: ana.userId,
      bookingId,
      actor: anaActor(),
      context: context(onSite),
      bookedTimes: { start: BOOKED_START, end: BOOKED_END },
    })

  const fieldErrors = (result: { result: { error?: Record<string, string[] | null> | null } }) =>
    result.result.error ?? {}

  it('refuses times in the future, an end before the start and more than 16 hours', () => {
    const schema = closeoutSchema(context())
    const errorOf = (fields: Record<string, string>) => {
      const parsed = schema.safeParse({ ...formFields, ...fields })
      return parsed.success ? undefined : parsed.error.issues[0]?.message
    }
    expect(errorOf({})).toBeUndefined()
    expect(errorOf({ endTime: '09:30' })).toBe(END_AFTER_START_MESSAGE)
    expect(errorOf({ endDate: '2026-05-13', endTime: '10:00' })).toBe(FUTURE_TIME_MESSAGE)
    expect(errorOf({ startDate: '2026-05-11', startTime: '16:00' })).toBe(TOO_LONG_MESSAGE)
    // Remote work: no mileage, no expenses.
    const remote = closeoutSchema(context(false)).safeParse(formFields)
    expect(remote.success ? undefined : remote.error.issues[0]?.message).toBe(ON_SITE_ONLY_MESSAGE)
    // Travel time: whole minutes up to 12 hours, for on-site work only.
    expect(errorOf({ travelMinutes: '45' })).toBeUndefined()
    expect(errorOf({ travelMinutes: '45.5' })).toBe(TRAVEL_MINUTES_MESSAGE)
    expect(errorOf({ travelMinutes: '721' })).toBe(TRAVEL_MINUTES_MESSAGE)
    expect(errorOf({ travelMinutes: '-5' })).toBe(TRAVEL_MINUTES_MESSAGE)
    const remoteTravel = closeoutSchema(context(false)).safeParse({
      ...formFields,
      mileage: undefined,
      travelMinutes: '30',
    })
    expect(remoteTravel.success ? undefined : remoteTravel.error.issues[0]?.message).toBe(
      TRAVEL_ON_SITE_ONLY_MESSAGE,
    )
  })

  it('refuses an actual start more than 24 hours from the booked one, on the start date and in the model', async () => {
    const yearsBefore = { startDate: '2023-05-12', endDate: '2023-05-12' }
    const refused = closeoutSchema(context()).safeParse({ ...formFields, ...yearsBefore })
    expect(
      refused.success ? [] : refused.error.issues.map((issue) => [issue.path, issue.message]),
    ).toEqual([[['startDate'], START_WINDOW_MESSAGE]])
    // A day's slip either way is still this booking's work: the evening before, the night after.
    for (const [startDate, startTime, endDate, endTime] of [
      ['2026-05-11', '10:00', '2026-05-11', '11:00'],
      ['2026-05-12', '19:00', '2026-05-12', '20:00'],
    ])
      expect(
        closeoutSchema({ ...context(), now: hoursAfterEnd(30) }).safeParse({
          ...formFields,
          startDate,
          startTime,
          endDate,
          endTime,
        }).success,
        `${startDate} ${startTime}`,
      ).toBe(true)

    // Through the form: 400, the message next to the start date, what was typed kept.
    const bookingId = await confirmedBooking()
    const answer = await submitThroughForm(bookingId, { ...formFields, ...yearsBefore })
    expect(answer.status).toBe(400)
    expect(fieldErrors(answer).startDate).toEqual([START_WINDOW_MESSAGE])
    expect(answer.result.initialValue).toMatchObject({ ...formFields, ...yearsBefore })
    // The model holds the same rule for any caller.
    await expect(
      submitCloseout(
        ana.userId,
        bookingId,
        completed({
          actualStart: new Date('2023-05-12T14:00:00Z'),
          actualEnd: new Date('2023-05-12T15:00:00Z'),
        }),
        anaActor(),
      ),
    ).rejects.toThrow(CloseoutRuleError)
    expect(await test.db.select().from(closeouts)).toHaveLength(0)
  })

  it('lists due closeouts through the owner only; another interpreter cannot open or send one', async () => {
    const bookingId = await confirmedBooking()
    // Not ended yet: nothing due.
    await confirmedBooking({ localDate: '2026-05-20' })
    const due = await closeoutsDueOf(ana.userId)
    expect(due.map((row) => row.bookingId)).toEqual([bookingId])
    expect(due[0]!.overdue).toBe(false)
    expect(await closeoutsDueOf(ben.userId)).toEqual([])
    expect(await closeoutFormOf(ben.userId, bookingId)).toBeUndefined()
    expect(await submitCloseout(ben.userId, bookingId, completed(), anaActor())).toBe('missing')
    expect(await test.db.select().from(closeouts)).toHaveLength(0)

    setClock(() => hoursAfterEnd(49))
    expect((await closeoutsDueOf(ana.userId))[0]!.overdue).toBe(true)
    const { overdue } = await staffCloseoutGroups()
    expect(overdue.rows.map((row) => row.bookingId)).toEqual([bookingId])
    expect(overdue.total).toBe(1)
  })

  it('takes mileage and expenses for on-site work only, and checks each receipt by its content', async () => {
    const remoteId = await confirmedBooking({ modality: 'video', location: 'https://meet.example' })
    const remote = await submitThroughForm(
      remoteId,
      {
        ...formFields,
        mileage: '',
        'expenses[0].description': 'Parking',
        'expenses[0].amount': '12.50',
      },
      { 'expenses[0].receipt': pdfDocument() },
      false,
    )
    expect(remote.status).toBe(400)
    expect(fieldErrors(remote).expenses).toEqual([ON_SITE_ONLY_MESSAGE])
    // The model refuses it too, whatever the form said.
    await expect(submitCloseout(ana.userId, remoteId, completed(), anaActor())).rejects.toThrow(
      /on-site/,
    )
    await expect(
      submitCloseout(
        ana.userId,
        remoteId,
        completed({ mileageTenths: 0, travelMinutes: 30 }),
        anaActor(),
      ),
    ).rejects.toThrow('Travel time is paid for on-site assignments only.')

    const bookingId = await confirmedBooking()
    const disguised = await submitThroughForm(
      bookingId,
      { ...formFields, 'expenses[0].description': 'Parking', 'expenses[0].amount': '12.50' },
      { 'expenses[0].receipt': htmlDocument() },
    )
    expect(disguised.status).toBe(400)
    const tooLarge = await submitThroughForm(
      bookingId,
      { ...formFields, 'expenses[0].description': 'Parking', 'expenses[0].amount': '12.50' },
      { 'expenses[0].receipt': largePdf(11 * 1024 * 1024) },
    )
    expect(tooLarge.status).toBe(413)
    expect(fieldErrors(tooLarge).expenses).toEqual([RECEIPT_TOO_LARGE_MESSAGE])
    // What was typed comes back with the refusal.
    expect(tooLarge.result.initialValue).toMatchObject({ mileage: '12.4' })
    expect(fieldErrors(disguised)['expenses[0].receipt']).toEqual([WRONG_RECEIPT_MESSAGE])
    expect(await test.db.select().from(closeouts)).toHaveLength(0)

    const sent = await submitThroughForm(
      bookingId,
      {
        ...formFields,
        travelMinutes: '45',
        'expenses[0].description': 'Parking',
        'expenses[0].amount': '12.50',
        'expenses[1].description': 'Tolls',
        'expenses[1].amount': '3',
      },
      { 'expenses[0].receipt': pdfDocument(), 'expenses[1].receipt': pngImage() },
    )
    expect(sent.outcome).toBe('submitted')
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout).toMatchObject({
      status: 'submitted',
      mileageTenths: 124,
      travelMinutes: 45,
      outcome: 'completed',
    })
    expect(closeout!.actualEnd.toISOString()).toBe('2026-05-12T15:15:00.000Z')
    const expenses = await test.db.select().from(closeoutExpenses)
    expect(expenses.map((expense) => expense.amountCents).sort()).toEqual([1250, 300])
    const files = await test.db.select().from(storedFiles)
    expect(files.map((file) => file.mediaType).sort()).toContain('image/png')
    // Only the refused remote one is still due.
    expect((await closeoutsDueOf(ana.userId)).map((row) => row.bookingId)).toEqual([remoteId])
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'closeout_submitted'))
    expect(audit).toBeDefined()
  })

  it('refuses a decimal comma in the mileage and an expense on their fields (400), keeping what was typed', async () => {
    const bookingId = await confirmedBooking()
    const refused = await submitThroughForm(
      bookingId,
      {
        ...formFields,
        mileage: '1,5',
        'expenses[0].description': 'Parking',
        'expenses[0].amount': '9,99',
      },
      { 'expenses[0].receipt': pdfDocument() },
    )
    expect(refused.status).toBe(400)
    expect(fieldErrors(refused)).toMatchObject({
      mileage: [MILEAGE_MESSAGE],
      'expenses[0].amount': [EXPENSE_AMOUNT_MESSAGE],
    })
    expect(refused.result.initialValue).toMatchObject({
      mileage: '1,5',
      expenses: [{ description: 'Parking', amount: '9,99' }],
    })
    expect(await test.db.select().from(closeouts)).toHaveLength(0)
    expect(await test.db.select().from(closeoutExpenses)).toHaveLength(0)
  })

  it('goes back to the interpreter with the reason by e-mail; the correction is waiting again', async () => {
    const bookingId = await confirmedBooking()
    await submitThroughForm(
      bookingId,
      { ...formFields, 'expenses[0].description': 'Parking', 'expenses[0].amount': '12.50' },
      { 'expenses[0].receipt': pdfDocument() },
    )
    expect(await returnCloseout(bookingId, 'The end time looks wrong.', staff)).toBe('done')
    expect(await returnCloseout(bookingId, 'Twice', staff)).toBe('not-waiting')
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'closeout-returned'))
    expect(mail!.toAddress).toBe(ana.email)
    expect(mail!.text).toContain('The end time looks wrong.')
    expect(mail!.text).toContain(
      `https://lang.example/interpreter/assignments/${bookingId}/closeout`,
    )
    const due = await closeoutsDueOf(ana.userId)
    expect(due[0]).toMatchObject({ status: 'returned', returnReason: 'The end time looks wrong.' })

    // The correction keeps the receipt on file and replaces the rest.
    const [kept] = await test.db.select().from(closeoutExpenses)
    const resent = await submitThroughForm(bookingId, {
      ...formFields,
      endTime: '11:00',
      'expenses[0].description': 'Parking garage',
      'expenses[0].amount': '14',
      'expenses[0].keptExpenseId': kept!.id,
    })
    expect(resent.outcome).toBe('submitted')
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout).toMatchObject({ status: 'submitted', returnReason: null })
    const expenses = await test.db.select().from(closeoutExpenses)
    expect(expenses).toHaveLength(1)
    expect(expenses[0]).toMatchObject({
      description: 'Parking garage',
      amountCents: 1400,
      receiptFileId: kept!.receiptFileId,
    })

    // Approved: never changed again.
    expect(await approveCurrentCloseout(test.db, bookingId, staff)).toBe('done')
    expect(await submitCloseout(ana.userId, bookingId, completed(), anaActor())).toBe('approved')
    const form = await closeoutFormOf(ana.userId, bookingId)
    expect(form?.editable).toBe(false)
  })

  it('approved twice at the same moment: posted once, the other told it was decided', async () => {
    const bookingId = await confirmedBooking()
    expect(await submitCloseout(ana.userId, bookingId, completed(), anaActor())).toBe('submitted')
    const preview = await staffCloseout(bookingId)
    // 75 minutes on site: the 120-minute minimum, at $0.75 and $1.1667 a minute; 12.4 miles at 70 cents.
    expect(preview!.price.pay).toMatchObject({
      minutes: 120,
      amountCents: 9000,
      mileageCents: 868,
      rateSource: 'default',
    })
    expect(preview!.price.charge).toMatchObject({
      minutes: 120,
      amountCents: 14000,
      premiumCents: 0,
      mileageCents: 868,
    })
    const seen = { version: preview!.closeout.version }
    const decisions = await Promise.all([
      approveCloseout(bookingId, seen, staff),
      approveCloseout(bookingId, seen, staff),
    ])
    expect(decisions.sort()).toEqual(['done', 'not-waiting'])
    expect(await test.db.select().from(statementLines)).toHaveLength(1)
    expect(await test.db.select().from(invoiceLines)).toHaveLength(1)
    const [booking] = await test.db.select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('completed')
  })

  it('a correction sent while staff approve is refused: what is posted is what staff saw', async () => {
    const bookingId = await confirmedBooking()
    await submitCloseout(ana.userId, bookingId, completed(), anaActor())
    const seen = { version: (await staffCloseout(bookingId))!.closeout.version }
    const [decision, submitted] = await Promise.all([
      approveCloseout(bookingId, seen, staff),
      submitCloseout(ana.userId, bookingId, completed({ mileageTenths: 200 }), anaActor()),
    ])
    expect(decision).toBe('done')
    // Waiting for approval or approved by then: either way not changed.
    expect(['waiting', 'approved']).toContain(submitted)
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout).toMatchObject({ status: 'approved', mileageTenths: 124 })
    const lines = await test.db.select().from(statementLines)
    expect(lines).toHaveLength(1)
    expect(lines[0]!.mileageCents).toBe(868)
  })

  it('a slow submission that lands after staff opened the review is refused: a submitted closeout changes only after a return', async () => {
    const bookingId = await confirmedBooking()
    // The form was open and editable; a quick submission lands first, and staff open it.
    expect(await submitCloseout(ana.userId, bookingId, completed(), anaActor())).toBe('submitted')
    const opened = (await staffCloseout(bookingId))!
    expect(opened.price.pay.totalCents).toBe(9000 + 868)
    const filesBefore = await test.db.$count(storedFiles)
    // The slow one, with inflated values, lands after that.
    const slow = await submitThroughForm(
      bookingId,
      {
        ...formFields,
        startTime: '00:00',
        endTime: '11:00',
        mileage: '990',
        'expenses[0].description': 'Parking',
        'expenses[0].amount': '999',
      },
      { 'expenses[0].receipt': pdfDocument() },
    )
    expect(slow).toMatchObject({ status: 409, outcome: 'waiting' })
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout).toMatchObject({
      status: 'submitted',
      mileageTenths: 124,
      version: opened.closeout.version,
    })
    expect(await test.db.select().from(closeoutExpenses)).toHaveLength(0)
    // Its receipt was not kept either.
    expect(await test.db.$count(storedFiles)).toBe(filesBefore)
    expect(await approveCloseout(bookingId, { version: opened.closeout.version }, staff)).toBe(
      'done',
    )
    const [line] = await test.db.select().from(statementLines)
    expect(line!.totalCents).toBe(9000 + 868)
  })

  it('an approval carries the version staff saw: a closeout returned and sent again since is refused, nothing posted', async () => {
    const bookingId = await confirmedBooking()
    await submitCloseout(ana.userId, bookingId, completed({ mileageTenths: 0 }), anaActor())
    // Staff open it: $90.00 of pay.
    const opened = (await staffCloseout(bookingId))!
    expect(opened.price.pay.totalCents).toBe(9000)
    // Meanwhile another staff member returns it and the interpreter sends it again, inflated.
    expect(await returnCloseout(bookingId, 'Please add your mileage.', staff)).toBe('done')
    expect(
      await submitCloseout(
        ana.userId,
        bookingId,
        completed({
          actualStart: new Date(BOOKED_START.getTime() - 14 * 3_600_000),
          actualEnd: BOOKED_END,
          mileageTenths: 9_999,
        }),
        anaActor(),
      ),
    ).toBe('submitted')
    const current = (await staffCloseout(bookingId))!
    expect(current.closeout.version).not.toBe(opened.closeout.version)

    // The first reviewer approves what they saw: refused, nothing posted.
    expect(await approveCloseout(bookingId, { version: opened.closeout.version }, staff)).toBe(
      'changed',
    )
    expect(await test.db.select().from(statementLines)).toHaveLength(0)
    expect(await test.db.select().from(invoiceLines)).toHaveLength(0)
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout!.status).toBe('submitted')
    // Approving what is there now, seen, posts it.
    expect(await approveCloseout(bookingId, { version: current.closeout.version }, staff)).toBe(
      'done',
    )
    const [line] = await test.db.select().from(statementLines)
    expect(line!.totalCents).toBe(current.price.pay.totalCents)
  })

  it('a late cancellation is closed out as one, without times to type', async () => {
    const bookingId = await confirmedBooking({ status: 'cancelled' })
    await test.db.update(bookings).set({ lateCancellation: true }).where(eq(bookings.id, bookingId))
    const form = await closeoutFormOf(ana.userId, bookingId)
    expect(form).toMatchObject({ lateCancelled: true, editable: true })
    const lateContext = { ...context(), lateCancelled: true }
    const wrong = closeoutSchema(lateContext).safeParse({ outcome: 'completed' })
    expect(wrong.success).toBe(false)
    const result = await closeoutFromRequest(closeoutRequest({ outcome: 'late_cancellation' }), {
      userId: ana.userId,
      bookingId,
      actor: anaActor(),
      context: lateContext,
      bookedTimes: { start: BOOKED_START, end: BOOKED_END },
    })
    expect(result.outcome).toBe('submitted')
    const [closeout] = await test.db.select().from(closeouts)
    expect(closeout!.actualStart.toISOString()).toBe(BOOKED_START.toISOString())
  })

  it('reminds once at the end and once a day later, and alerts staff once when overdue, with two instances running', async () => {
    const bookingId = await confirmedBooking()
    const remindersOf = (template: string) =>
      test.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.template, template), eq(mailOutbox.reference, `closeout:${bookingId}`)),
        )
    const runTwice = () =>
      Promise.all([runCloseoutReminders(test.db), runCloseoutReminders(test.db)])

    setClock(() => hoursAfterEnd(0.5))
    expect((await runTwice()).reduce((a, b) => a + b)).toBe(1)
    await runTwice()
    const [first] = await remindersOf('closeout-reminder')
    expect(first!.toAddress).toBe(ana.email)
    expect(first!.text).toContain(`/interpreter/assignments/${bookingId}/closeout`)
    expect(await remindersOf('closeout-reminder')).toHaveLength(1)

    setClock(() => hoursAfterEnd(25))
    await runTwice()
    expect(await remindersOf('closeout-second-reminder')).toHaveLength(1)

    setClock(() => hoursAfterEnd(49))
    await runTwice()
    const overdue = await remindersOf('closeout-overdue')
    expect(overdue).toHaveLength(1)
    expect(overdue[0]!.toAddress).toBe('billing@lang.example')
    expect(await test.db.select().from(closeoutReminders)).toHaveLength(3)
  })

  it('a late run sends only what is still relevant, and nothing once the closeout came', async () => {
    const lateId = await confirmedBooking()
    const sentId = await confirmedBooking({ localTime: '08:00' })
    setClock(() => hoursAfterEnd(50))
    await submitCloseout(
      ana.userId,
      sentId,
      completed({
        actualStart: new Date('2026-05-12T12:00:00Z'),
        actualEnd: new Date('2026-05-12T13:00:00Z'),
      }),
      anaActor(),
    )
    await runCloseoutReminders(test.db)
    const mails = await test.db.select().from(mailOutbox)
    const closeoutMails = mails.filter((mail) => mail.template.startsWith('closeout'))
    expect(closeoutMails.map((mail) => [mail.template, mail.reference])).toEqual([
      ['closeout-overdue', `closeout:${lateId}`],
    ])
  })
})
