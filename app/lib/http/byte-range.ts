import type { ByteRange } from '../../platform/storage/file-storage.server'

/**
 * Reads a single-range `Range: bytes=…` header against a file of `size` bytes (RFC 9110
 * section 14). Undefined means "send the whole file" (no header, several ranges, or a unit
 * we do not serve); 'unsatisfiable' means answer 416.
 */
export function parseByteRange(
  header: string | null,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, first, last] = match
  if (!first && !last) return undefined
  if (size === 0) return 'unsatisfiable'
  if (!first) {
    // A suffix: the last N bytes.
    const length = Number(last)
    if (length === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last ? Math.min(Number(last), size - 1) : size - 1
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/** `filename*` keeps any characters of the original name; the plain fallback is ASCII only. */
export function contentDisposition(kind: 'inline' | 'attachment', originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(originalName)}`
}
