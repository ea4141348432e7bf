import { crc32, deflateRawSync } from 'node:zlib'

/**
 * Small but well-formed documents built in memory, so that tests upload real file formats
 * without binary fixtures in the repository.
 */

/** A one-page PDF with a line of text and a correct cross-reference table. */
export function pdfDocument(text = 'Resume of a professional interpreter'): Buffer {
  const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`)
  const content = `BT /F1 18 Tf 72 720 Td (${escaped}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/** A PDF padded to `size` bytes (after the end marker, which readers ignore). */
export function largePdf(size: number): Buffer {
  const pdf = pdfDocument()
  const padded = Buffer.alloc(size, 0x20)
  pdf.copy(padded)
  return padded
}

/** One entry of a hand-built zip archive, every field its headers carry open to tampering. */
export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated; anything else to test refusals. */
  method: number
  /** The entry's bytes as they sit in the archive (deflated when `method` is 8). */
  data: Buffer
  /** The uncompressed size and CRC-32 written in both headers. */
  size: number
  crc: number
  /** General purpose flags, in both headers (bit 0: encrypted). */
  flags?: number
  /** Leaves CRC and sizes out of the local header and writes them after the data (flag bit 3). */
  descriptor?: boolean
  /** What the local header says instead; `false` leaves the local header and data out. */
  local?: false | { name?: string; method?: number; size?: number }
}

/** A zip entry holding `content`, stored or deflated, with its true size and CRC-32. */
export function zipEntry(name: string, content: string | Buffer, method: 0 | 8 = 8): ZipEntry {
  const plain = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
  return {
    name,
    method,
    data: method === 8 ? deflateRawSync(plain, { level: 9 }) : plain,
    size: plain.length,
    crc: crc32(plain),
  }
}

/**
 * A zip archive of `entries`: local headers and data, then the central directory, then the
 * end record, which counts `entryCount` entries (the real number unless given).
 */
export function zipOf(entries: ZipEntry[], { entryCount }: { entryCount?: number } = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const nameBytes = Buffer.from(entry.name, 'utf8')
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    const flags = (entry.flags ?? 0) | (entry.descriptor ? 0x08 : 0)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(entry.method, 10)
    central.writeUInt32LE(entry.crc, 16)
    central.writeUInt32LE(entry.data.length, 20)
    central.writeUInt32LE(entry.size, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    if (entry.local === false) continue
    const localName = Buffer.from(entry.local?.name ?? entry.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(entry.local?.method ?? entry.method, 8)
    const descriptor = Buffer.alloc(entry.descriptor ? 16 : 0)
    if (entry.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(entry.crc, 4)
      descriptor.writeUInt32LE(entry.data.length, 8)
      descriptor.writeUInt32LE(entry.local?.size ?? entry.size, 12)
    } else {
      local.writeUInt32LE(entry.crc, 14)
      local.writeUInt32LE(entry.data.length, 18)
      local.writeUInt32LE(entry.local?.size ?? entry.size, 22)
    }
    local.writeUInt16LE(localName.length, 26)
    locals.push(local, localName, entry.data, descriptor)
    offset += local.length + localName.length + entry.data.length + descriptor.length
  }
  const centralDirectory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entryCount ?? entries.length, 8)
  end.writeUInt16LE(entryCount ?? entries.length, 10)
  end.writeUInt32LE(centralDirectory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, centralDirectory, end])
}

/** A zip archive with stored (uncompressed) entries. */
export function zipArchive(entries: Record<string, string>): Buffer {
  return zipOf(Object.entries(entries).map(([name, text]) => zipEntry(name, text, 0)))
}

/** A minimal Word document (Office Open XML package). */
export function docxDocument(): Buffer {
  return zipArchive({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Resume</w:t></w:r></w:p></w:body></w:document>',
  })
}

/** A Word document as a quote's file, the way the upload check hands it to the model. */
export function docxQuoteFile(originalName = 'contract.docx') {
  return {
    bytes: docxDocument(),
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    originalName,
  }
}

/** A file as the models take an upload already typed by content: a PDF showing `text`. */
export function pdfUpload(originalName: string, text: string) {
  return { bytes: pdfDocument(text), mediaType: 'application/pdf', extension: 'pdf', originalName }
}

/**
 * A compound file (OLE/CFB, version 3) whose directory holds a root entry and one stream;
 * `WordDocument` makes it a Word 97-2003 file, `Workbook` an Excel one.
 */
