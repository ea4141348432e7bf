import { and, eq, gt } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  clientInvoices,
  interpreterStatements,
  invoiceLines,
  mailOutbox,
  rates,
  statementLines,
  users,
} from '../../db/schema'
import { createSession } from '../../app/auth/session.server'
import { statementPdfResponse } from '../../app/lib/billing/statement-pdf.server'
import {
  IN_FORCE_PAST_MESSAGE,
  officeDateTime,
  ratesFromValues,
  ratesSchema,
} from '../../app/lib/validation/rates'
import type { Actor } from '../../app/models/audit.server'
import {
  currentRates,
  rateInForce,
  RateRuleError,
  setRates,
} from '../../app/models/billing/rates.server'
import {
  approveStatement,
  listStatements,
  markStatementPaid,
  statementDownloadOfUser,
  statementForStaff,
  statementOfUser,
  statementsOfUser,
} from '../../app/models/billing/statements.server'
import { createUser } from '../../app/models/users.server'
import { setClock } from '../../app/platform/clock.server'
import { loader as accountingExport } from '../../app/routes/admin/accounting-export'
import {
  createDispatchInterpreter,
  createOrganization,
  type DispatchInterpreter,
} from '../support/booking-fixtures'
import { createApprovedAssignment, emptyBillingWorld } from '../support/billing-fixtures'
import { createStaffActor } from '../support/people-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe.each(testDatabaseKinds())('statements, rates and the accounting export on %s', (kind) => {
  let staff: Actor
  let organizationId: string
  let zoe: DispatchInterpreter
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  afterEach(() => setClock())
  beforeEach(async () => {
    await emptyBillingWorld(test.db)
    // The seeded rates stay; rates a test added go.
    await test.db.delete(rates).where(gt(rates.effectiveFrom, new Date('2000-01-02T00:00:00Z')))
    await test.db.delete(users)
    staff = await createStaffActor()
    // Friday 20 March 2026, 11:00 in New York.
    setClock(() => new Date('2026-03-20T15:00:00Z'))
    organizationId = await createOrganization(test.db, 'Riverside Clinic')
    zoe = await createDispatchInterpreter(test.db, staff, { firstName: 'Zoe', lastName: 'Ramirez' })
  })

  /** An approved closeout of a confirmed on-site booking on `localDate`: one statement line. */
  function approvedWork(
    localDate: string,
    options: { interpreter?: DispatchInterpreter; minutes?: number; mileageTenths?: number } = {},
  ) {
    return createApprovedAssignment(test.db, staff, {
      organizationId,
      interpreterProfileId: (options.interpreter ?? zoe).profileId,
      localDate,
      minutes: options.minutes,
      mileageTenths: options.mileageTenths,
    })
  }

  async function secondStaff(): Promise<Actor> {
    const user = await createUser({
      email: 'second@example.com',
      name: 'Sid Second',
      role: 'admin',
      password: 'a long staff password',
    })
    return { id: user.id, name: user.name }
  }

  it('approves a statement once when two staff approve it at the same moment', async () => {
    const line = await approvedWork('2026-03-03')
    const other = await secondStaff()
    const decisions = await Promise.all([
      approveStatement(line.statementId, staff),
      approveStatement(line.statementId, other),
    ])
    expect(decisions.filter((decision) => decision.outcome === 'done')).toHaveLength(1)
    expect(decisions).toContainEqual({ outcome: 'wrong-status', status: 'approved' })
    const audits = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'statement_approved'))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.entityId).toBe(line.statementId)
    // Approving again later is refused the same way.
    expect(await approveStatement(line.statementId, staff)).toEqual({
      outcome: 'wrong-status',
      status: 'approved',
    })
    expect(await approveStatement('00000000-0000-4000-8000-000000000000', staff)).toEqual({
      outcome: 'missing',
    })
  })

  it('marks a statement paid only after it is approved, and e-mails the interpreter', async () => {
    const line = await approvedWork('2026-03-03', { minutes: 150, mileageTenths: 124 })
    expect(await markStatementPaid(line.statementId, staff)).toEqual({
      outcome: 'wrong-status',
      status: 'open',
    })
    const paidMails = () =>
      test.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'statement-paid'))
    expect(await paidMails()).toHaveLength(0)
    expect((await approveStatement(line.statementId, staff)).outcome).toBe('done')
    expect((await markStatementPaid(line.statementId, staff)).outcome).toBe('done')
    expect(await markStatementPaid(line.statementId, staff)).toEqual({
      outcome: 'wrong-status',
      status: 'paid',
    })
    const mails = await paidMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.toAddress).toBe(zoe.email)
    // 150 min × $0.75 = $112.50, 12.4 miles × $0.70 = $8.68.
    expect(mails[0]!.subject).toBe('Statement paid: March 1-15, 2026, $121.18')
    expect(mails[0]!.text).toContain(`https://lang.example/interpreter/payouts/${line.statementId}`)
    const detail = await statementForStaff(line.statementId)
    expect(detail!.statement).toMatchObject({
      status: 'paid',
      totalCents: 12118,
      approvedByName: 'Sam Staff',
      paidByName: 'Sam Staff',
    })
    const paidAudit = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'statement_paid'))
    expect(paidAudit).toHaveLength(1)
  })

  it('puts work approved after its statement was approved on the next period’s statement', async () => {
    const first = await approvedWork('2026-03-03')
    expect((await approveStatement(first.statementId, staff)).outcome).toBe('done')
    const late = await approvedWork('2026-03-10')
    expect(late.statementId).not.toBe(first.statementId)
    const [next] = await test.db
      .select()
      .from(interpreterStatements)
      .where(eq(interpreterStatements.id, late.statementId))
    expect(next).toMatchObject({ periodStart: '2026-03-16', periodEnd: '2026-03-31' })
    const approved = await statementForStaff(first.statementId)
    expect(approved!.lines.map((line) => line.id)).toEqual([first.id])
    expect(approved!.statement.totalCents).toBe(first.totalCents)
    // The list filters by period and status; totals are the lines' sums.
    const list = await listStatements({ periodStart: '2026-03-16', status: 'open', page: 1 })
    expect(list.items.map((item) => [item.id, item.totalCents, item.lineCount])).toEqual([
      [late.statementId, late.totalCents, 1],
    ])
    expect((await listStatements({ status: 'approved', page: 1 })).total).toBe(1)
  })

  it('keeps a statement’s lines and total when rates change; new work uses the new rate', async () => {
    const before = await approvedWork('2026-03-03', { minutes: 150 })
    const statementBefore = await statementForStaff(before.statementId)
    expect(before.rateUnits).toBe(7_500)
    const saved = await setRates(
      {
        modality: 'on_site',
        clientRateUnits: 12_000,
        interpreterRateUnits: 9_000,
        minimumMinutes: 120,
        mileageCentsPerMile: 70,
        travelClientRateUnits: 0,
        travelInterpreterRateUnits: 0,
        effectiveFrom: new Date('2026-03-20T15:00:00Z'),
      },
      staff,
    )
    expect((await currentRates()).on_site.id).toBe(saved.id)
    expect(await statementForStaff(before.statementId)).toEqual(statementBefore)
    // Work done after the change, closed out the day after.
    setClock(() => new Date('2026-03-26T15:00:00Z'))
    const after = await approvedWork('2026-03-25', { minutes: 150 })
    expect(after.rateUnits).toBe(9_000)
    expect(after.amountCents).toBe(13_500)
    // Work done before the change but approved after it keeps the old rate.
    const earlier = await approvedWork('2026-03-05', { minutes: 150 })
    expect(earlier.rateUnits).toBe(7_500)
    const audits = await test.db.select().from(auditLog).where(eq(auditLog.action, 'rates_set'))
    expect(audits).toHaveLength(1)
    expect(audits[0]!.after).toMatchObject({ modality: 'on_site', interpreterRateUnits: 9_000 })
  })

  it('refuses rates in force from a time in the past', async () => {
    const at = new Date('2026-03-20T15:00:00Z')
    const values = {
      modality: 'video',
      clientRate: '0.40',
      interpreterRate: '$0.2250',
      minimumMinutes: '30',
      mileageRate: '0',
    }
    const past = ratesSchema(at).safeParse({ ...values, effectiveFrom: '2026-03-20T09:00' })
    expect(past.success).toBe(false)
    expect(past.error!.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['effectiveFrom'], IN_FORCE_PAST_MESSAGE],
    ])
    await expect(
      setRates(
        {
          ...ratesFromValues(
            ratesSchema(at).parse({ ...values, effectiveFrom: '2026-03-21T09:00' }),
          ),
          effectiveFrom: new Date('2026-03-20T13:00:00Z'),
        },
        staff,
      ),
    ).rejects.toThrow(RateRuleError)
    // The form's own default (this minute, left open a few minutes) means now.
    const typed = ratesSchema(at).parse({ ...values, effectiveFrom: officeDateTime(at) })
    setClock(() => new Date('2026-03-20T15:04:30Z'))
    const saved = await setRates(ratesFromValues(typed), staff, 15 * 60_000)
    expect(saved.effectiveFrom.toISOString()).toBe('2026-03-20T15:04:30.000Z')
    expect(saved).toMatchObject({ clientRateUnits: 4_000, interpreterRateUnits: 2_250 })
    // A later start stays as typed, and the rate before it stays in force until then.
    const scheduled = ratesSchema(new Date('2026-03-20T15:04:30Z')).parse({
      ...values,
      interpreterRate: '0.3',
      effectiveFrom: '2026-04-01T00:00',
    })
    const later = await setRates(ratesFromValues(scheduled), staff)
    expect(later.effectiveFrom.toISOString()).toBe('2026-04-01T04:00:00.000Z')
    expect((await rateInForce(test.db, 'video', new Date('2026-03-31T12:00:00Z'))).id).toBe(
      saved.id,
    )
    expect((await rateInForce(test.db, 'video', new Date('2026-04-01T05:00:00Z'))).id).toBe(
      later.id,
    )
    // Amounts over the typo guard or with too many decimals are refused on their fields.
    const wrong = ratesSchema(at).safeParse({
      ...values,
      clientRate: '0.12345',
      interpreterRate: '150',
      minimumMinutes: '0',
      mileageRate: '0.705',
      effectiveFrom: '2026-03-21T09:00',
    })
    expect(wrong.error!.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'clientRate',
      'interpreterRate',
      'mileageRate',
      'minimumMinutes',
    ])
  })

  it('shows an interpreter their own statements only', async () => {
    const line = await approvedWork('2026-03-03')
    const other = await createDispatchInterpreter(test.db, staff, { firstName: 'Omar' })
    const otherLine = await approvedWork('2026-03-04', { interpreter: other })
    expect((await statementsOfUser(zoe.userId))!.map((statement) => statement.id)).toEqual([
      line.statementId,
    ])
    expect(await statementOfUser(zoe.userId, otherLine.statementId)).toBeUndefined()
    expect((await statementOfUser(zoe.userId, line.statementId))!.lines).toHaveLength(1)
    expect(await statementDownloadOfUser(zoe.userId, otherLine.statementId)).toBe('forbidden')
    expect(await statementDownloadOfUser(zoe.userId, '00000000-0000-4000-8000-000000000000')).toBe(
      'missing',
    )
    // A staff account has no interpreter profile: nothing at all.
    expect(await statementsOfUser(staff.id)).toBeUndefined()
  })

  it('draws the statement as a PDF with each assignment and the total', async () => {
    const line = await approvedWork('2026-03-03', { minutes: 150, mileageTenths: 124 })
    const response = await statementPdfResponse((await statementForStaff(line.statementId))!)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-')
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true })
    for (const expected of [
      'Pay statement',
      'March 1-15, 2026',
      'Open',
      'Zoe Ramirez',
      '03/03/2026',
      'Spanish, on-site, Riverside Clinic',
      '150',
      '$0.7500',
      '$112.50',
      '$8.68',
      '$121.18',
    ])
      expect(text).toContain(expected)
  })

  it('exports statement and invoice lines as CSV: sums right, formulas neutralised', async () => {
    const first = await approvedWork('2026-03-03', { minutes: 150, mileageTenths: 124 })
    await approvedWork('2026-03-10', { minutes: 60 })
    await approvedWork('2026-04-02', { minutes: 60 })
    await test.db
      .update(statementLines)
      .set({ description: '=HYPERLINK("https://evil.example","Click")' })
      .where(eq(statementLines.id, first.id))
    const cookie = (await createSession(staff.id)).split(';')[0]!
    const exportCsv = async (query: string) =>
      (await accountingExport({
        request: new Request(`https://lang.example/admin/accounting-export?${query}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      } as unknown as Parameters<typeof accountingExport>[0])) as Response

    const response = await exportCsv('from=2026-03-01&to=2026-03-15')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const rows = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(rows[0]).toBe(
      'Type,Document,Period,Party,Status,Work date,Description,Minutes,Rate per minute (USD),Amount (USD),Travel and expenses (USD),Total (USD)',
    )
    // March 1-15 statement (two lines) and the March invoice (the same two); April is out.
    expect(rows).toHaveLength(5)
    expect(rows[1]).toBe(
      `statement,"March 1-15, 2026","March 1-15, 2026",Zoe Ramirez,Open,2026-03-03,"'=HYPERLINK(""https://evil.example"",""Click"")",150,0.7500,112.50,8.68,121.18`,
    )
    const lineTotals = rows.slice(1).map((row) => Number(row.split(',').at(-1)))
    const statementTotal = lineTotals.slice(0, 2).reduce((sum, value) => sum + value, 0)
    const detail = await statementForStaff(first.statementId)
    expect(Math.round(statementTotal * 100)).toBe(detail!.statement.totalCents)
    const [invoice] = await test.db
      .select()
      .from(clientInvoices)
      .where(
        and(
          eq(clientInvoices.organizationId, organizationId),
          eq(clientInvoices.periodStart, '2026-03-01'),
        ),
      )
    const invoiceRows = rows.filter((row) => row.startsWith('invoice,'))
    expect(invoiceRows).toHaveLength(2)
    expect(invoiceRows[0]).toContain(`INV-${String(invoice!.number).padStart(6, '0')}`)
    const invoiceCents = (
      await test.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id))
    ).reduce((sum, line) => sum + line.totalCents, 0)
    expect(
      Math.round(
        invoiceRows.map((row) => Number(row.split(',').at(-1))).reduce((a, b) => a + b, 0) * 100,
      ),
    ).toBe(invoiceCents)
    const audits = await test.db.select().from(auditLog).where(eq(auditLog.action, 'export'))
    expect(audits[0]!.after).toEqual({ from: '2026-03-01', to: '2026-03-15', rows: 4 })

    for (const query of ['from=2026-03-01', 'from=2026-02-30&to=2026-03-15', 'from=x&to=y']) {
      const refused = await exportCsv(query)
      expect(refused.status, query).toBe(400)
      expect(await refused.text()).toMatch(/Please choose/)
    }
    const reversed = await exportCsv('from=2026-03-15&to=2026-03-01')
    expect(reversed.status).toBe(400)
    expect(await reversed.text()).toBe('The last day must not be before the first day.')
  })
})
