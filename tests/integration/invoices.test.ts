import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientInvoices,
  invoiceLines,
  mailOutbox,
  users,
} from '../../db/schema'
import type { CloseoutOutcome } from '../../app/domain/billing'
import { formatCents } from '../../app/domain/money'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import {
  clientInvoice,
  clientInvoicePdf,
  listClientInvoices,
  listInvoices,
  sendInvoice,
  staffInvoice,
  staffInvoicePdf,
  type InvoiceViewer,
} from '../../app/models/billing/invoices.server'
import { recordInvoicePayment } from '../../app/models/billing/invoice-payments.server'
import { clientBooking } from '../../app/models/bookings.server'
import { clientContextOf, type ClientContext } from '../../app/models/organizations.server'
import { decideQuote } from '../../app/models/quotes/decision.server'
import { addQuoteDelivery, markQuoteDelivered } from '../../app/models/quotes/delivery.server'
import { priceQuote } from '../../app/models/quotes/pricing.server'
import { flatFeePricing } from '../../app/domain/quote-pricing'
import { requestQuote } from '../../app/models/quotes/request.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import { docxDocument } from '../support/document-fixtures'
import {
  createApprovedAssignment,
  emptyBillingWorld,
  invoiceIdOf,
} from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'
import { createOrganizationMember } from '../support/organization-fixtures'

interface Member {
  actor: Actor
  email: string
  client: ClientContext
}

/** The PDF's text, with wrapped lines joined again. */
async function textOf(bytes: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  })
  return text.replace(/\s+/g, ' ')
}

