/**
 * Translation quotes (docs/product.md#client-portal): the client asks, staff price it with
 * an expiry date, the client accepts or declines, staff deliver the translated files.
 */
export const quoteStatuses = ['requested', 'priced', 'accepted', 'declined', 'delivered'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  requested: 'Requested',
  priced: 'Priced',
  accepted: 'Accepted',
  declined: 'Declined',
  delivered: 'Delivered',
}

/** Quote files: PDF, DOCX, XLSX, PPTX, found from the content, up to 25 MB each. */
export const QUOTE_FILE_MAX_BYTES = 25 * 1024 * 1024
