import { fileTypeFromBuffer } from 'file-type'

/** A credential document's type, found from its content: PDF, JPEG or PNG only. */
export async function detectCredentialFileType(
  bytes: Uint8Array,
): Promise<{ extension: 'pdf' | 'jpg' | 'png'; mediaType: string } | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  switch (detected?.ext) {
    case 'pdf':
      return { extension: 'pdf', mediaType: 'application/pdf' }
    case 'jpg':
      return { extension: 'jpg', mediaType: 'image/jpeg' }
    case 'png':
      return { extension: 'png', mediaType: 'image/png' }
    default:
      return undefined
  }
}