export function compoundFile(streamName: 'WordDocument' | 'Workbook'): Buffer {
  const sector = 512
  const streamSectors = 8 // 4096 bytes: at the mini-stream cutoff, so in regular sectors
  const file = Buffer.alloc(sector * (3 + streamSectors))
  const header = file.subarray(0, sector)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0)
  header.writeUInt16LE(0x3e, 24) // minor version
  header.writeUInt16LE(3, 26) // major version
  header.writeUInt16LE(0xfffe, 28) // byte order
  header.writeUInt16LE(9, 30) // sector shift: 512
  header.writeUInt16LE(6, 32) // mini sector shift: 64
  header.writeUInt32LE(1, 44) // FAT sectors
  header.writeUInt32LE(1, 48) // first directory sector
  header.writeUInt32LE(4096, 56) // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60) // no mini FAT
  header.writeUInt32LE(0xfffffffe, 68) // no DIFAT sectors
  header.writeUInt32LE(0, 76) // DIFAT[0]: the FAT is sector 0
  for (let i = 1; i < 109; i++) header.writeUInt32LE(0xffffffff, 76 + i * 4)
  const sectorAt = (index: number) => file.subarray(sector * (index + 1), sector * (index + 2))
  const fat = sectorAt(0)
  fat.fill(0xff)
  fat.writeUInt32LE(0xfffffffd, 0) // sector 0 holds the FAT
  fat.writeUInt32LE(0xfffffffe, 4) // sector 1: the directory, one sector
  for (let i = 0; i < streamSectors; i++)
    fat.writeUInt32LE(i === streamSectors - 1 ? 0xfffffffe : 3 + i, (2 + i) * 4)
  const directory = sectorAt(1)
  const entry = (index: number, name: string, type: number, start: number, size: number) => {
    const at = index * 128
    const nameBytes = Buffer.from(`${name}\0`, 'utf16le')
    nameBytes.copy(directory, at)
    directory.writeUInt16LE(nameBytes.length, at + 64)
    directory.writeUInt8(type, at + 66)
    directory.writeUInt8(1, at + 67) // black
    directory.writeUInt32LE(0xffffffff, at + 68)
    directory.writeUInt32LE(0xffffffff, at + 72)
    directory.writeUInt32LE(type === 5 ? 1 : 0xffffffff, at + 76)
    directory.writeUInt32LE(start, at + 116)
    directory.writeUInt32LE(size, at + 120)
  }
  entry(0, 'Root Entry', 5, 0xfffffffe, 0)
  entry(1, streamName, 2, 2, sector * streamSectors)
  for (let index = 2; index < 4; index++) {
    directory.writeUInt32LE(0xffffffff, index * 128 + 68)
    directory.writeUInt32LE(0xffffffff, index * 128 + 72)
    directory.writeUInt32LE(0xffffffff, index * 128 + 76)
  }
  return file
}

export const docDocument = () => compoundFile('WordDocument')

/** A 1×1 PNG. */
export function pngImage(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  )
}

/** The start of a Windows executable (MZ header pointing at a PE signature). */
export function windowsExecutable(): Buffer {
  const exe = Buffer.alloc(512)
  exe.write('MZ', 0, 'latin1')
  exe.writeUInt32LE(0x80, 0x3c)
  exe.write('PE\0\0', 0x80, 'latin1')
  exe.writeUInt16LE(0x14c, 0x84) // i386
  return exe
}

export function htmlDocument(): Buffer {
  return Buffer.from(
    '<!doctype html><html><head><title>Resume</title></head><body><script>alert(1)</script></body></html>',
  )
}

/**
 * The start of an MP4 file: an `ftyp` box (brand isom) and a `free` box padding it to
 * `size` bytes. Enough for content sniffing and for serving byte ranges.
 */
export function mp4Video(size = 4096): Buffer {
  const file = Buffer.alloc(Math.max(size, 48))
  file.writeUInt32BE(32, 0)
  file.write('ftypisom', 4, 'latin1')
  file.writeUInt32BE(0x200, 12)
  file.write('isomiso2avc1mp41', 16, 'latin1')
  file.writeUInt32BE(file.length - 32, 32)
  file.write('free', 36, 'latin1')
  return file
}

/** The parts of a minimal Word document, deflated, as zip entries. */
export function docxEntries(): ZipEntry[] {
  return [
    zipEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    zipEntry('_rels/.rels', '<?xml version="1.0"?><Relationships/>'),
    zipEntry('word/document.xml', '<?xml version="1.0"?><w:document/>'),
  ]
}

/**
 * A zip bomb shaped like a Word document: `bombEntry` inflates to `uncompressedSize` bytes
 * of zeros from about a thousandth of that, and the other entries of a DOCX are present.
 * Its headers declare `declaredSize` for the bomb: the true size unless given, a lie when
 * given (the CRC-32 is the true one either way).
 */
export function zipBomb(
  bombEntry: '[Content_Types].xml' | 'word/document.xml',
  uncompressedSize: number,
  { declaredSize }: { declaredSize?: number } = {},
): Buffer {
  return zipOf(
    docxEntries().map((entry) => {
      if (entry.name !== bombEntry) return entry
      const bomb = zipEntry(bombEntry, Buffer.alloc(uncompressedSize))
      return { ...bomb, size: declaredSize ?? bomb.size }
    }),
  )
}

/** An SVG image with a script, the kind a browser would run if it were served inline. */
export function svgImage(): Buffer {
  return Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
  )
}
