import { ageingBuckets, type Ageing } from '../../domain/receivables'
import { centsAsDecimal } from '../../domain/money'
import type { CsvColumn } from '../http/csv'

/**
 * The accounts-receivable CSV (docs/product.md#accounts-receivable): one row per organization
 * with a balance, then a total row; amounts as plain decimals that spreadsheets read as
 * numbers. Cells are neutralised against formulas by `toCsv` (an organization's name is
 * typed by people).
 */
export interface ReceivableCsvRow extends Ageing {
  organizationName: string
  invoiceCount: number
}

export const receivablesCsvColumns: CsvColumn<ReceivableCsvRow>[] = [
  { header: 'Organization', value: (row) => row.organizationName },
  { header: 'Open invoices', value: (row) => row.invoiceCount },
  ...ageingBuckets.map((bucket): CsvColumn<ReceivableCsvRow> => ({
    header: `${bucket.label} (USD)`,
    value: (row) => centsAsDecimal(row[bucket.key]),
  })),
  { header: 'Open balance (USD)', value: (row) => centsAsDecimal(row.totalCents) },
]
