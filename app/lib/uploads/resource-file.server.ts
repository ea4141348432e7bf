import { fileTypeFromBuffer } from 'file-type'
import { DOCUMENT_MAX_BYTES, VIDEO_MAX_BYTES } from '../../domain/resources'
import { detectDocumentFileType } from './document-file.server'

/** A file the resource library accepts, as found from its content. */
export interface ResourceFileType {
  kind: 'document' | 'video'
  extension: 'pdf' | 'doc' | 'docx' | 'mp4' | 'avi' | 'mov'
  mediaType: string
  /** PDFs and MP4s open in the browser; everything else is offered as a download. */
  inline: boolean
}

export const maxBytesOf = { document: DOCUMENT_MAX_BYTES, video: VIDEO_MAX_BYTES } as const

/**
 * The resource file's type from its content only (docs/product.md#constants: documents PDF,
 * DOC, DOCX; videos MP4, AVI, MOV). Documents are recognised as resumes are; videos by their
 * container signature (`file-type`). Anything else is undefined.
 */
export async function detectResourceFileType(
  bytes: Uint8Array,
): Promise<ResourceFileType | undefined> {
  const document = await detectDocumentFileType(bytes)
  if (document) return { kind: 'document', ...document, inline: document.extension === 'pdf' }
  const detected = await fileTypeFromBuffer(bytes)
  switch (detected?.ext) {
    case 'mp4':
      return { kind: 'video', extension: 'mp4', mediaType: 'video/mp4', inline: true }
    case 'mov':
      return { kind: 'video', extension: 'mov', mediaType: 'video/quicktime', inline: false }
    case 'avi':
      return { kind: 'video', extension: 'avi', mediaType: 'video/x-msvideo', inline: false }
    default:
      return undefined
  }
}
