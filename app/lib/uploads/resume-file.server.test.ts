import { describe, expect, it } from 'vitest'
import {
  compoundFile,
  docDocument,
  docxDocument,
  htmlDocument,
  pdfDocument,
  pngImage,
  windowsExecutable,
  zipArchive,
  zipBomb,
} from '../../../tests/support/document-fixtures'
import {
  cleanOriginalName,
  declaredUnzippedSize,
  detectResumeFileType,
  MAX_UNZIPPED_BYTES,
} from './resume-file.server'

describe('detectResumeFileType', () => {
  it('accepts a PDF by its content', async () => {
    expect(await detectResumeFileType(pdfDocument())).toEqual({
      extension: 'pdf',
      mediaType: 'application/pdf',
    })
  })

  it('accepts a DOCX (an Office Open XML package with a word/ document)', async () => {
    expect((await detectResumeFileType(docxDocument()))?.extension).toBe('docx')
  })

  it('accepts a DOC (a compound file with a WordDocument stream)', async () => {
    expect(await detectResumeFileType(docDocument())).toEqual({
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
    expect(await detectResumeFileType(bytes)).toBeUndefined()
  })
})

describe('zip bombs named .docx', () => {
  it('refuses a DOCX that declares more than 100 MB unzipped, without inflating it', async () => {
    for (const entry of ['[Content_Types].xml', 'word/document.xml'] as const) {
      const bomb = zipBomb(entry, 120 * 1024 * 1024)
      expect(bomb.length).toBeLessThan(200 * 1024)
      expect(declaredUnzippedSize(bomb)).toBeGreaterThan(MAX_UNZIPPED_BYTES)
      expect(await detectResumeFileType(bomb)).toBeUndefined()
    }
    expect(declaredUnzippedSize(docxDocument())).toBeLessThan(2000)
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
