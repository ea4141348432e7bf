import { fileTypeFromBuffer } from 'file-type'
import { QUOTE_FILE_MAX_BYTES } from '../../domain/quotes'
import { checkZipArchive } from './resume-file.server'

/** A file a translation quote takes (docs/product.md#translation-quotes). */
export interface QuoteFileType {
  extension: 'pdf' | 'docx' | 'xlsx' | 'pptx'
  mediaType: string
}

const OFFICE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const

/**
 * Spreadsheets and slide decks inflate more than letters do: ten times the 25 MB upload
 * limit, all entries together, is more than any real document and far less than a bomb.
 */
const MAX_QUOTE_UNZIPPED_BYTES = 10 * QUOTE_FILE_MAX_BYTES

/**
 * The quote file's type from its content only: a PDF by its signature, an Office document
 * by the main part its `[Content_Types].xml` declares (`file-type` reads the package), and
 * then the whole archive checked as resumes are (no zip bomb, no hidden entries). Anything
 * else, a plain zip or an old binary Office file included, is undefined.
 */
export async function detectQuoteFileType(bytes: Uint8Array): Promise<QuoteFileType | undefined> {
  if (bytes.byteLength === 0) return undefined
  const detected = await fileTypeFromBuffer(bytes)
  switch (detected?.ext) {
    case 'pdf':
      return { extension: 'pdf', mediaType: 'application/pdf' }
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      const check = await checkZipArchive(bytes, MAX_QUOTE_UNZIPPED_BYTES)
      return check.ok
        ? { extension: detected.ext, mediaType: OFFICE_TYPES[detected.ext] }
        : undefined
    }
    default:
      return undefined
  }
}
