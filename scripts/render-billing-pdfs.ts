/**
 * Renders a sample pay statement and invoice to PDF and, with poppler's pdftoppm, to PNG
 * pages under docs/screenshots/billing/, so the layout can be looked at as images.
 * Run: npx tsx scripts/render-billing-pdfs.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  renderBillingDocumentPdf,
  type BillingDocument,
} from '../app/lib/billing/billing-document-pdf.server'

const company = {
  name: 'Example Language Services',
  phone: '+1 (512) 555-0142',
  email: 'info@example.com',
  address: '100 Example Street, Suite 200, Austin, TX 78701',
  website: 'https://languages.example',
}

const columns: BillingDocument['columns'] = [
  { header: 'Date', share: 0.12 },
  { header: 'Assignment', share: 0.36 },
  { header: 'Minutes', share: 0.1, align: 'right' },
  { header: 'Rate / min', share: 0.11, align: 'right' },
  { header: 'Amount', share: 0.1, align: 'right' },
  { header: 'Travel', share: 0.1, align: 'right' },
  { header: 'Total', share: 0.11, align: 'right' },
]

const samples: Record<string, BillingDocument> = {
  statement: {
    title: 'Pay statement',
    reference: 'March 1-15, 2026',
    status: 'Paid',
    company,
    party: { heading: 'Payee', lines: ['Zoë Ramírez', 'zoe@example.org'] },
    facts: [
      ['Period', 'March 1-15, 2026'],
      ['Approved', 'March 16, 2026'],
      ['Paid', 'March 20, 2026'],
    ],
    columns,
    rows: [
      [
        '2026-03-04',
        'Spanish, on-site, Riverside Clinic',
        '150',
        '$0.7500',
        '$112.50',
        '$23.80',
        '$136.30',
      ],
      [
        '2026-03-09',
        'Spanish, video remote, Riverside Clinic (client no-show)',
        '60',
        '$0.2000',
        '$12.00',
        '$0.00',
        '$12.00',
      ],
    ],
    totals: [
      ['Interpreting', '$124.50'],
      ['Mileage and expenses', '$23.80'],
      ['Total', '$148.30'],
    ],
    emptyText: 'No approved assignments in this period yet.',
    footnote: 'Amounts are rounded to the cent once per line; the total is the sum of the lines.',
  },
}
samples.invoice = {
  ...samples.statement!,
  title: 'Invoice',
  reference: 'INV-000042',
  status: 'Sent',
  party: { heading: 'Bill to', lines: ['Riverside Clinic', 'Attn: Carla Client'] },
  rows: [
    [
      '2026-03-04',
      'Spanish, on-site interpreting',
      '150',
      '$1.1667',
      '$175.01',
      '$23.80',
      '$198.81',
    ],
    [
      '2026-03-09',
      'Spanish, video remote interpreting (client no-show)',
      '60',
      '$0.3500',
      '$21.00',
      '$0.00',
      '$21.00',
    ],
  ],
  totals: [
    ['Interpreting and translation', '$196.01'],
    ['Travel and expenses', '$23.80'],
    ['Total', '$219.81'],
  ],
  facts: [
    ['Invoice number', 'INV-000042'],
    ['Period', 'March 2026'],
    ['Sent', 'April 1, 2026'],
  ],
}

const outputDir = path.resolve('docs/screenshots/billing')
mkdirSync(outputDir, { recursive: true })
for (const [name, document] of Object.entries(samples)) {
  const pdfPath = path.join(mkdtempSync(path.join(tmpdir(), 'billing-')), `${name}.pdf`)
  writeFileSync(pdfPath, await renderBillingDocumentPdf(document))
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, path.join(outputDir, name)])
  console.log(`${name}: ${path.join(outputDir, `${name}.png`)}`)
}
