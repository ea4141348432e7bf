import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientInvoices,
  invoicePayments,
  mailOutbox,
  users,
} from '../../db/schema'
import { invoiceNumber } from '../../app/domain/billing'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { toCsv } from '../../app/lib/http/csv'
import { receivablesCsvColumns } from '../../app/lib/billing/receivables-csv'
import { invoiceView } from '../../app/lib/billing/invoice-display'
import {
  paymentsOf,
  recordInvoicePayment,
  type NewPayment,
} from '../../app/models/billing/invoice-payments.server'
import { sendInvoice, staffInvoice } from '../../app/models/billing/invoices.server'
import {
  organizationBilling,
  setOrganizationBilling,
} from '../../app/models/billing/organization-billing.server'
import {
  receivables,
  runOverdueInvoiceReminders,
} from '../../app/models/billing/receivables.server'
import { clientContextOf } from '../../app/models/organizations.server'
import { findUserByEmail } from '../../app/models/users.server'
import { createDispatchInterpreter } from '../support/booking-fixtures'
import {
  createApprovedAssignment,
  emptyBillingWorld,
  invoiceIdOf,
} from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

/**
 * Accounts receivable (docs/product.md#accounts-receivable): invoice numbers without gaps,
 * due dates from the organization's terms, payments that never pass the balance (however
 * many staff record at once), ageing, and the overdue reminder sent once.
 */
