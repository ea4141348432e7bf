/**
 * Renders a sample pay statement and invoice through the code that draws the real ones
 * (`statementDocument`, `invoiceDocument`) to PDF and, with poppler's pdftoppm, to PNG pages
 * under docs/screenshots/billing/, so the layout can be looked at as images: a personal pay
 * rate, a contract's rush premium as its own row, the due date and the PO.
 * Run: npx tsx scripts/render-billing-pdfs.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { renderBillingDocumentPdf } from '../app/lib/billing/billing-document-pdf.server'
import { invoiceDocument } from '../app/lib/billing/invoice-pdf.server'
import { statementDocument } from '../app/lib/billing/statement-pdf.server'

const company = {
  name: 'Example Language Services',
  phone: '+1 (512) 555-0142',
  email: 'info@example.com',
  address: '100 Example Street, Suite 200, Austin, TX 78701',
  website: 'https://languages.example',
}

const statement = statementDocument(
  {
    statement: {
      status: 'paid',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-15',
      approvedAt: new Date('2026-03-16T15:00:00Z'),
      paidAt: new Date('2026-03-20T15:00:00Z'),
      firstName: 'Zoë',
      lastName: 'Ramírez',
      email: 'zoe@example.org',
      totalCents: 12_750 + 868 + 1_000 + 1_200,
    },
    lines: [
      {
        workDate: '2026-03-04',
        description: 'Spanish, on-site, Riverside Clinic',
        minutes: 150,
        rateUnits: 8_500,
        rateSource: 'interpreter',
        amountCents: 12_750,
        mileageCents: 868,
        expensesCents: 0,
        travelMinutes: 40,
        travelTimeCents: 1_000,
        totalCents: 12_750 + 868 + 1_000,
      },
      {
        workDate: '2026-03-09',
        description: 'Spanish, video remote, Riverside Clinic (client no-show)',
        minutes: 60,
        rateUnits: 2_000,
        rateSource: 'default',
        amountCents: 1_200,
        mileageCents: 0,
        expensesCents: 0,
        travelMinutes: 0,
        travelTimeCents: 0,
        totalCents: 1_200,
      },
    ],
  },
  company,
)

const invoice = invoiceDocument(
  {
    invoice: {
      number: 'INV-000042',
      status: 'sent',
      organizationName: 'Riverside Clinic',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      sentAt: new Date('2026-04-01T15:00:00Z'),
      paidAt: null,
      issuedOn: '2026-04-01',
      dueOn: '2026-05-01',
      paymentTermsDays: 30,
      billingAddress: 'Accounts Payable\n1 River Road\nSpringfield, IL 62701',
      purchaseOrder: 'PO-7781',
      amountCents: 7_500 + 2_100,
      premiumCents: 1_875,
      travelCents: 800 + 2_250,
      totalCents: 7_500 + 1_875 + 800 + 2_250 + 2_100,
      paidCents: 5_000,
    },
    lines: [
      {
        workDate: '2026-03-04',
        description: 'Spanish, on-site interpreting',
        minutes: 75,
        rateUnits: 10_000,
        amountCents: 7_500,
        premiums: [{ kind: 'rush', percent: 25, cents: 1_875 }],
        travelCents: 800 + 2_250,
        travelMinutes: 45,
        totalCents: 7_500 + 1_875 + 800 + 2_250,
        requesterName: 'Mia Manager',
        interpreterFirstName: 'Zoë',
        language: 'Spanish',
        modality: 'on_site',
        outcome: 'completed',
        actualMinutes: 61,
        incrementMinutes: 15,
      },
      {
        workDate: '2026-03-09',
        description: 'Spanish, video remote interpreting (client no-show)',
        minutes: 60,
        rateUnits: 3_500,
        amountCents: 2_100,
        travelCents: 0,
        totalCents: 2_100,
        requesterName: 'Mia Manager',
        interpreterFirstName: 'Zoë',
        language: 'Spanish',
        modality: 'video',
        outcome: 'client_no_show',
        actualMinutes: 0,
      },
    ],
  },
  company,
)

const outputDir = path.resolve('docs/screenshots/billing')
mkdirSync(outputDir, { recursive: true })
for (const [name, document] of Object.entries({ statement, invoice })) {
  const pdfPath = path.join(mkdtempSync(path.join(tmpdir(), 'billing-')), `${name}.pdf`)
  writeFileSync(pdfPath, await renderBillingDocumentPdf(document))
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdfPath, path.join(outputDir, name)])
  console.log(`${name}: ${path.join(outputDir, `${name}.png`)}`)
}
