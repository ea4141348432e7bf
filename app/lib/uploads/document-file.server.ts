import { crc32, createInflateRaw } from 'node:zlib'
import { fileTypeFromBuffer } from 'file-type'

/**
 * The documents the product accepts: a resume, a booking's preparation file, a resource
 * (docs/product.md#validation: .pdf, .doc, .docx).
 */
export interface DocumentFileType {
  extension: 'pdf' | 'doc' | 'docx'
  mediaType: string
}

const PDF: DocumentFileType = { extension: 'pdf', mediaType: 'application/pdf' }
const DOC: DocumentFileType = { extension: 'doc', mediaType: 'application/msword' }
const DOCX: DocumentFileType = {
  extension: 'docx',
  mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * The most a DOCX may inflate to, all of its entries together: ten times the 10 MiB upload
 * limit. A real resume inflates to a few megabytes; a zip bomb to gigabytes from the same
 * upload. The archive is really inflated (the sizes written in it are the uploader's word,
 * not a fact): the sizes declared may total at most this, and an entry stops being inflated
 * at the first chunk past what it declares, so at most this plus one chunk is ever produced,
 * and none of it is kept.
 */
export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024

/**
 * More parts than any real Word document has (a resume has a dozen, a long illustrated
 * manual a few hundred): bounds the work one upload can ask for.
 */
export const MAX_ZIP_ENTRIES = 2000

/**
 * Inflated data is only counted and checksummed, never kept: memory stays at about one
 * chunk per upload whatever the archive holds.
 */
const INFLATE_CHUNK_BYTES = 64 * 1024

const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const ZIP64_END_LOCATOR = 0x07064b50
const CENTRAL_DIRECTORY_HEADER = 0x02014b50
const LOCAL_FILE_HEADER = 0x04034b50
const DATA_DESCRIPTOR = 0x08074b50
/** General purpose flags: bit 0 encrypted, bit 6 strong encryption, bit 13 masked directory. */
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000
/** General purpose flag bit 3: CRC and sizes follow the data in a data descriptor. */
const HAS_DATA_DESCRIPTOR = 0x0008
const STORED = 0
const DEFLATED = 8

/** One entry of a zip archive whose central and local headers agree. */
interface ZipEntry {
  name: string
  localOffset: number
  method: number
  crc: number
  size: number
  dataStart: number
  dataEnd: number
  /** Where the next entry's local header must start: after the data and any data descriptor. */
  next: number
}

type ZipDirectory = { entries: ZipEntry[]; declaredBytes: number } | { reason: string }

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is the last 22 bytes plus its comment (at most 65,535 bytes), which must
  // reach exactly the end of the file.
  const earliest = Math.max(0, zip.length - 22 - 0xffff)
  for (let at = zip.length - 22; at >= earliest; at--) {
    if (
      zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY &&
      at + 22 + zip.readUInt16LE(at + 20) === zip.length
    )
      return at
  }
  return -1
}

/** The length of the data descriptor at `at` (with or without its signature) if it repeats the central values. */
function dataDescriptorLength(
  zip: Buffer,
  at: number,
  limit: number,
  entry: { crc: number; compressedSize: number; size: number },
): number {
  const repeats = (from: number) =>
    from + 12 <= limit &&
    zip.readUInt32LE(from) === entry.crc &&
    zip.readUInt32LE(from + 4) === entry.compressedSize &&
    zip.readUInt32LE(from + 8) === entry.size
  if (at + 4 <= limit && zip.readUInt32LE(at) === DATA_DESCRIPTOR && repeats(at + 4)) return 16
  return repeats(at) ? 12 : -1
}

/**
 * The entries of a zip archive as its central directory lists them, each checked against its
 * local header; a reason instead when the archive is not one plain, consistent zip: ZIP64,
 * split over disks, an entry count of zero or one that disagrees with the records present,
 * a directory outside the file, a local header missing or naming another file or method,
 * encrypted entries, compression other than stored or deflate, entries that overlap or
 * leave bytes unaccounted for (where a second, hidden entry could sit).
 */
