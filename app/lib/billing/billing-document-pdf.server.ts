import { createRequire } from 'node:module'
import type { CompanyIdentity } from '../../domain/company'

/**
 * Pay statements and invoices as PDF, drawn with pdfkit (a maintained library; no PDF
 * syntax written by hand). The text font is DejaVu Sans (dejavu-fonts-ttf, a free licence:
 * docs/third-party.md), embedded so that names in Latin, Greek, Cyrillic, Hebrew or Arabic
 * script print as typed; a character the font lacks prints as "?" rather than as a wrong glyph.
 */

export interface DocumentColumn {
  header: string
  /** Share of the table's width; the shares of a table add up to 1. */
  share: number
  align?: 'left' | 'right'
}

export interface BillingDocument {
  /** "Pay statement", "Invoice". */
  title: string
  /** The document's reference: an invoice number or a period. */
  reference: string
  status: string
  company: CompanyIdentity
  /** Who the document is for: a heading ("Bill to", "Payee") and the lines under it. */
  party: { heading: string; lines: string[] }
  facts: [label: string, value: string][]
  columns: DocumentColumn[]
  rows: string[][]
  totals: [label: string, value: string][]
  /** Shown when there are no rows. */
  emptyText: string
  footnote?: string
}

const require = createRequire(import.meta.url)
const regularFont = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')
const boldFont = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')

const MARGIN = 50
const INK = '#1f2937'
const MUTED = '#4b5563'
const RULE = '#d1d5db'
const BRAND = '#1d4ed8'

/** Renders the document to PDF bytes. */
export async function renderBillingDocumentPdf(document: BillingDocument): Promise<Uint8Array> {
  // Loaded on first use: pdfkit and its font engine take about 25 MB that a server which
  // never draws a statement or an invoice need not hold.
  const { default: PDFDocument } = await import('pdfkit')
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `${document.title} ${document.reference}`,
      Author: document.company.name,
      Creator: document.company.name,
    },
  })
  pdf.registerFont('regular', regularFont)
  pdf.registerFont('bold', boldFont)
  const chunks: Buffer[] = []
  const finished = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', resolve)
    pdf.on('error', reject)
  })
  const printable = printableIn(pdf)

  drawHeader(pdf, document, printable)
  drawTable(pdf, document, printable)
  drawTotals(pdf, document, printable)
  if (document.footnote) {
    pdf.moveDown(2)
    pdf.font('regular').fontSize(8).fillColor(MUTED)
    pdf.text(printable(document.footnote), MARGIN, pdf.y, { width: contentWidth(pdf) })
  }
  pdf.end()
  await finished
  return new Uint8Array(Buffer.concat(chunks))
}

type Printable = (text: string) => string

/** Replaces what the embedded font cannot draw, so a name never prints as wrong glyphs. */
function printableIn(pdf: PDFKit.PDFDocument): Printable {
  pdf.font('regular')
  const font = (pdf as unknown as { _font: { font: { hasGlyphForCodePoint(c: number): boolean } } })
    ._font.font
  return (text) =>
    Array.from(text.normalize('NFC'), (character) => {
      const codePoint = character.codePointAt(0)!
      if (codePoint < 0x20) return ' '
      return font.hasGlyphForCodePoint(codePoint) ? character : '?'
    }).join('')
}

function contentWidth(pdf: PDFKit.PDFDocument): number {
  return pdf.page.width - MARGIN * 2
}

