import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LocalFileStorage } from '../../platform/storage/local-file-storage.server'
import { parseUploadForm, type ReceivedFile } from './upload-form.server'

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'upload-form-text-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('parseUploadForm', () => {
  it('takes control characters out of the text fields, as every form body loses them', async () => {
    const sent = new FormData()
    sent.append('firstName', 'Ana\u0000\u0007')
    sent.append('note', 'one\r\ntwo\tthree\u007f\u001b')
    sent.append('resume', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0])], 'cv.pdf'))
    const request = new Request('http://localhost/apply', { method: 'POST', body: sent })
    const result = await parseUploadForm(
      request,
      { maxFileSize: 1024, maxTotalSize: 4096, fileFields: ['resume'] },
      { storage: new LocalFileStorage(root), folder: 'resumes' },
    )
    expect(result.status).toBe('ok')
    expect(result.formData.get('firstName')).toBe('Ana')
    expect(result.formData.get('note')).toBe('one\r\ntwo\tthree')
    expect((result.formData.get('resume') as ReceivedFile).size).toBe(5)
  })

  it('does the same for a form without files (url-encoded)', async () => {
    const request = new Request('http://localhost/book', {
      method: 'POST',
      body: new URLSearchParams({ location: '1 Main\u0000 Street\u001f' }),
    })
    const result = await parseUploadForm(
      request,
      { maxFileSize: 1024, maxTotalSize: 4096, fileFields: ['files'] },
      { storage: new LocalFileStorage(root), folder: 'bookings' },
    )
    expect(result.formData.get('location')).toBe('1 Main Street')
  })
})
