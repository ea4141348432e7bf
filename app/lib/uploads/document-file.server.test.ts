import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import {
  compoundFile,
  docDocument,
  docxDocument,
  docxEntries,
  htmlDocument,
  pdfDocument,
  pngImage,
  windowsExecutable,
  zipArchive,
  zipBomb,
  zipEntry,
  zipOf,
  type ZipEntry,
} from '../../../tests/support/document-fixtures'
import {
  checkZipArchive,
  cleanOriginalName,
  declaredUnzippedSize,
  detectDocumentFileType,
  MAX_UNZIPPED_BYTES,
} from './document-file.server'

const MiB = 1024 * 1024

describe('detectDocumentFileType', () => {
  it('accepts a PDF by its content', async () => {
    expect(await detectDocumentFileType(pdfDocument())).toEqual({
      extension: 'pdf',
      mediaType: 'application/pdf',
    })
  })

  it('accepts a DOCX (an Office Open XML package with a word/ document)', async () => {
    expect((await detectDocumentFileType(docxDocument()))?.extension).toBe('docx')
  })

  it('accepts a DOC (a compound file with a WordDocument stream)', async () => {
    expect(await detectDocumentFileType(docDocument())).toEqual({
      extension: 'doc',
      mediaType: 'application/msword',
    })
  })

  it.each([
    ['a PNG image', pngImage()],
    ['a Windows executable', windowsExecutable()],
    ['an HTML page', htmlDocument()],
    ['a zip archive that is not a Word document', zipArchive({ 'notes.txt': 'hello' })],
    ['an Excel 97-2003 workbook (a compound file without WordDocument)', compoundFile('Workbook')],
    ['plain text', Buffer.from('I am a resume, honestly.')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s', async (_name, bytes) => {
    expect(await detectDocumentFileType(bytes)).toBeUndefined()
  })
})

describe('zip bombs named .docx', () => {
  it('refuses a DOCX that declares more than 100 MB unzipped, without inflating it', async () => {
    for (const entry of ['[Content_Types].xml', 'word/document.xml'] as const) {
      const bomb = zipBomb(entry, 120 * MiB)
      expect(bomb.length).toBeLessThan(200 * 1024)
      expect(declaredUnzippedSize(bomb)).toBeGreaterThan(MAX_UNZIPPED_BYTES)
      expect(await checkZipArchive(bomb)).toMatchObject({ ok: false, unzippedBytes: 0 })
      expect(await detectDocumentFileType(bomb)).toBeUndefined()
    }
    expect(declaredUnzippedSize(docxDocument())).toBeLessThan(2000)
  })

  it('refuses a bomb whose headers understate its size, inflating no more than they declare', async () => {
    // 160 MiB of zeros in ~160 kB, declared as 1,000 bytes in both the local and central
    // headers: the sizes alone pass, as they did before the archive was inflated.
    const bomb = zipBomb('word/document.xml', 160 * MiB, { declaredSize: 1000 })
    expect(bomb.length).toBeLessThan(200 * 1024)
    expect(declaredUnzippedSize(bomb)).toBeLessThan(2000)
    expect((await fileTypeFromBuffer(bomb))?.ext).toBe('docx')

    const peakBefore = process.resourceUsage().maxRSS * 1024
    const check = await checkZipArchive(bomb)
    expect(check).toMatchObject({
      ok: false,
      reason: expect.stringContaining('word/document.xml: inflates to more than the 1000 bytes'),
    })
    // Stopped within one 64 KiB chunk of the declared size.
    expect(check.unzippedBytes).toBeLessThanOrEqual(1000 + 64 * 1024)
    expect(await detectDocumentFileType(bomb)).toBeUndefined()
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(MAX_UNZIPPED_BYTES)
  })

  it('stops at the cap when the understated size is just under it, keeping none of the output', async () => {
    const declaredSize = MAX_UNZIPPED_BYTES - 4096
    const bomb = zipBomb('word/document.xml', 160 * MiB, { declaredSize })
    expect(declaredUnzippedSize(bomb)).toBeLessThanOrEqual(MAX_UNZIPPED_BYTES)

    const peakBefore = process.resourceUsage().maxRSS * 1024
    const check = await checkZipArchive(bomb)
    expect(check.ok).toBe(false)
    expect(check.unzippedBytes).toBeGreaterThan(declaredSize)
    expect(check.unzippedBytes).toBeLessThanOrEqual(MAX_UNZIPPED_BYTES + 64 * 1024)
    // The 100 MiB inflated were counted, not kept.
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(MAX_UNZIPPED_BYTES / 2)
  })

  it('takes a smaller cap, counted across all entries', async () => {
    const docx = zipOf(docxEntries())
    const { unzippedBytes } = await checkZipArchive(docx)
    expect(await checkZipArchive(docx, unzippedBytes)).toMatchObject({ ok: true })
    expect(await checkZipArchive(docx, unzippedBytes - 1)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('more than'),
      unzippedBytes: 0,
    })
  })
})

