import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientInvoices,
  clientMemberships,
  invoiceLines,
  mailOutbox,
  organizations,
  storedFiles,
  translationQuoteFiles,
  translationQuotes,
  users,
} from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import { detectQuoteFileType } from '../../app/lib/uploads/quote-file.server'
import { clientContextOf } from '../../app/models/organizations.server'
import {
  clientQuote,
  clientQuoteFile,
  listClientQuotes,
} from '../../app/models/quotes/client-views.server'
import { decideQuote } from '../../app/models/quotes/decision.server'
import { addQuoteDelivery, markQuoteDelivered } from '../../app/models/quotes/delivery.server'
import { priceQuote } from '../../app/models/quotes/pricing.server'
import { flatFeePricing } from '../../app/domain/quote-pricing'
import { requestQuote, type NewQuoteFile } from '../../app/models/quotes/request.server'
import type { QuoteViewer } from '../../app/models/quotes/rows.server'
import { QuoteRuleError } from '../../app/models/quotes/rules.server'
import { listQuotes, staffQuote } from '../../app/models/quotes/staff-views.server'
import { findUserByEmail } from '../../app/models/users.server'
import {
  organizationStorageUsed,
  StorageQuotaError,
} from '../../app/models/organization-storage.server'
import {
  compoundFile,
  docxDocument,
  pdfDocument,
  zipArchive,
  zipBomb,
} from '../support/document-fixtures'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { startTestRuntime, type TestRuntime } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'
import { createOrganizationMember } from '../support/organization-fixtures'

const at = (date: string) => new Date(`${date}T15:00:00Z`)

