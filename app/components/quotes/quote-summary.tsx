import { Link } from 'react-router'
import { formatFileSize } from '~/domain/file-size'
import { formatCalendarDate, formatDate } from '~/domain/format'

export interface QuoteSummaryFacts {
  organizationName: string
  requesterName: string | null
  sourceLanguage: string
  targetLanguages: string[]
  deadline: string
  certified: boolean
  purchaseOrder: string | null
  createdAt: Date | string
  /** Why the client declined, when they said. */
  declineReason?: string | null
}

export interface QuoteFileLink {
  fileId: string
  originalName: string
  byteSize: number
}

/** What was asked: languages, deadline, certification, purchase order, who and when. */
export function QuoteFacts({ quote }: { quote: QuoteSummaryFacts }) {
  const facts: [string, string][] = [
    ['Organisation', quote.organizationName],
    ['Languages', `${quote.sourceLanguage} into ${quote.targetLanguages.join(', ')}`],
    ['Deadline', formatCalendarDate(quote.deadline)],
    ['Certified translation', quote.certified ? 'Yes' : 'No'],
    ['Purchase order', quote.purchaseOrder || 'None'],
    [
      'Requested',
      `${formatDate(quote.createdAt)}${quote.requesterName ? ` by ${quote.requesterName}` : ''}`,
    ],
    ...(quote.declineReason
      ? ([['Reason for declining', quote.declineReason]] as [string, string][])
      : []),
  ]
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A list of a quote's files, each a download link named by its file. */
export function QuoteFileList({
  files,
  hrefOf,
  label,
}: {
  files: QuoteFileLink[]
  hrefOf: (file: QuoteFileLink) => string
  label: string
}) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 text-sm">
      {files.map((file) => (
        <li key={file.fileId} className="flex flex-wrap items-baseline gap-x-2 py-2">
          <a
            href={hrefOf(file)}
            className="font-medium break-all text-brand-700 underline hover:text-brand-800"
          >
            {file.originalName}
          </a>
          <span className="text-slate-600">{formatFileSize(file.byteSize)}</span>
        </li>
      ))}
    </ul>
  )
}

/** The way back from a client quote screen to the list. */
export function QuotesBackLink() {
  return (
    <p className="text-sm">
      <Link to="/client/quotes" className="text-brand-700 underline">
        Translation quotes
      </Link>
    </p>
  )
}