describe.each(testDatabaseKinds())('client invoices on %s', (kind) => {
  let staff: Actor
  let otherStaff: Actor
  let manager: Member
  let requester: Member
  let outsider: Member
  let interpreterId: string

  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())

  async function member(organizationName: string, email: string, role: 'manager' | 'requester') {
    await createOrganizationMember(
      { organizationName, name: email.split('@')[0]!, email, role },
      staff,
    )
    const user = (await findUserByEmail(email))!
    return {
      actor: { id: user.id, name: user.name },
      email,
      client: (await clientContextOf(user.id))!,
    }
  }

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [authTokens, users])
    // 2 April 2026: March's work is done and its invoice is due.
    setClock(() => new Date('2026-04-02T15:00:00Z'))
    staff = await createStaffActor()
    otherStaff = { id: staff.id, name: 'Second Staff' }
    manager = await member('Riverside Clinic', 'mia@riverside.example', 'manager')
    requester = await member('Riverside Clinic', 'rex@riverside.example', 'requester')
    outsider = await member('Harbor Law', 'olga@harbor.example', 'manager')
    interpreterId = (
      await createDispatchInterpreter(test.db, staff, { firstName: 'Ana', lastName: 'Alvarez' })
    ).profileId
    await test.db.delete(mailOutbox)
    await test.db.delete(auditLog)
  })

  /** A closed-out on-site assignment of Riverside Clinic, approved: its line is on an invoice. */
  async function postWork(
    localDate: string,
    options: {
      organizationId?: string
      outcome?: CloseoutOutcome
      minutes?: number
      mileageTenths?: number
    } = {},
  ) {
    const { bookingId } = await createApprovedAssignment(test.db, staff, {
      organizationId: manager.client.organizationId,
      requestedById: requester.actor.id,
      interpreterProfileId: interpreterId,
      localDate,
      ...options,
    })
    return { bookingId, invoiceId: await invoiceIdOf(test.db, bookingId) }
  }

  const mails = (template: string) =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))
  const audits = (action: string) =>
    test.db.select().from(auditLog).where(eq(auditLog.action, action))
  const viewer = (who: Member): InvoiceViewer => who.client

  it("lists invoices by month and status with their lines' totals, and shows each line", async () => {
    const first = await postWork('2026-03-04', { minutes: 150, mileageTenths: 124 })
    await postWork('2026-03-20', { outcome: 'late_cancellation' })
    await postWork('2026-04-01')
    await postWork('2026-03-10', { organizationId: outsider.client.organizationId })

    const march = await listInvoices({ month: '2026-03', status: 'all', page: 1 })
    expect(march.total).toBe(2)
    const riverside = march.items.find((item) => item.id === first.invoiceId)!
    expect(riverside).toMatchObject({
      organizationName: 'Riverside Clinic',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      status: 'open',
      lineCount: 2,
    })
    expect(riverside.number).toMatch(/^INV-\d{6}$/)
    const detail = (await staffInvoice(first.invoiceId))!
    // 150 minutes at $1.1667 = $175.01; 12.4 miles at $0.70 = $8.68; the late cancellation
    // is the on-site minimum of 120 minutes, $140.00, with no travel.
    expect(detail.lines.map((line) => [line.workDate, line.description, line.totalCents])).toEqual([
      ['2026-03-04', 'Spanish, on-site interpreting', 17_501 + 868],
      ['2026-03-20', 'Spanish, on-site interpreting (late cancellation)', 14_000],
    ])
    expect(riverside.totalCents).toBe(17_501 + 868 + 14_000)
    expect(detail.invoice).toMatchObject({
      amountCents: 17_501 + 14_000,
      travelCents: 868,
      totalCents: 17_501 + 868 + 14_000,
    })
    expect((await listInvoices({ month: '2026-04', status: 'all', page: 1 })).total).toBe(1)
    expect((await listInvoices({ month: '', status: 'sent', page: 1 })).total).toBe(0)
    expect((await listInvoices({ month: '', status: 'open', page: 1 })).total).toBe(3)
  })

  it('sends once when two staff send at the same moment, e-mailing the PDF to the managers only', async () => {
    const { invoiceId } = await postWork('2026-03-04')
    // A second manager, and one who was removed: only current managers are e-mailed.
    const second = await member('Riverside Clinic', 'max@riverside.example', 'manager')
    const removed = await member('Riverside Clinic', 'ron@riverside.example', 'manager')
    await test.db.update(users).set({ active: false }).where(eq(users.id, removed.actor.id))

    const results = await Promise.all([
      sendInvoice(invoiceId, staff),
      sendInvoice(invoiceId, otherStaff),
    ])
    expect(results.map((result) => result.outcome).sort()).toEqual(['not-open', 'sent'])
    expect(results).toContainEqual({ outcome: 'not-open', status: 'sent' })
    expect(results).toContainEqual({ outcome: 'sent', recipients: 2 })

    const sent = await mails('invoice-sent')
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([second.email, manager.email].sort())
    const [toManager] = sent.filter((mail) => mail.toAddress === manager.email)
    const detail = (await staffInvoice(invoiceId))!
    expect(toManager!.subject).toBe(`Invoice ${detail.invoice.number} for March 2026: $175.01`)
    expect(toManager!.text).toContain(`https://lang.example/client/invoices/${invoiceId}`)
    const [attachment] = toManager!.attachments!
    expect(attachment).toMatchObject({
      filename: `${detail.invoice.number}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    })
    const bytes = Buffer.from(attachment!.content, 'base64')
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await textOf(bytes)
    expect(text).toContain(detail.invoice.number)
    expect(text).toContain('Riverside Clinic')
    expect(text).toContain('Spanish, on-site interpreting')
    expect(text).toContain('$175.01')
    expect(text).toContain('Sent')

    expect(detail.invoice).toMatchObject({ status: 'sent', sentByName: 'Sam Staff' })
    const [audit, ...others] = await audits('invoice_sent')
    expect(others).toEqual([])
    expect(audit).toMatchObject({ entityType: 'client_invoice', entityId: invoiceId })
    expect(audit!.after).toMatchObject({ status: 'sent', totalCents: 17_501, lines: 1 })
  })

  it('a line posted while the invoice is being sent is either on it, mailed and counted, or on the next one', async () => {
    const { invoiceId } = await postWork('2026-03-04')
    const [sent, late] = await Promise.all([sendInvoice(invoiceId, staff), postWork('2026-03-25')])
    expect(sent.outcome).toBe('sent')
    const march = (await staffInvoice(invoiceId))!
    const [audit] = await audits('invoice_sent')
    // What the e-mail and the audit entry say is what the sent invoice holds.
    expect(audit!.after).toMatchObject({
      lines: march.lines.length,
      totalCents: march.invoice.totalCents,
    })
    const [mail] = await mails('invoice-sent')
    expect(mail!.subject).toContain(formatCents(march.invoice.totalCents))
    if (late.invoiceId !== invoiceId)
      expect((await staffInvoice(late.invoiceId))!.invoice.periodStart).toBe('2026-04-01')
  })

  it('does not send an invoice with no lines', async () => {
    const [empty] = await test.db
      .insert(clientInvoices)
      .values({
        organizationId: manager.client.organizationId,
        periodStart: '2026-02-01',
        periodEnd: '2026-02-28',
      })
      .returning({ id: clientInvoices.id })
    expect(await sendInvoice(empty!.id, staff)).toEqual({ outcome: 'empty' })
    expect((await staffInvoice(empty!.id))!.invoice).toMatchObject({
      status: 'open',
      sentAt: null,
    })
    expect(await mails('invoice-sent')).toEqual([])
    expect(await audits('invoice_sent')).toEqual([])
    expect(await sendInvoice('00000000-0000-4000-8000-000000000000', staff)).toEqual({
      outcome: 'missing',
    })
  })

  it('is paid only after it was sent, once, by the payment of its whole balance', async () => {
    const { invoiceId } = await postWork('2026-03-04')
    const total = (await staffInvoice(invoiceId))!.invoice.totalCents
    const payment = {
      amountCents: total,
      receivedOn: '2026-04-02',
      method: 'ach' as const,
      reference: 'ACH 1',
    }
    expect(await recordInvoicePayment(invoiceId, payment, staff)).toEqual({ outcome: 'not-sent' })
    expect(await audits('invoice_payment')).toEqual([])
    await sendInvoice(invoiceId, staff)
    const results = await Promise.all([
      recordInvoicePayment(invoiceId, payment, staff),
      recordInvoicePayment(invoiceId, payment, otherStaff),
    ])
    expect(results).toContainEqual({ outcome: 'recorded', balanceCents: 0, paid: true })
    expect(results).toContainEqual({
      outcome: 'refused',
      message: 'This invoice has nothing left to pay.',
      balanceCents: 0,
    })
    const detail = (await staffInvoice(invoiceId))!
    expect(detail.invoice).toMatchObject({ status: 'paid', paidCents: total })
    expect(await audits('invoice_payment')).toHaveLength(1)
    // One receipt per manager, however many staff pressed the button.
    const receipts = await mails('invoice-paid')
    expect(receipts.map((mail) => mail.toAddress)).toEqual(
      (await mails('invoice-sent')).map((mail) => mail.toAddress),
    )
    expect(receipts[0]!.subject).toBe(`Payment received: invoice ${detail.invoice.number}`)
    expect(receipts[0]!.text).toContain(`https://lang.example/client/invoices/${invoiceId}`)
    expect(await sendInvoice(invoiceId, staff)).toEqual({ outcome: 'not-open', status: 'paid' })
  })

  it("puts a line posted after the month's invoice was sent on the next month's invoice", async () => {
    const march = await postWork('2026-03-04')
    await sendInvoice(march.invoiceId, staff)
    // A March assignment closed out late, after March's invoice went out.
    const late = await postWork('2026-03-30')
    expect(late.invoiceId).not.toBe(march.invoiceId)
    const april = (await staffInvoice(late.invoiceId))!
    expect(april.invoice).toMatchObject({ periodStart: '2026-04-01', status: 'open' })
    expect(april.lines.map((line) => line.workDate)).toEqual(['2026-03-30'])
    expect((await staffInvoice(march.invoiceId))!.lines).toHaveLength(1)
  })

  it("shows an organization's invoices to its managers only, and the PDF once sent", async () => {
    const { invoiceId, bookingId } = await postWork('2026-03-04')
    const other = await postWork('2026-03-05', { organizationId: outsider.client.organizationId })

    expect((await listClientInvoices(viewer(manager))).map((row) => row.id)).toEqual([invoiceId])
    expect(await listClientInvoices(viewer(requester))).toEqual([])
    expect((await listClientInvoices(viewer(outsider))).map((row) => row.id)).toEqual([
      other.invoiceId,
    ])
    expect((await clientInvoice(invoiceId, viewer(manager)))?.invoice.status).toBe('open')
    expect(await clientInvoice(invoiceId, viewer(requester))).toBeUndefined()
    expect(await clientInvoice(invoiceId, viewer(outsider))).toBeUndefined()

    // No PDF while the invoice is open; never one for a requester or another organization.
    expect(await clientInvoicePdf(invoiceId, viewer(manager))).toBe('missing')
    expect(await clientInvoicePdf(invoiceId, viewer(requester))).toBe('forbidden')
    expect(await clientInvoicePdf(invoiceId, viewer(outsider))).toBe('forbidden')
    expect(await clientInvoicePdf('00000000-0000-4000-8000-000000000000', viewer(manager))).toBe(
      'missing',
    )
    // The booking's timeline says Invoiced once its invoice is sent.
    const booking = () => clientBooking(bookingId, { actor: manager.actor, client: manager.client })
    expect((await booking())?.invoiced).toBe(false)

    await sendInvoice(invoiceId, staff)
    const pdf = await clientInvoicePdf(invoiceId, viewer(manager))
    if (typeof pdf === 'string') throw new Error(`no PDF: ${pdf}`)
    expect(pdf.filename).toMatch(/^INV-\d{6}\.pdf$/)
    expect(await textOf(pdf.bytes)).toContain('Riverside Clinic')
    expect(await clientInvoicePdf(invoiceId, viewer(requester))).toBe('forbidden')
    expect(await clientInvoicePdf(invoiceId, viewer(outsider))).toBe('forbidden')
    expect((await booking())?.invoiced).toBe(true)
    // Staff's PDF of an open invoice says it is not final.
    expect(await textOf((await staffInvoicePdf(other.invoiceId))!.bytes)).toContain(
      'Open (not final)',
    )
  })

  it('bills a delivered translation quote as a line at its accepted price', async () => {
    setClock(() => new Date('2026-03-10T15:00:00Z'))
    const who = { userId: requester.actor.id, ...requester.client }
    const quoteId = await requestQuote(
      who,
      {
        sourceLanguage: 'English',
        targetLanguages: ['Spanish'],
        deadline: '2026-03-30',
        certified: true,
        purchaseOrder: 'PO-77',
        files: [
          {
            bytes: docxDocument(),
            mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            extension: 'docx',
            originalName: 'consent.docx',
          },
        ],
      },
      requester.actor,
    )
    await priceQuote(quoteId, { pricing: flatFeePricing(48_250), expiresOn: '2026-03-20' }, staff)
    await decideQuote(quoteId, who, { decision: 'accept', priceCents: 48_250 }, requester.actor)
    await addQuoteDelivery(
      quoteId,
      [
        {
          bytes: docxDocument(),
          mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          extension: 'docx',
          originalName: 'consentimiento.docx',
        },
      ],
      staff,
    )
    await markQuoteDelivered(quoteId, staff)

    const [line] = await test.db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.quoteId, quoteId)))
    const detail = (await staffInvoice(line!.invoiceId))!
    expect(detail.invoice).toMatchObject({
      organizationName: 'Riverside Clinic',
      periodStart: '2026-03-01',
      totalCents: 48_250,
    })
    expect(detail.lines).toEqual([
      expect.objectContaining({
        workDate: '2026-03-10',
        description: 'Translation, English into Spanish (certified), PO PO-77',
        minutes: null,
        rateUnits: null,
        amountCents: 48_250,
        travelCents: 0,
        totalCents: 48_250,
      }),
    ])
    const text = await textOf((await staffInvoicePdf(line!.invoiceId))!.bytes)
    expect(text).toContain('Translation, English into Spanish (certified), PO PO-77')
    expect(text).toContain('$482.50')
  })
})