/** The client's answer, with the price their page showed (in cents). */
const accept = (priceCents: number) => ({ decision: 'accept' as const, priceCents })
const decline = (priceCents: number) => ({ decision: 'decline' as const, priceCents })

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`

function officeDocument(part: string, type: string) {
  return zipArchive({
    '[Content_Types].xml': contentTypes(part, type),
    '_rels/.rels': '<?xml version="1.0"?><Relationships/>',
    [part]: '<?xml version="1.0"?><root/>',
  })
}

const xlsx = () =>
  officeDocument(
    'xl/workbook.xml',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  )
const pptx = () =>
  officeDocument(
    'ppt/presentation.xml',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  )

describe('detectQuoteFileType', () => {
  it.each([
    ['a PDF', pdfDocument(), 'pdf'],
    ['a DOCX', docxDocument(), 'docx'],
    ['an XLSX', xlsx(), 'xlsx'],
    ['a PPTX', pptx(), 'pptx'],
  ])('accepts %s by its content', async (_name, bytes, extension) => {
    expect((await detectQuoteFileType(bytes))?.extension).toBe(extension)
  })

  it.each([
    ['a plain zip', zipArchive({ 'notes.txt': 'hello' })],
    ['a Word 97-2003 file', compoundFile('WordDocument')],
    ['a zip bomb named .docx', zipBomb('word/document.xml', 300 * 1024 * 1024)],
    ['plain text', Buffer.from('Please translate me.')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', async (_name, bytes) => {
    expect(await detectQuoteFileType(bytes)).toBeUndefined()
  })
})

describe.each(testDatabaseKinds())('translation quotes on %s', (kind) => {
  let test: TestRuntime
  let staff: { id: string; name: string }
  let manager: QuoteViewer & { id: string; name: string }
  let requester: QuoteViewer & { id: string; name: string }
  let colleague: QuoteViewer & { id: string; name: string }
  let outsider: QuoteViewer & { id: string; name: string }

  beforeAll(async () => {
    // A quota of one mebibyte, so that a few files fill it.
    test = await startTestRuntime(kind, {
      env: { SITE_URL: 'https://lang.example', ORGANIZATION_STORAGE_QUOTA_MB: '1' },
    })
  })
  afterAll(() => test.stop())
  afterEach(() => setClock())

  async function member(organizationName: string, email: string, role: 'manager' | 'requester') {
    await createOrganizationMember(
      { organizationName, name: email.split('@')[0]!, email, role },
      staff,
    )
    const user = (await findUserByEmail(email))!
    const context = (await clientContextOf(user.id))!
    return {
      id: user.id,
      userId: user.id,
      name: user.name,
      organizationId: context.organizationId,
      role,
    }
  }

  beforeEach(async () => {
    await emptyTables(test.db, [
      // A delivered quote is billed: its invoice line goes first.
      invoiceLines,
      clientInvoices,
      translationQuoteFiles,
      translationQuotes,
      storedFiles,
      clientMemberships,
      organizations,
      mailOutbox,
      auditLog,
      authTokens,
      users,
    ])
    setClock(() => at('2027-03-01'))
    staff = await createStaffActor()
    manager = await member('Harbor Law', 'mia@harbor.example', 'manager')
    requester = await member('Harbor Law', 'rex@harbor.example', 'requester')
    colleague = await member('Harbor Law', 'cy@harbor.example', 'requester')
    outsider = await member('Other Firm', 'olga@other.example', 'manager')
    await test.db.delete(mailOutbox)
  })

  const file = (name: string, bytes: Buffer = docxDocument()): NewQuoteFile => ({
    bytes,
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    originalName: name,
  })

  const request = (viewer: QuoteViewer & { id: string; name: string }) =>
    requestQuote(
      viewer,
      {
        sourceLanguage: 'English',
        targetLanguages: ['Spanish', 'French'],
        deadline: '2027-03-20',
        certified: true,
        purchaseOrder: 'PO-7',
        files: [file('contract.docx'), file('annex.docx')],
      },
      { id: viewer.userId, name: viewer.name },
    )

  const mails = (template: string) =>
    test.db.select().from(mailOutbox).where(eq(mailOutbox.template, template))

  it('request → price → accept → deliver, with the e-mails and audit entries', async () => {
    const quoteId = await request(requester)
    const [staffMail] = await mails('quote-requested')
    expect(staffMail?.toAddress).toBe(test.runtime.config.staffNotifyEmail)
    expect(staffMail?.text).toContain(`https://lang.example/admin/quotes/${quoteId}`)
    expect(staffMail?.text).toContain('English into Spanish, French')
    const requested = await clientQuote(quoteId, requester)
    expect(requested?.quote).toMatchObject({ status: 'requested', certified: true })
    expect(requested?.sourceFiles.map((source) => source.originalName).sort()).toEqual([
      'annex.docx',
      'contract.docx',
    ])

    await priceQuote(quoteId, { pricing: flatFeePricing(125050), expiresOn: '2027-03-10' }, staff)
    const [priced] = await mails('quote-priced')
    expect(priced?.toAddress).toBe('rex@harbor.example')
    expect(priced?.text).toContain('$1,250.50')
    expect(priced?.text).toContain(`https://lang.example/client/quotes/${quoteId}`)

    expect(await decideQuote(quoteId, requester, accept(125050), requester)).toBe('accepted')
    // Staff are told the translation can start.
    const [acceptedMail] = await mails('quote-accepted')
    expect(acceptedMail?.text).toContain('accepted the translation quote at $1,250.50')
    expect(acceptedMail?.text).toContain(`https://lang.example/admin/quotes/${quoteId}`)
    await expect(markQuoteDelivered(quoteId, staff)).rejects.toThrow(
      'Please upload the translated files',
    )
    await addQuoteDelivery(quoteId, [file('contract-es.docx', Buffer.from(docxDocument()))], staff)
    // Not the client's to download before it is marked delivered.
    const deliveryId = (await staffQuote(quoteId))!.deliveryFiles[0]!.fileId
    expect(await clientQuoteFile(quoteId, deliveryId, requester)).toEqual({ state: 'missing' })
    expect((await clientQuote(quoteId, requester))?.deliveryFiles).toEqual([])

    await markQuoteDelivered(quoteId, staff)
    const [delivered] = await mails('quote-delivered')
    expect(delivered?.toAddress).toBe('rex@harbor.example')
    const done = await clientQuote(quoteId, requester)
    expect(done?.quote.status).toBe('delivered')
    expect(done?.deliveryFiles.map((delivery) => delivery.originalName)).toEqual([
      'contract-es.docx',
    ])
    const access = await clientQuoteFile(quoteId, deliveryId, requester)
    expect(access.state).toBe('found')
    if (access.state === 'found') {
      const body = await test.runtime.storage.get(access.file.storageKey)
      const bytes = Buffer.from(await new Response(body).arrayBuffer())
      expect(bytes.equals(docxDocument())).toBe(true)
    }

    const actions = (
      await test.db.select().from(auditLog).where(eq(auditLog.entityId, quoteId))
    ).map((entry) => entry.action)
    expect(actions.sort()).toEqual(
      [
        'quote_accepted',
        'quote_delivered',
        'quote_delivery_uploaded',
        'quote_priced',
        'quote_requested',
      ].sort(),
    )
    await expect(addQuoteDelivery(quoteId, [file('late.docx')], staff)).rejects.toThrow(
      QuoteRuleError,
    )
  })

  it('prices as lines: the lines are stored with the price, the total is their sum, pricing again replaces them', async () => {
    const quoteId = await request(requester)
    const total = await priceQuote(
      quoteId,
      {
        pricing: {
          lines: [
            {
              kind: 'per_word',
              description: 'Spanish, certified',
              quantity: 1200,
              unitAmount: 1250,
            },
            { kind: 'per_page', description: 'Formatting', quantity: 3, unitAmount: 500 },
          ],
          minimumCents: 25_000,
          rushPercent: 25,
        },
        expiresOn: '2027-03-10',
      },
      staff,
    )
    expect(total).toBe(31_250)
    const priced = (await clientQuote(quoteId, requester))!
    expect(priced.quote.priceCents).toBe(31_250)
    expect(priced.priceLines).toEqual([
      {
        kind: 'per_word',
        description: 'Spanish, certified',
        quantity: 1200,
        unitAmount: 1250,
        amountCents: 15_000,
      },
      {
        kind: 'per_page',
        description: 'Formatting',
        quantity: 3,
        unitAmount: 500,
        amountCents: 1_500,
      },
      {
        kind: 'minimum',
        description: 'Minimum fee',
        quantity: null,
        unitAmount: null,
        amountCents: 8_500,
      },
      {
        kind: 'rush',
        description: 'Rush (25%)',
        quantity: null,
        unitAmount: null,
        amountCents: 6_250,
      },
    ])
    expect(priced.priceLines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(
      priced.quote.priceCents,
    )
    expect((await staffQuote(quoteId))!.priceLines).toEqual(priced.priceLines)
    // The client's e-mail lists the lines and the total.
    const [mail] = await mails('quote-priced')
    expect(mail?.text).toContain('Spanish, certified (1,200 words × $0.1250): $150.00')
    expect(mail?.text).toContain('Rush (25%) (Surcharge for a rush deadline): $62.50')
    expect(mail?.text).toContain('Total: $312.50')
    const [audit] = await test.db.select().from(auditLog).where(eq(auditLog.action, 'quote_priced'))
    expect(audit?.after).toMatchObject({ priceCents: 31_250, lines: priced.priceLines })

    // Priced again: one flat fee replaces the four lines.
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-12' }, staff)
    const again = (await clientQuote(quoteId, requester))!
    expect(again.quote.priceCents).toBe(9900)
    expect(again.priceLines).toEqual([
      {
        kind: 'flat',
        description: 'Translation',
        quantity: 1,
        unitAmount: 9900,
        amountCents: 9900,
      },
    ])
    // Another quote's lines are its own.
    const other = await request(requester)
    expect((await clientQuote(other, requester))!.priceLines).toEqual([])
  })

  it('refuses a price of no lines, or a total of nothing or past the typo guard, and writes nothing', async () => {
    const quoteId = await request(requester)
    const refused = [
      { lines: [], minimumCents: null, rushPercent: null },
      flatFeePricing(0),
      { ...flatFeePricing(99_999_999), rushPercent: 1 },
    ]
    for (const pricing of refused)
      await expect(
        priceQuote(quoteId, { pricing, expiresOn: '2027-03-10' }, staff),
      ).rejects.toThrow(QuoteRuleError)
    const unpriced = (await clientQuote(quoteId, requester))!
    expect(unpriced.quote).toMatchObject({ status: 'requested', priceCents: null })
    expect(unpriced.priceLines).toEqual([])
  })

  it('a declined quote cannot be accepted or priced afterwards', async () => {
    const quoteId = await request(requester)
    await expect(decideQuote(quoteId, requester, accept(9900), requester)).rejects.toThrow(
      'This quote has no price yet.',
    )
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-05' }, staff)
    expect(
      await decideQuote(
        quoteId,
        manager,
        { ...decline(9900), reason: '  Over our budget this quarter.  ' },
        manager,
      ),
    ).toBe('declined')
    // The reason is kept (trimmed), shown to staff and e-mailed to them.
    expect((await staffQuote(quoteId))?.quote.declineReason).toBe('Over our budget this quarter.')
    const [declinedMail] = await mails('quote-declined')
    expect(declinedMail?.text).toContain('Reason: Over our budget this quarter.')
    await expect(decideQuote(quoteId, requester, accept(9900), requester)).rejects.toThrow(
      'This quote has already been answered.',
    )
    await expect(
      priceQuote(quoteId, { pricing: flatFeePricing(5000), expiresOn: '2027-03-09' }, staff),
    ).rejects.toThrow(QuoteRuleError)
    expect((await staffQuote(quoteId))?.quote.status).toBe('declined')
  })

  it('refuses an accept after the price expired; a new price can be accepted', async () => {
    const quoteId = await request(requester)
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-05' }, staff)
    // The day after the expiry date.
    setClock(() => at('2027-03-06'))
    await expect(decideQuote(quoteId, requester, accept(9900), requester)).rejects.toThrow(
      'This price has expired.',
    )
    expect((await staffQuote(quoteId))?.quote.status).toBe('priced')
    await priceQuote(quoteId, { pricing: flatFeePricing(10900), expiresOn: '2027-03-12' }, staff)
    expect(await decideQuote(quoteId, requester, accept(10900), requester)).toBe('accepted')
    expect((await staffQuote(quoteId))?.quote.priceCents).toBe(10900)
  })

  it('accepts on the expiry date itself', async () => {
    const quoteId = await request(requester)
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-05' }, staff)
    setClock(() => at('2027-03-05'))
    expect(await decideQuote(quoteId, requester, accept(9900), requester)).toBe('accepted')
  })

  it('a double accept, even at once, is accepted once', async () => {
    const quoteId = await request(requester)
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-05' }, staff)
    const outcomes = await Promise.allSettled([
      decideQuote(quoteId, requester, accept(9900), requester),
      decideQuote(quoteId, manager, accept(9900), manager),
    ])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.find((outcome) => outcome.status === 'rejected')
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(QuoteRuleError)
    await expect(decideQuote(quoteId, requester, accept(9900), requester)).rejects.toThrow(
      'already been answered',
    )
    const accepts = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'quote_accepted'))
    expect(accepts).toHaveLength(1)
  })

  it('an accept binds to the price on the client’s page: priced again meanwhile, it is refused until the new price was seen', async () => {
    const quoteId = await request(requester)
    await priceQuote(quoteId, { pricing: flatFeePricing(9000), expiresOn: '2027-03-10' }, staff)
    // The client's page shows $90.00; staff price it again before the client answers.
    await priceQuote(
      quoteId,
      { pricing: flatFeePricing(99_999_999), expiresOn: '2027-03-10' },
      staff,
    )
    await expect(decideQuote(quoteId, requester, accept(9000), requester)).rejects.toThrow(
      'This quote was priced again at $999,999.99 after you opened it. Nothing was accepted:',
    )
    await expect(decideQuote(quoteId, manager, decline(9000), manager)).rejects.toThrow(
      'Nothing was declined',
    )
    expect((await staffQuote(quoteId))?.quote).toMatchObject({
      status: 'priced',
      priceCents: 99_999_999,
      decidedAt: null,
    })
    const answers = await test.db.select().from(auditLog).where(eq(auditLog.entityId, quoteId))
    expect(answers.map((entry) => entry.action).sort()).toEqual([
      'quote_priced',
      'quote_priced',
      'quote_requested',
    ])
    // Shown the new price, the client can accept it.
    expect(await decideQuote(quoteId, requester, accept(99_999_999), requester)).toBe('accepted')
  })

  it('a new price and an accept at the same moment: the quote is accepted only at the price the client saw', async () => {
    for (let round = 0; round < 4; round++) {
      const quoteId = await request(requester)
      await priceQuote(quoteId, { pricing: flatFeePricing(9000), expiresOn: '2027-03-10' }, staff)
      const [repriced, accepted] = await Promise.allSettled([
        priceQuote(quoteId, { pricing: flatFeePricing(12_000), expiresOn: '2027-03-10' }, staff),
        decideQuote(quoteId, requester, accept(9000), requester),
      ])
      // Exactly one of them went through, under the quote's row lock.
      expect([repriced.status, accepted.status].sort()).toEqual(['fulfilled', 'rejected'])
      const { quote } = (await staffQuote(quoteId))!
      if (accepted.status === 'fulfilled')
        expect(quote).toMatchObject({ status: 'accepted', priceCents: 9000 })
      else expect(quote).toMatchObject({ status: 'priced', priceCents: 12_000 })
    }
  })

  it('requesters see their own quotes, managers the organization’s, nobody another’s', async () => {
    const mine = await request(requester)
    const theirs = await request(colleague)
    const managers = await request(manager)
    const foreign = await request(outsider)

    const ids = async (viewer: QuoteViewer) =>
      (await listClientQuotes(viewer)).map((quote) => quote.id).sort()
    expect(await ids(requester)).toEqual([mine])
    expect(await ids(colleague)).toEqual([theirs])
    expect(await ids(manager)).toEqual([mine, theirs, managers].sort())
    expect(await ids(outsider)).toEqual([foreign])

    expect(await clientQuote(theirs, requester)).toBeUndefined()
    expect(await clientQuote(mine, manager)).toBeDefined()
    expect(await clientQuote(foreign, manager)).toBeUndefined()
    expect(await clientQuote(mine, outsider)).toBeUndefined()

    // Another organization's id: nothing happens, as if it did not exist.
    await priceQuote(foreign, { pricing: flatFeePricing(100), expiresOn: '2027-03-05' }, staff)
    expect(await decideQuote(foreign, manager, accept(100), manager)).toBe('missing')
    expect(await decideQuote(theirs, requester, accept(9900), requester)).toBe('missing')
    expect((await staffQuote(foreign))?.quote.status).toBe('priced')

    // Files: another's is forbidden, an unknown one missing.
    const foreignFile = (await staffQuote(foreign))!.sourceFiles[0]!.fileId
    expect(await clientQuoteFile(foreign, foreignFile, manager)).toEqual({ state: 'forbidden' })
    const colleagueFile = (await staffQuote(theirs))!.sourceFiles[0]!.fileId
    expect(await clientQuoteFile(theirs, colleagueFile, requester)).toEqual({
      state: 'forbidden',
    })
    expect((await clientQuoteFile(theirs, colleagueFile, manager)).state).toBe('found')
    expect(await clientQuoteFile(mine, colleagueFile, requester)).toEqual({ state: 'missing' })
    expect(await clientQuoteFile(mine, '00000000-0000-4000-8000-000000000000', requester)).toEqual({
      state: 'missing',
    })

    // Staff see every quote, by status, newest first.
    const all = await listQuotes({ status: 'all', page: 1 })
    expect(all.total).toBe(4)
    expect(
      (await listQuotes({ status: 'priced', page: 1 })).items.map((quote) => quote.id),
    ).toEqual([foreign])
  })

  it('stores nothing when the transaction fails', async () => {
    const stored = async () => {
      const keys: string[] = []
      for await (const object of test.runtime.storage.list('quotes/')) keys.push(object.key)
      return keys.sort()
    }
    const before = await test.db.$count(storedFiles)
    const objectsBefore = await stored()
    await expect(
      requestQuote(
        { ...requester, organizationId: '00000000-0000-4000-8000-000000000000' },
        {
          sourceLanguage: 'English',
          targetLanguages: ['Spanish'],
          deadline: '2027-03-20',
          certified: false,
          purchaseOrder: null,
          files: [file('a.docx')],
        },
        { id: requester.userId, name: requester.name },
      ),
    ).rejects.toThrow()
    expect(await test.db.$count(storedFiles)).toBe(before)
    expect(await test.db.$count(translationQuotes)).toBe(0)
    expect(await stored()).toEqual(objectsBefore)
  })

  it('keeps an organization within its storage quota, even with ten uploads at once', async () => {
    const stored = async () => {
      const keys: string[] = []
      for await (const object of test.runtime.storage.list('quotes/')) keys.push(object.key)
      return keys
    }
    const ask = (viewer: typeof requester, kilobytes: number) =>
      requestQuote(
        viewer,
        {
          sourceLanguage: 'English',
          targetLanguages: ['Spanish'],
          deadline: '2027-03-20',
          certified: false,
          purchaseOrder: null,
          files: [file('scan.docx', Buffer.alloc(kilobytes * 1024, 0x20))],
        },
        { id: viewer.userId, name: viewer.name },
      )
    const objectsBefore = (await stored()).length
    // 300 KB each against one mebibyte: three fit, whoever comes first.
    const people = [requester, colleague, manager]
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => ask(people[index % 3]!, 300)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3)
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as Error] : [],
    )
    expect(refusals.every((error) => error instanceof StorageQuotaError)).toBe(true)
    expect(refusals[0]!.message).toBe(
      'These files would take your organization past its 1.0 MB of stored documents (900 KB in use). Nothing was stored. Please send fewer or smaller files, or contact us to make room.',
    )
    // The refused uploads left neither files nor rows.
    expect(await test.db.$count(translationQuotes)).toBe(3)
    expect(await test.db.$count(storedFiles)).toBe(3)
    expect(await stored()).toHaveLength(objectsBefore + 3)
    expect(await organizationStorageUsed(requester.organizationId)).toBe(900 * 1024)
    // Another organization has its own quota; what is left of this one still takes a file.
    await ask(outsider, 600)
    await ask(manager, 124)
    await expect(ask(manager, 1)).rejects.toBeInstanceOf(StorageQuotaError)
  })

  it('tells the managers when the requester has left', async () => {
    const quoteId = await request(requester)
    await test.db.update(users).set({ active: false }).where(eq(users.id, requester.userId))
    await priceQuote(quoteId, { pricing: flatFeePricing(9900), expiresOn: '2027-03-05' }, staff)
    expect((await mails('quote-priced')).map((mail) => mail.toAddress)).toEqual([
      'mia@harbor.example',
    ])
  })
})