function readZipDirectory(zip: Buffer, maxEntries: number): ZipDirectory {
  const refuse = (reason: string) => ({ reason })
  const end = findEndOfCentralDirectory(zip)
  if (end < 0) return refuse('no end-of-central-directory record')
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) return refuse('ZIP64 archive')
  const disk = zip.readUInt16LE(end + 4)
  const directoryDisk = zip.readUInt16LE(end + 6)
  const entriesOnDisk = zip.readUInt16LE(end + 8)
  const count = zip.readUInt16LE(end + 10)
  const directorySize = zip.readUInt32LE(end + 12)
  const directoryOffset = zip.readUInt32LE(end + 16)
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff)
    return refuse('ZIP64 archive')
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== count)
    return refuse('archive split over several disks')
  if (count === 0) return refuse('the end-of-central-directory record counts no entries')
  if (count > maxEntries) return refuse(`more than ${maxEntries} entries`)
  // The central directory sits right before its end record.
  if (directoryOffset + directorySize !== end)
    return refuse('the central directory offset and size do not lead to its end record')

  const entries: ZipEntry[] = []
  const names = new Set<string>()
  let declaredBytes = 0
  for (let at = directoryOffset; at < end;) {
    if (entries.length === count)
      return refuse(`the central directory holds more than the ${count} entries counted`)
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER)
      return refuse('a malformed central directory record')
    const nameLength = zip.readUInt16LE(at + 28)
    const recordEnd = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    if (recordEnd > end) return refuse('a malformed central directory record')
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const compressedSize = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const startDisk = zip.readUInt16LE(at + 34)
    const localOffset = zip.readUInt32LE(at + 42)
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength)
    const name = nameBytes.toString('utf8')
    at = recordEnd

    if (flags & ENCRYPTION_FLAGS) return refuse(`${name}: encrypted`)
    if (method !== STORED && method !== DEFLATED)
      return refuse(`${name}: compression method ${method}`)
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      return refuse(`${name}: ZIP64 sizes`)
    if (startDisk !== 0) return refuse(`${name}: on another disk`)
    if (method === STORED && compressedSize !== size)
      return refuse(`${name}: stored, but its two sizes differ`)
    const key = nameBytes.toString('latin1')
    if (names.has(key)) return refuse(`${name}: listed twice`)
    names.add(key)

    // The local header the entry points at must exist and describe the same file: readers
    // that walk the local headers (and file-type did) must see what is checked here.
    if (localOffset + 30 > directoryOffset || zip.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER)
      return refuse(`${name}: no local file header at offset ${localOffset}`)
    const localFlags = zip.readUInt16LE(localOffset + 6)
    const localNameLength = zip.readUInt16LE(localOffset + 26)
    const dataStart = localOffset + 30 + localNameLength + zip.readUInt16LE(localOffset + 28)
    const dataEnd = dataStart + compressedSize
    if (dataEnd > directoryOffset) return refuse(`${name}: data runs into the central directory`)
    if (!zip.subarray(localOffset + 30, localOffset + 30 + localNameLength).equals(nameBytes))
      return refuse(`${name}: the local file header names another file`)
    if (zip.readUInt16LE(localOffset + 8) !== method)
      return refuse(`${name}: the local file header gives another compression method`)
    if (localFlags & ENCRYPTION_FLAGS) return refuse(`${name}: encrypted`)
    if ((localFlags & HAS_DATA_DESCRIPTOR) !== (flags & HAS_DATA_DESCRIPTOR))
      return refuse(`${name}: the local and central flags differ`)
    const local = [
      zip.readUInt32LE(localOffset + 14),
      zip.readUInt32LE(localOffset + 18),
      zip.readUInt32LE(localOffset + 22),
    ]
    const central = [crc, compressedSize, size]
    let next = dataEnd
    if (flags & HAS_DATA_DESCRIPTOR) {
      // The local header may leave CRC and sizes at zero; the descriptor after the data has them.
      if (local.some((value, index) => value !== 0 && value !== central[index]))
        return refuse(`${name}: the local file header sizes differ from the central directory`)
      const descriptor = dataDescriptorLength(zip, dataEnd, directoryOffset, {
        crc,
        compressedSize,
        size,
      })
      if (descriptor < 0) return refuse(`${name}: the data descriptor differs`)
      next += descriptor
    } else if (local.some((value, index) => value !== central[index])) {
      return refuse(`${name}: the local file header sizes differ from the central directory`)
    }
    entries.push({ name, localOffset, method, crc, size, dataStart, dataEnd, next })
    declaredBytes += size
  }
  if (entries.length !== count)
    return refuse(
      `the end record counts ${count} entries, the central directory holds ${entries.length}`,
    )

  // Every byte before the central directory belongs to exactly one entry: no entry shares its
  // data with another (the overlapping-entries bomb) and nothing hides in a gap.
  let expected = 0
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== expected) return refuse('entries overlap or leave gaps')
    expected = entry.next
  }
  if (expected !== directoryOffset)
    return refuse('bytes between the last entry and the central directory')
  return { entries, declaredBytes }
}

/**
 * The total uncompressed size a zip archive declares in its central directory, without
 * inflating anything; Infinity when the directory cannot be read or does not match the local
 * headers. Only a first, cheap refusal: `checkZipArchive` inflates to see the real sizes.
 */
export function declaredUnzippedSize(bytes: Uint8Array): number {
  const directory = readZipDirectory(asBuffer(bytes), Infinity)
  return 'reason' in directory ? Infinity : directory.declaredBytes
}

interface Inflated {
  /** Bytes produced before inflation ended or was stopped. */
  bytes: number
  crc: number
  error?: string
}

/**
 * Inflates raw deflate data, counting and checksumming the output without keeping it, and
 * stops (destroying the inflater) as soon as it produces more than `limit` bytes.
 */
