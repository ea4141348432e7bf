import { fileTypeFromBuffer } from 'file-type'
import { QUOTE_FILE_MAX_BYTES, QUOTE_MAX_FILES } from '../../domain/quotes'
import type { NewFile } from '../../platform/storage/new-files.server'
import { checkReceivedFile } from './received-file.server'
import { checkZipArchive } from './document-file.server'
import type { UploadFormLimits } from './upload-form.server'

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

const MiB = 1024 * 1024

/**
 * A quote form's files (field `files`, several allowed), the limits enforced while the body
 * streams in: 25 MB a file, 10 files, and ten full files with the text fields in all.
 */
export const quoteUploadLimits = {
  maxFileSize: QUOTE_FILE_MAX_BYTES,
  maxTotalSize: QUOTE_MAX_FILES * QUOTE_FILE_MAX_BYTES + MiB,
  fileFields: ['files'],
  maxFiles: QUOTE_MAX_FILES,
} satisfies UploadFormLimits

/**
 * Every file's type from its content; the first that is not a PDF, DOCX, XLSX or PPTX
 * refuses them all (nothing is recorded), named in `refused`.
 */
export async function checkQuoteFiles(
  files: File[],
): Promise<{ files: NewFile[] } | { refused: string }> {
  const checked: NewFile[] = []
  for (const file of files) {
    const upload = await checkReceivedFile(file, detectQuoteFileType, 'document')
    if (!upload) return { refused: file.name }
    checked.push(upload)
  }
  return { files: checked }
}