/** Word documents whose zip structure lies; file-type still calls each one a DOCX. */
describe('zip archives whose directory does not match', () => {
  const withWordDocument = (change: Partial<ZipEntry>) =>
    docxEntries().map((entry) =>
      entry.name === 'word/document.xml' ? { ...entry, ...change } : entry,
    )
  const bombEntries = () =>
    docxEntries().map((entry) =>
      entry.name === 'word/document.xml'
        ? zipEntry('word/document.xml', Buffer.alloc(160 * MiB))
        : entry,
    )

  it.each([
    [
      'an end record that counts no entries',
      () => zipOf(docxEntries(), { entryCount: 0 }),
      'counts no entries',
    ],
    [
      'an end record that counts fewer entries than the directory holds (hiding a bomb)',
      () => zipOf(bombEntries(), { entryCount: 1 }),
      'holds more than the 1 entries counted',
    ],
    [
      'an end record that counts more entries than the directory holds',
      () => zipOf(docxEntries(), { entryCount: 4 }),
      'counts 4 entries, the central directory holds 3',
    ],
    [
      'a central entry whose local header names another file',
      () => zipOf(withWordDocument({ local: { name: 'word/other.xml' } })),
      'word/document.xml: the local file header names another file',
    ],
    [
      'a central entry whose local header is missing',
      () => zipOf(withWordDocument({ local: false })),
      'word/document.xml: no local file header',
    ],
    [
      'a local header that gives another compression method',
      () => zipOf(withWordDocument({ local: { method: 0 } })),
      'another compression method',
    ],
    [
      'a central directory that understates a size the local header gives truly',
      () => zipOf(withWordDocument({ size: 10, local: { size: 35 } })),
      'local file header sizes differ',
    ],
    [
      'an entry that inflates to less than it declares',
      () => zipBomb('word/document.xml', 1000, { declaredSize: 5000 }),
      'inflates to 1000 bytes, declares 5000',
    ],
    [
      'an entry whose CRC-32 is not that of its content',
      () => zipOf(withWordDocument({ crc: 12345 })),
      'CRC-32 differs',
    ],
    [
      'an encrypted entry',
      () => zipOf(withWordDocument({ flags: 1 })),
      'word/document.xml: encrypted',
    ],
    [
      'an entry compressed with another method (bzip2)',
      () => zipOf(withWordDocument({ method: 12, local: { method: 12 } })),
      'compression method 12',
    ],
  ])('refuses %s', async (_name, build, reason) => {
    const zip = build()
    expect((await fileTypeFromBuffer(zip))?.ext).toBe('docx')
    expect(await checkZipArchive(zip)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(reason),
    })
    expect(await detectDocumentFileType(zip)).toBeUndefined()
  })

  it.each([
    [
      'a central directory offset outside the file',
      (zip: Buffer) => zip.writeUInt32LE(0xfffffff0, zip.length - 6),
      'central directory offset and size',
    ],
    [
      'a central directory size past its end record',
      (zip: Buffer) => zip.writeUInt32LE(zip.readUInt32LE(zip.length - 10) + 1, zip.length - 10),
      'central directory offset and size',
    ],
    [
      'a ZIP64 count',
      (zip: Buffer) => {
        zip.writeUInt16LE(0xffff, zip.length - 14)
        zip.writeUInt16LE(0xffff, zip.length - 12)
      },
      'ZIP64',
    ],
    ['a second disk', (zip: Buffer) => zip.writeUInt16LE(1, zip.length - 18), 'several disks'],
  ])('refuses %s', async (_name, tamper, reason) => {
    const zip = docxDocument()
    tamper(zip)
    expect(await checkZipArchive(zip)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(reason),
    })
    expect(await detectDocumentFileType(zip)).toBeUndefined()
  })

  it('refuses bytes hidden between entries', async () => {
    const entries = docxEntries()
    const docx = zipOf(entries)
    const second = 30 + entries[0]!.name.length + entries[0]!.data.length
    const hidden = zipOf([zipEntry('word/hidden.xml', 'not in the directory')]).subarray(0, -22)
    const zip = Buffer.concat([docx.subarray(0, second), hidden, docx.subarray(second)])
    // Shift every offset at or after the insertion point: the directory and the entries after.
    const end = zip.length - 22
    const directory = zip.readUInt32LE(end + 16) + hidden.length
    zip.writeUInt32LE(directory, end + 16)
    for (let at = directory; at < end; at += 46 + zip.readUInt16LE(at + 28)) {
      const offset = zip.readUInt32LE(at + 42)
      if (offset >= second) zip.writeUInt32LE(offset + hidden.length, at + 42)
    }
    expect(await checkZipArchive(zip)).toMatchObject({
      ok: false,
      reason: 'entries overlap or leave gaps',
    })
  })

  it('accepts valid Word documents: stored, deflated, with data descriptors', async () => {
    for (const docx of [
      docxDocument(),
      zipOf(docxEntries()),
      zipOf(docxEntries().map((entry) => ({ ...entry, descriptor: true }))),
    ]) {
      expect(await checkZipArchive(docx)).toMatchObject({ ok: true, entries: 3 })
      expect((await detectDocumentFileType(docx))?.extension).toBe('docx')
    }
  })
})

