import { contentDisposition } from '../http/byte-range'

/** An invoice's PDF as a download, never cached (it names the client and its money). */
export function invoicePdfResponse(pdf: { filename: string; bytes: Buffer }): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('attachment', pdf.filename),
      'Content-Length': String(pdf.bytes.byteLength),
      'Cache-Control': 'private, no-store',
    },
  })
}
