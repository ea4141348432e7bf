import { fileTypeFromBuffer } from 'file-type'

/** What a resume may be (spec section 5: .pdf, .doc, .docx). */
export interface ResumeFileType {
  extension: 'pdf' | 'doc' | 'docx'
  mediaType: string
}

const PDF: ResumeFileType = { extension: 'pdf', mediaType: 'application/pdf' }
const DOC: ResumeFileType = { extension: 'doc', mediaType: 'application/msword' }
const DOCX: ResumeFileType = {
  extension: 'docx',
  mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** A real resume inflates to a few megabytes; a zip bomb to gigabytes from the same 10 MB. */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024

/**
 * The total uncompressed size a zip archive declares in its central directory, without
 * inflating anything; Infinity when the directory cannot be read or uses ZIP64 sizes.
 */
export function declaredUnzippedSize(bytes: Uint8Array): number {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-central-directory record sits in the last 22 bytes plus any comment.
  const earliest = Math.max(0, zip.length - 22 - 0xffff)
  let end = -1
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) return Infinity
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  let total = 0
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return Infinity
    const size = zip.readUInt32LE(at + 24)
    if (size === 0xffffffff) return Infinity
    total += size
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return total
}

// "WordDocument" in UTF-16LE: the name of the main stream of every Word 97-2003 file, found in
// the compound file's directory.
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le')

/**
 * The resume's type, from its content only: the name and the type the browser sent are
 * whatever the uploader chose. PDF by its `%PDF` signature, DOCX as an Office Open XML
 * package with a `word/` document (`file-type` reads the zip), DOC as a compound file
 * (OLE/CFB) holding a WordDocument stream, which excludes Excel, PowerPoint and installers
 * that share the container. Anything else is undefined.
 */
export async function detectResumeFileType(bytes: Uint8Array): Promise<ResumeFileType | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  switch (detected?.ext) {
    case 'pdf':
      return PDF
    case 'docx':
      // Never inflated here, but staff would open it: no zip bombs.
      return declaredUnzippedSize(bytes) <= MAX_UNZIPPED_BYTES ? DOCX : undefined
    case 'cfb':
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(
        WORD_DOCUMENT_STREAM,
      )
        ? DOC
        : undefined
    default:
      return undefined
  }
}

/**
 * The uploader's file name, reduced to something safe to keep and to offer in a download
 * later: no directories, no control characters, at most 150 characters, and always ending
 * in the extension of the type found in the content, so that `cv.html` holding a PDF is
 * offered as `cv.html.pdf` and opens as what it is.
 */
export function cleanOriginalName(
  name: string,
  extension: string,
  fallbackBase = 'resume',
): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  let cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim()
  if (!cleaned || cleaned === '.' || cleaned === '..') return `${fallbackBase}.${extension}`
  const suffix = `.${extension}`
  if (!cleaned.toLowerCase().endsWith(suffix)) cleaned += suffix
  const limit = 150
  return cleaned.length > limit
    ? cleaned.slice(cleaned.length - limit).replace(/^[.\s]+/, '') || `${fallbackBase}${suffix}`
    : cleaned
}