function drawHeader(pdf: PDFKit.PDFDocument, document: BillingDocument, printable: Printable) {
  const width = contentWidth(pdf)
  const half = width / 2
  const top = MARGIN
  pdf.font('bold').fontSize(16).fillColor(BRAND)
  pdf.text(printable(document.company.name), MARGIN, top, { width: half })
  pdf.font('regular').fontSize(9).fillColor(MUTED)
  for (const line of [document.company.address, document.company.phone, document.company.email])
    pdf.text(printable(line), { width: half })
  const leftBottom = pdf.y

  pdf.font('bold').fontSize(20).fillColor(INK)
  pdf.text(printable(document.title), MARGIN + half, top, { width: half, align: 'right' })
  pdf.font('regular').fontSize(10).fillColor(INK)
  pdf.text(printable(document.reference), { width: half, align: 'right' })
  pdf.font('bold').fontSize(10).fillColor(BRAND)
  pdf.text(printable(document.status), { width: half, align: 'right' })
  pdf.y = Math.max(leftBottom, pdf.y) + 24

  const blockTop = pdf.y
  pdf.font('bold').fontSize(9).fillColor(MUTED)
  pdf.text(printable(document.party.heading).toUpperCase(), MARGIN, blockTop, { width: half })
  pdf.font('regular').fontSize(10).fillColor(INK)
  for (const line of document.party.lines) pdf.text(printable(line), { width: half - 12 })
  const partyBottom = pdf.y

  pdf.y = blockTop
  for (const [label, value] of document.facts) {
    const rowTop = pdf.y
    pdf.font('regular').fontSize(9).fillColor(MUTED)
    pdf.text(printable(label), MARGIN + half, rowTop, { width: half / 2 })
    pdf.font('regular').fontSize(10).fillColor(INK)
    pdf.text(printable(value), MARGIN + half + half / 2, rowTop, {
      width: half / 2,
      align: 'right',
    })
    pdf.y = Math.max(pdf.y, rowTop + 14)
  }
  pdf.y = Math.max(partyBottom, pdf.y) + 24
}

function columnLayout(pdf: PDFKit.PDFDocument, columns: DocumentColumn[]) {
  const width = contentWidth(pdf)
  let x = MARGIN
  return columns.map((column) => {
    const cell = { ...column, x, width: column.share * width }
    x += cell.width
    return cell
  })
}

function drawTableHeader(pdf: PDFKit.PDFDocument, cells: ReturnType<typeof columnLayout>) {
  const top = pdf.y
  pdf.font('bold').fontSize(8.5).fillColor(MUTED)
  let bottom = top
  for (const cell of cells) {
    pdf.text(cell.header, cell.x + 3, top, { width: cell.width - 6, align: cell.align ?? 'left' })
    bottom = Math.max(bottom, pdf.y)
  }
  pdf
    .moveTo(MARGIN, bottom + 4)
    .lineTo(MARGIN + contentWidth(pdf), bottom + 4)
    .strokeColor(RULE)
    .stroke()
  pdf.y = bottom + 8
}

function drawTable(pdf: PDFKit.PDFDocument, document: BillingDocument, printable: Printable) {
  const cells = columnLayout(pdf, document.columns)
  drawTableHeader(pdf, cells)
  if (document.rows.length === 0) {
    pdf.font('regular').fontSize(10).fillColor(MUTED)
    pdf.text(printable(document.emptyText), MARGIN, pdf.y, { width: contentWidth(pdf) })
    pdf.moveDown()
    return
  }
  const pageBottom = pdf.page.height - MARGIN
  for (const row of document.rows) {
    pdf.font('regular').fontSize(9)
    const height = Math.max(
      ...row.map((value, index) =>
        pdf.heightOfString(printable(value), { width: cells[index]!.width - 6 }),
      ),
    )
    if (pdf.y + height + 6 > pageBottom) {
      pdf.addPage()
      drawTableHeader(pdf, cells)
    }
    const top = pdf.y
    pdf.fillColor(INK)
    row.forEach((value, index) => {
      const cell = cells[index]!
      pdf.text(printable(value), cell.x + 3, top, {
        width: cell.width - 6,
        align: cell.align ?? 'left',
      })
    })
    pdf.y = top + height + 4
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + contentWidth(pdf), pdf.y)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke()
    pdf.y += 4
  }
}

function drawTotals(pdf: PDFKit.PDFDocument, document: BillingDocument, printable: Printable) {
  const width = contentWidth(pdf)
  const labelX = MARGIN + width * 0.5
  if (pdf.y + document.totals.length * 18 > pdf.page.height - MARGIN) pdf.addPage()
  pdf.moveDown(0.5)
  document.totals.forEach(([label, value], index) => {
    const last = index === document.totals.length - 1
    const top = pdf.y
    pdf
      .font(last ? 'bold' : 'regular')
      .fontSize(last ? 12 : 10)
      .fillColor(INK)
    pdf.text(printable(label), labelX, top, { width: width * 0.3 })
    pdf.text(printable(value), labelX + width * 0.3, top, { width: width * 0.2, align: 'right' })
    pdf.y = Math.max(pdf.y, top + 16)
  })
}