function inflateCounted(data: Buffer, limit: number): Promise<Inflated> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES })
    let bytes = 0
    let crc = 0
    let settled = false
    const settle = (error?: string) => {
      if (settled) return
      settled = true
      inflater.destroy()
      resolve({ bytes, crc, error })
    }
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return
      bytes += chunk.length
      if (bytes > limit) return settle(`inflates to more than the ${limit} bytes declared`)
      crc = crc32(chunk, crc)
    })
    inflater.on('error', (error) => settle(`corrupt deflate data (${error.message})`))
    inflater.on('end', () =>
      settle(
        inflater.bytesWritten === data.length
          ? undefined
          : 'the deflate data ends before its declared compressed size',
      ),
    )
    inflater.end(data)
  })
}

/** Whether a zip archive is safe to keep, and how many bytes were inflated to find out. */
export type ZipCheck =
  | { ok: true; entries: number; unzippedBytes: number }
  | { ok: false; reason: string; unzippedBytes: number }

/**
 * Checks a zip archive (a DOCX) without trusting the sizes written in it: its directory must
 * match its local headers (see `readZipDirectory`), and every entry is inflated, with
 * the output counted and never kept, and must give exactly the size and CRC-32 it declares.
 * An entry that gives more stops being inflated at once, and the sizes declared may total at
 * most `maxUnzippedBytes`, so no more than that is inflated, whatever the archive says.
 */
export async function checkZipArchive(
  bytes: Uint8Array,
  maxUnzippedBytes = MAX_UNZIPPED_BYTES,
  maxEntries = MAX_ZIP_ENTRIES,
): Promise<ZipCheck> {
  const zip = asBuffer(bytes)
  const directory = readZipDirectory(zip, maxEntries)
  if ('reason' in directory) return { ok: false, reason: directory.reason, unzippedBytes: 0 }
  if (directory.declaredBytes > maxUnzippedBytes)
    return {
      ok: false,
      reason: `declares ${directory.declaredBytes} bytes unzipped, more than ${maxUnzippedBytes}`,
      unzippedBytes: 0,
    }
  let total = 0
  for (const entry of directory.entries) {
    const data = zip.subarray(entry.dataStart, entry.dataEnd)
    const inflated =
      entry.method === STORED
        ? { bytes: data.length, crc: crc32(data) }
        : // Never past what the entry declares, nor past the cap for all entries.
          await inflateCounted(data, Math.min(entry.size, maxUnzippedBytes - total))
    total += inflated.bytes
    const refuse = (reason: string): ZipCheck => ({
      ok: false,
      reason: `${entry.name}: ${reason}`,
      unzippedBytes: total,
    })
    if ('error' in inflated && inflated.error) return refuse(inflated.error)
    if (inflated.bytes !== entry.size)
      return refuse(`inflates to ${inflated.bytes} bytes, declares ${entry.size}`)
    if (inflated.crc !== entry.crc) return refuse('its CRC-32 differs from the one declared')
  }
  return { ok: true, entries: directory.entries.length, unzippedBytes: total }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

// "WordDocument" in UTF-16LE: the name of the main stream of every Word 97-2003 file, found in
// the compound file's directory.
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le')

/**
 * A document's type, from its content only: the name and the type the browser sent are
 * whatever the uploader chose. PDF by its `%PDF` signature, DOCX as an Office Open XML
 * package with a `word/` document (`file-type` reads the zip), DOC as a compound file
 * (OLE/CFB) holding a WordDocument stream, which excludes Excel, PowerPoint and installers
 * that share the container. Anything else is undefined.
 */
export async function detectDocumentFileType(
  bytes: Uint8Array,
): Promise<DocumentFileType | undefined> {
  const detected = await fileTypeFromBuffer(bytes)
  switch (detected?.ext) {
    case 'pdf':
      return PDF
    case 'docx':
      // Staff would open it: no zip bombs, and no archive whose directory hides what it holds.
      return (await checkZipArchive(bytes)).ok ? DOCX : undefined
    case 'cfb':
      return asBuffer(bytes).includes(WORD_DOCUMENT_STREAM) ? DOC : undefined
    default:
      return undefined
  }
}

/**
 * What a kept file name loses: control characters, characters that are not allowed in file
 * names on some systems, and the bidirectional controls (embeddings, overrides, isolates and
 * marks) that would show it in another order ("cv\u202efdp.exe" looks like "cvexe.pdf").
 */
const NOT_IN_FILE_NAMES =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f"<>|:*?\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g

/**
 * The uploader's file name, reduced to something safe to keep and to offer in a download
 * later: no directories, no control or bidirectional characters, at most 150 characters,
 * and always ending in the extension of the type found in the content, so that `cv.html`
 * holding a PDF is offered as `cv.html.pdf` and opens as what it is.
 */
export function cleanOriginalName(
  name: string,
  extension: string,
  fallbackBase = 'resume',
): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  let cleaned = base.replace(NOT_IN_FILE_NAMES, '').trim()
  if (!cleaned || cleaned === '.' || cleaned === '..') return `${fallbackBase}.${extension}`
  const suffix = `.${extension}`
  if (!cleaned.toLowerCase().endsWith(suffix)) cleaned += suffix
  const limit = 150
  return cleaned.length > limit
    ? cleaned.slice(cleaned.length - limit).replace(/^[.\s]+/, '') || `${fallbackBase}${suffix}`
    : cleaned
}
