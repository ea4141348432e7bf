import { Download, ExternalLink, Eye } from 'lucide-react'

/**
 * View (and Download, for a file) of one resource: a link resource opens its address in a
 * new tab; a file opens from `fileUrl` (inline for PDF and MP4) or downloads with
 * `?download=1`. Staff and interpreters each pass their own file route.
 */
export function ResourceOpenLinks({
  title,
  url,
  fileUrl,
}: {
  title: string
  url: string | null
  fileUrl: string
}) {
  const button = 'btn-secondary px-2.5 py-1.5 sm:px-3'
  if (url)
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={button}
        aria-label={`View ${title} (opens the link in a new tab)`}
      >
        <ExternalLink aria-hidden="true" className="size-4" /> View
      </a>
    )
  return (
    <>
      <a
        href={fileUrl}
        target="_blank"
        rel="noopener"
        className={button}
        aria-label={`View ${title} (opens in a new tab)`}
      >
        <Eye aria-hidden="true" className="size-4" /> View
      </a>
      <a
        href={`${fileUrl}?download=1`}
        download
        className={button}
        aria-label={`Download ${title}`}
      >
        <Download aria-hidden="true" className="size-4" /> Download
      </a>
    </>
  )
}