describe('cleanOriginalName', () => {
  it('keeps an ordinary name', () => {
    expect(cleanOriginalName('María López CV.pdf', 'pdf')).toBe('María López CV.pdf')
  })

  it('drops directories and characters that do not belong in a file name', () => {
    expect(cleanOriginalName('C:\\Users\\me\\..\\cv"<x>.docx', 'docx')).toBe('cvx.docx')
    expect(cleanOriginalName('../../etc/passwd', 'pdf')).toBe('passwd.pdf')
    expect(cleanOriginalName('cv\u0000.exe\r\nX-Evil: 1', 'pdf')).toBe('cv.exeX-Evil 1.pdf')
  })

  it('drops the bidirectional controls that would show a name reversed or reordered', () => {
    // "cv\u202efdp.exe" shows as "cvexe.pdf".
    expect(cleanOriginalName('cv\u202efdp.exe', 'pdf')).toBe('cvfdp.exe.pdf')
    expect(
      cleanOriginalName(
        '\u2066a\u2067b\u2068c\u2069\u202a\u202b\u202c\u202dd\u200e\u200f\u061c.pdf',
        'pdf',
      ),
    ).toBe('abcd.pdf')
    // Right-to-left text itself is a name like any other.
    expect(cleanOriginalName('سيرة ذاتية.pdf', 'pdf')).toBe('سيرة ذاتية.pdf')
  })

  it('always ends in the extension found in the content', () => {
    expect(cleanOriginalName('cv.html', 'pdf')).toBe('cv.html.pdf')
    expect(cleanOriginalName('setup.exe', 'docx')).toBe('setup.exe.docx')
    expect(cleanOriginalName('CV.PDF', 'pdf')).toBe('CV.PDF')
  })

  it('keeps at most 150 characters, the extension included', () => {
    const cleaned = cleanOriginalName(`${'a'.repeat(5000)}.html`, 'pdf')
    expect(cleaned).toHaveLength(150)
    expect(cleaned.endsWith('a.html.pdf')).toBe(true)
  })

  it('falls back to a generic name when nothing is left', () => {
    expect(cleanOriginalName('..', 'doc')).toBe('resume.doc')
    expect(cleanOriginalName('', 'pdf')).toBe('resume.pdf')
  })
})
