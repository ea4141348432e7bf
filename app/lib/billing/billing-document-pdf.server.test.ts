import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { renderBillingDocumentPdf, type BillingDocument } from './billing-document-pdf.server'

const company = {
  name: 'Example Language Services',
  phone: '+1 (512) 555-0142',
  email: 'info@example.com',
  address: '100 Example Street, Suite 200, Austin, TX 78701',
  website: 'https://languages.example',
}

function invoice(rows: string[][], party = 'Riverside Clinic'): BillingDocument {
  return {
    title: 'Invoice',
    reference: 'INV-000042',
    status: 'Sent',
    company,
    party: { heading: 'Bill to', lines: [party] },
    facts: [['Period', 'March 2026']],
    columns: [
      { header: 'Date', share: 0.15 },
      { header: 'Description', share: 0.55 },
      { header: 'Amount', share: 0.3, align: 'right' },
    ],
    rows,
    totals: [['Total', '$350.00']],
    emptyText: 'Nothing yet.',
  }
}

async function textOf(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes)
  const { totalPages, text } = await extractText(pdf, { mergePages: true })
  return { totalPages, text }
}

describe('renderBillingDocumentPdf', () => {
  it('writes a PDF with the company identity, the lines and the total', async () => {
    const bytes = await renderBillingDocumentPdf(
      invoice([['2026-03-04', 'Spanish, on-site interpreting', '$233.34']]),
    )
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-')
    const { text } = await textOf(bytes)
    for (const expected of [
      'Example Language Services',
      '100 Example Street',
      'Invoice',
      'INV-000042',
      'Riverside Clinic',
      'Spanish, on-site interpreting',
      '$233.34',
      '$350.00',
    ])
      expect(text).toContain(expected)
  })

  it('prints names in other scripts as typed, and what the font lacks as "?"', async () => {
    const { text } = await textOf(
      await renderBillingDocumentPdf(invoice([], 'Zoë Ψυχή Клиника 李')),
    )
    expect(text).toContain('Zoë Ψυχή Клиника ?')
    expect(text).toContain('Nothing yet.')
  })

  it('continues a long table on further pages', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => [
      '2026-03-04',
      `Assignment ${index + 1}`,
      '$1.00',
    ])
    const { totalPages, text } = await textOf(await renderBillingDocumentPdf(invoice(rows)))
    expect(totalPages).toBeGreaterThan(1)
    expect(text).toContain('Assignment 80')
  })
})
