import { redirect } from 'react-router'
import { runtime } from '../../platform/runtime.server'
import { isSafeResourceUrl } from '../validation/resource'
import { contentDisposition, parseByteRange } from './byte-range'
import { notFound } from './responses'

// Media types the browser may show itself: PDF, MP4 and images (docs/product.md#resources).
const INLINE_TYPES = new Set(['application/pdf', 'video/mp4', 'image/jpeg', 'image/png'])

// A file shown in the browser runs nothing of ours and may not load anything else.
// (`sandbox` would also be restrictive, but Chromium then refuses to show PDFs at all.)
const INLINE_CSP = "default-src 'none'; object-src 'self'; media-src 'self'; frame-ancestors 'self'"

/** What the response needs of a resource: its link, or its stored file. */
interface FoundResource {
  resource: { url: string | null }
  file: StoredFile | null
}

interface StoredFile {
  mediaType: string
  originalName: string
  byteSize: number
  storageKey: string
}

/**
 * A resource's file: `?download=1` always as an attachment; otherwise PDFs and MP4s inline
 * (with HTTP Range for video seeking) and other files as attachments. A link resource's View
 * redirects to its http(s) address. The caller has checked who may see it
 * (docs/decisions/031-resource-files.md).
 */
export async function resourceFileResponse(
  request: Request,
  { resource, file }: FoundResource,
  onDownload?: () => Promise<void>,
): Promise<Response> {
  const download = new URL(request.url).searchParams.get('download') === '1'
  if (!file) {
    if (download || !resource.url || !isSafeResourceUrl(resource.url)) throw notFound()
    throw redirect(resource.url)
  }
  if (download) await onDownload?.()
  return storedFileResponse(request, file, { download })
}

/**
 * A stored file as the answer to a download: PDFs and MP4s inline unless `download` (with
 * HTTP Range), anything else as an attachment; never cached, and shown with a policy that
 * runs nothing. The caller has checked who may see it.
 */
export async function storedFileResponse(
  request: Request,
  file: StoredFile,
  { download }: { download: boolean },
): Promise<Response> {
  const inline = !download && INLINE_TYPES.has(file.mediaType)
  const headers = new Headers({
    'Content-Type': file.mediaType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
    'Cache-Control': 'private, no-store',
    'Accept-Ranges': 'bytes',
    'Content-Security-Policy': INLINE_CSP,
  })
  const range = parseByteRange(request.headers.get('range'), file.byteSize)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.byteSize}`)
    return new Response(null, { status: 416, headers })
  }
  const body = await runtime().storage.get(file.storageKey, range)
  if (!body) throw notFound()
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.byteSize}`)
    headers.set('Content-Length', String(range.end - range.start + 1))
    return new Response(body, { status: 206, headers })
  }
  headers.set('Content-Length', String(file.byteSize))
  return new Response(body, { headers })
}

/**
 * A booking's preparation file, always as an attachment, for whoever the caller's query
 * found may have it (the client, staff, the confirmed interpreter); to anyone else the file
 * does not exist (docs/product.md#client-portal).
 */
export function preparationFileResponse(
  request: Request,
  file: StoredFile | undefined,
): Promise<Response> {
  if (!file) throw notFound()
  return storedFileResponse(request, file, { download: true })
}