describe.each(testDatabaseKinds())('accounts receivable on %s', (kind) => {
  let staff: Actor
  let otherStaff: Actor
  let riverside: { organizationId: string; requesterId: string }
  let harbor: { organizationId: string }
  let interpreterId: string

  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())

  async function organization(name: string, email: string, role: 'manager' | 'requester') {
    await createOrganizationMember(
      { organizationName: name, name: email.split('@')[0]!, email, role },
      staff,
    )
    const user = (await findUserByEmail(email))!
    return { userId: user.id, organizationId: (await clientContextOf(user.id))!.organizationId }
  }

  beforeEach(async () => {
    await emptyBillingWorld(test.db, [authTokens, users])
    setClock(() => new Date('2026-04-02T15:00:00Z'))
    staff = await createStaffActor()
    otherStaff = { id: staff.id, name: 'Second Staff' }
    const manager = await organization('Riverside Clinic', 'mia@riverside.example', 'manager')
    const requester = await organization('Riverside Clinic', 'rex@riverside.example', 'requester')
    riverside = { organizationId: manager.organizationId, requesterId: requester.userId }
    harbor = await organization('Harbor Law', 'olga@harbor.example', 'manager')
    interpreterId = (
      await createDispatchInterpreter(test.db, staff, { firstName: 'Ana', lastName: 'Alvarez' })
    ).profileId
    await test.db.delete(mailOutbox)
    await test.db.delete(auditLog)
  })

  async function postWork(
    localDate: string,
    options: { organizationId?: string; minutes?: number; outcome?: 'late_cancellation' } = {},
  ) {
    const { bookingId } = await createApprovedAssignment(test.db, staff, {
      organizationId: riverside.organizationId,
      requestedById: riverside.requesterId,
      interpreterProfileId: interpreterId,
      localDate,
      ...options,
    })
    return invoiceIdOf(test.db, bookingId)
  }

  const pay = (amountCents: number, extra: Partial<NewPayment> = {}): NewPayment => ({
    amountCents,
    receivedOn: '2026-04-02',
    method: 'check',
    reference: 'Check 1001',
    ...extra,
  })
  const mails = (template: string) =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))

  it('numbers invoices without gaps, however many lines go on them', async () => {
    // Several lines on one invoice, and invoices of two organizations and two months.
    const first = await postWork('2026-03-04')
    expect(await postWork('2026-03-05')).toBe(first)
    await postWork('2026-03-06', { organizationId: harbor.organizationId })
    await postWork('2026-04-01')
    expect(await postWork('2026-03-09')).toBe(first)
    const numbers = (await test.db.select({ number: clientInvoices.number }).from(clientInvoices))
      .map((row) => row.number)
      .sort((a, b) => a - b)
    const start = numbers[0]!
    expect(numbers).toEqual([start, start + 1, start + 2])
  })

  it('numbers invoices made at the same moment without gaps or repeats', async () => {
    // Five postings at once: two on the same new invoice, three on new invoices of their own.
    const invoiceIds = await Promise.all([
      postWork('2026-01-05'),
      postWork('2026-01-06'),
      postWork('2026-02-05'),
      postWork('2026-01-07', { organizationId: harbor.organizationId }),
      postWork('2026-02-07', { organizationId: harbor.organizationId }),
    ])
    expect(invoiceIds[0]).toBe(invoiceIds[1])
    expect(new Set(invoiceIds).size).toBe(4)
    const numbers = (await test.db.select({ number: clientInvoices.number }).from(clientInvoices))
      .map((row) => row.number)
      .sort((a, b) => a - b)
    expect(numbers).toEqual([1, 2, 3, 4].map((offset) => numbers[0]! + offset - 1))
  })

  it('issues an invoice with a due date from the terms, and the PO and address it was sent with', async () => {
    const invoiceId = await postWork('2026-03-04')
    // An open invoice shows the organization's settings as they are now.
    expect((await staffInvoice(invoiceId))!.invoice).toMatchObject({
      issuedOn: null,
      dueOn: null,
      paymentTermsDays: 30,
      purchaseOrder: '',
    })
    await setOrganizationBilling(
      riverside.organizationId,
      {
        paymentTermsDays: 45,
        billingAddress: 'Accounts Payable\n1 River Rd',
        purchaseOrder: 'PO-2026-17',
      },
      staff,
    )
    expect((await organizationBilling(riverside.organizationId))!.paymentTermsDays).toBe(45)
    expect(await sendInvoice(invoiceId, staff)).toMatchObject({ outcome: 'sent' })
    // A later change does not rewrite the invoice sent.
    await setOrganizationBilling(
      riverside.organizationId,
      { paymentTermsDays: 30, billingAddress: 'Elsewhere', purchaseOrder: 'PO-NEW' },
      staff,
    )
    const sent = (await staffInvoice(invoiceId))!
    expect(sent.invoice).toMatchObject({
      issuedOn: '2026-04-02',
      dueOn: '2026-05-17',
      purchaseOrder: 'PO-2026-17',
      billingAddress: 'Accounts Payable\n1 River Rd',
    })
    const view = invoiceView(sent)
    expect(view.billing).toEqual([
      ['Issue date', '04/02/2026'],
      ['Due date', '05/17/2026'],
      ['Payment terms', 'Net 45'],
      ['PO / cost centre', 'PO-2026-17'],
      ['Bill to', 'Accounts Payable\n1 River Rd'],
    ])
    // Each line names who asked, who interpreted, language, modality and the rule.
    expect(view.lines[0]!.details).toEqual([
      'Spanish, On-site',
      'Requested by rex',
      'Interpreter: Ana',
    ])
    const audits = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organization_billing_updated'))
    expect(audits).toHaveLength(2)
  })

  it('says on the line when the minimum or a late cancellation applied', async () => {
    const invoiceId = await postWork('2026-03-04', { minutes: 60 })
    await postWork('2026-03-05', { outcome: 'late_cancellation' })
    const view = invoiceView((await staffInvoice(invoiceId))!)
    expect(view.lines.map((line) => line.details.at(-1))).toEqual([
      'Minimum applied (60 minutes worked)',
      'Late cancellation: billed at the minimum',
    ])
  })

  it('takes partial payments and a credit note, refuses more than the balance, and is paid at zero', async () => {
    const invoiceId = await postWork('2026-03-04')
    await sendInvoice(invoiceId, staff)
    const total = (await staffInvoice(invoiceId))!.invoice.totalCents
    expect(await recordInvoicePayment(invoiceId, pay(10_000), staff)).toEqual({
      outcome: 'recorded',
      balanceCents: total - 10_000,
      paid: false,
    })
    const over = await recordInvoicePayment(invoiceId, pay(total), staff)
    expect(over).toMatchObject({ outcome: 'refused', balanceCents: total - 10_000 })
    expect(over.outcome === 'refused' && over.message).toContain('more than the balance')
    expect(
      await recordInvoicePayment(
        invoiceId,
        pay(1_000, { method: 'credit_note', reference: 'Goodwill: late start' }),
        staff,
      ),
    ).toMatchObject({ outcome: 'recorded', balanceCents: total - 11_000, paid: false })
    expect((await staffInvoice(invoiceId))!.invoice.status).toBe('sent')
    expect(await mails('invoice-paid')).toEqual([])
    expect(await recordInvoicePayment(invoiceId, pay(total - 11_000), staff)).toEqual({
      outcome: 'recorded',
      balanceCents: 0,
      paid: true,
    })
    const paid = (await staffInvoice(invoiceId))!.invoice
    expect(paid).toMatchObject({ status: 'paid', paidCents: total })
    expect(paid.paidAt).not.toBeNull()
    expect((await paymentsOf(invoiceId)).map((row) => [row.method, row.amountCents])).toEqual([
      ['check', 10_000],
      ['credit_note', 1_000],
      ['check', total - 11_000],
    ])
    expect(await mails('invoice-paid')).toHaveLength(1)
    const audit = await test.db.select().from(auditLog).where(eq(auditLog.entityId, invoiceId))
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'invoice_credit_note',
      'invoice_payment',
      'invoice_payment',
      'invoice_sent',
    ])
  })

  it('never overpays when staff record payments at the same moment', async () => {
    const invoiceId = await postWork('2026-03-04')
    await sendInvoice(invoiceId, staff)
    const total = (await staffInvoice(invoiceId))!.invoice.totalCents
    // Each of five payments is 40% of the total: at most two fit.
    const share = Math.floor(total * 0.4)
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        recordInvoicePayment(
          invoiceId,
          pay(share, { reference: `Check ${index}` }),
          index % 2 ? otherStaff : staff,
        ),
      ),
    )
    expect(results.filter((result) => result.outcome === 'recorded')).toHaveLength(2)
    expect(results.filter((result) => result.outcome === 'refused')).toHaveLength(3)
    const rows = await test.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoiceId))
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(share * 2)
    expect((await staffInvoice(invoiceId))!.invoice.status).toBe('sent')
  })

  it('ages open balances per organization and exports them with formulas neutralised', async () => {
    // Riverside: March invoice sent on 2 April (net 30: due 2 May); Harbor: on 2 April too.
    const march = await postWork('2026-03-04')
    const harborInvoice = await postWork('2026-03-05', { organizationId: harbor.organizationId })
    await setOrganizationBilling(
      harbor.organizationId,
      { paymentTermsDays: 0, billingAddress: '', purchaseOrder: '' },
      staff,
    )
    await sendInvoice(march, staff)
    await sendInvoice(harborInvoice, staff)
    await recordInvoicePayment(march, pay(5_000), staff)
    const marchTotal = (await staffInvoice(march))!.invoice.totalCents
    const harborTotal = (await staffInvoice(harborInvoice))!.invoice.totalCents

    // On 20 May: Riverside is 18 days past due; Harbor (due on receipt, 2 April) 48.
    const aged = await receivables('2026-05-20')
    expect(
      aged.organizations.map((entry) => [
        entry.organizationName,
        entry.days1to30,
        entry.days31to60,
        entry.totalCents,
      ]),
    ).toEqual([
      ['Harbor Law', 0, harborTotal, harborTotal],
      ['Riverside Clinic', marchTotal - 5_000, 0, marchTotal - 5_000],
    ])
    expect(aged.totals.totalCents).toBe(harborTotal + marchTotal - 5_000)
    expect((await receivables('2026-04-10')).organizations[1]!.current).toBe(marchTotal - 5_000)

    // A name typed as a formula is not run by a spreadsheet.
    const csv = toCsv(
      [{ ...aged.totals, organizationName: '=HYPERLINK("x")', invoiceCount: 1 }],
      receivablesCsvColumns,
    )
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFOrganization,Open invoices,Current (USD),1-30 days (USD),31-60 days (USD),61-90 days (USD),Over 90 days (USD),Open balance (USD)',
    )
    expect(csv.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""x""\)",1,/)

    // Paid in full: nothing owed.
    await recordInvoicePayment(harborInvoice, pay(harborTotal), staff)
    expect(
      (await receivables('2026-05-20')).organizations.map((entry) => entry.organizationName),
    ).toEqual(['Riverside Clinic'])
  })

  it('reminds the managers once, a week after the due date, and never about a paid invoice', async () => {
    const march = await postWork('2026-03-04')
    const harborInvoice = await postWork('2026-03-05', { organizationId: harbor.organizationId })
    await sendInvoice(march, staff)
    await sendInvoice(harborInvoice, staff)
    const harborTotal = (await staffInvoice(harborInvoice))!.invoice.totalCents
    await recordInvoicePayment(harborInvoice, pay(harborTotal), staff)

    // Due 2 May; the reminder waits until 9 May.
    setClock(() => new Date('2026-05-08T15:00:00Z'))
    expect(await runOverdueInvoiceReminders(test.db)).toBe(0)
    setClock(() => new Date('2026-05-09T15:00:00Z'))
    // Two instances at the same moment: one reminder.
    const runs = await Promise.all([
      runOverdueInvoiceReminders(test.db),
      runOverdueInvoiceReminders(test.db),
    ])
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1)
    expect(await runOverdueInvoiceReminders(test.db)).toBe(0)
    const reminders = await mails('invoice-overdue')
    expect(reminders.map((mail) => mail.toAddress)).toEqual(['mia@riverside.example'])
    const number = invoiceNumber(
      (
        await test.db
          .select({ n: clientInvoices.number })
          .from(clientInvoices)
          .where(eq(clientInvoices.id, march))
      )[0]!.n,
    )
    expect(reminders[0]!.subject).toContain(`Overdue: invoice ${number}`)
    expect(reminders[0]!.text).toContain(`https://lang.example/client/invoices/${march}`)
  })
})
