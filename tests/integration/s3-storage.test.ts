import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { interpreterApplications, storedFiles } from '../../db/schema'
import { PRIVACY_NOTICE_VERSION } from '../../app/content/privacy-notice'
import { loadConfig } from '../../app/platform/config.server'
import { fileStorageFor } from '../../app/platform/runtime.server'
import { newStorageKey, type StoredObject } from '../../app/platform/storage/file-storage.server'
import { sweepOrphanFiles } from '../../app/platform/storage/orphan-sweep.server'
import { S3FileStorage } from '../../app/platform/storage/s3-file-storage.server'
import { detectDocumentFileType } from '../../app/lib/uploads/document-file.server'
import { createInterpreterApplication } from '../../app/models/interpreter-applications/create.server'
import { pdfDocument } from '../support/document-fixtures'
import { startS3Server, type LocalS3Server } from '../support/s3-server'
import { startTestRuntime } from '../support/test-runtime'

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<Buffer> {
  if (!stream) throw new Error('no such object')
  const chunks: Uint8Array[] = []
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function keysOf(storage: S3FileStorage, prefix = '') {
  const keys: string[] = []
  for await (const object of storage.list(prefix)) keys.push(object.key)
  return keys.sort()
}

describe('the S3-compatible file storage against a local S3 server', () => {
  let s3: LocalS3Server
  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(() => s3?.stop())

  function storage(keyPrefix?: string) {
    return new S3FileStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      keyPrefix,
    })
  }

  it('stores, reads, lists and deletes objects under a key prefix', async () => {
    const files = storage('production/')
    const other = storage('staging/')
    const key = newStorageKey('resumes', 'pdf')
    const bytes = pdfDocument('S3 round trip')
    await files.put(key, bytes, { contentType: 'application/pdf' })
    await other.put(newStorageKey('resumes', 'pdf'), bytes, { contentType: 'application/pdf' })

    expect((await readAll(await files.get(key))).equals(Buffer.from(bytes))).toBe(true)
    expect(await keysOf(files)).toEqual([key])
    expect(await keysOf(files, 'resumes/')).toEqual([key])
    expect(await keysOf(files, 'photos/')).toEqual([])
    const listed = (await files.list('')[Symbol.asyncIterator]().next()).value as
      StoredObject | undefined
    expect(listed?.size).toBe(bytes.byteLength)
    expect(listed!.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000)

    await files.delete(key)
    expect(await files.get(key)).toBeUndefined()
    await files.delete(key) // deleting a missing object is not an error
    expect(await keysOf(files)).toEqual([])
    expect(await keysOf(other)).toHaveLength(1)
    files.close()
    other.close()
  })

  it('lists past one page of results', async () => {
    const files = storage('many/')
    const keys = Array.from(
      { length: 1005 },
      (_, i) => `resumes/2026-01/${String(i).padStart(4, '0')}.pdf`,
    )
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(
        keys
          .slice(i, i + 50)
          .map((key) => files.put(key, new Uint8Array([1]), { contentType: 'application/pdf' })),
      )
    expect(await keysOf(files)).toEqual(keys)
    files.close()
  }, 60_000)

  it('streams an upload in parts as it arrives, and keeps nothing of one that stops half-way', async () => {
    const files = storage('streamed/')
    const MiB = 1024 * 1024
    // 12 MiB in 64 KiB chunks: three parts of S3's smallest size or less.
    const chunk = (index: number) => new Uint8Array(64 * 1024).fill(index % 251)
    async function* upload(chunks: number, failAt?: number) {
      for (let index = 0; index < chunks; index++) {
        if (index === failAt) throw new Error('the client went away')
        yield chunk(index)
      }
    }
    const key = newStorageKey('quotes', 'upload')
    await files.putStream(key, upload((12 * MiB) / (64 * 1024)), {
      contentType: 'application/octet-stream',
    })
    const stored = await readAll(await files.get(key))
    expect(stored.length).toBe(12 * MiB)
    expect(stored[0]).toBe(0)
    expect(stored[12 * MiB - 1]).toBe((192 - 1) % 251)
    // A short one is a single PutObject.
    const small = newStorageKey('quotes', 'upload')
    await files.putStream(small, upload(3), { contentType: 'application/octet-stream' })
    expect((await readAll(await files.get(small))).length).toBe(3 * 64 * 1024)

    const broken = newStorageKey('quotes', 'upload')
    await expect(
      files.putStream(broken, upload(160, 150), { contentType: 'application/octet-stream' }),
    ).rejects.toThrow(/went away/)
    expect(await files.get(broken)).toBeUndefined()
    expect((await keysOf(files)).sort()).toEqual([key, small].sort())
    files.close()
  }, 60_000)

  it('refuses keys we would not generate and fails on an unknown access key', async () => {
    const files = storage()
    await expect(
      files.put('../escape', new Uint8Array([1]), { contentType: 'text/plain' }),
    ).rejects.toThrow(/Invalid storage key/)
    const wrong = new S3FileStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'not-the-secret',
      forcePathStyle: true,
    })
    await expect(
      wrong.put('resumes/x.pdf', new Uint8Array([1]), { contentType: 'application/pdf' }),
    ).rejects.toThrow()
    files.close()
    wrong.close()
  })

  it('is what the runtime uses when configured, for applications and the orphan sweep', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp', ...s3.env, S3_KEY_PREFIX: 'runtime/' })
    const test = await startTestRuntime('pglite', { storage: await fileStorageFor(config) })
    try {
      expect(test.runtime.storage.describe).toContain(`S3 bucket ${s3.bucket}`)
      const bytes = pdfDocument('Applicant on S3')
      const { id } = await createInterpreterApplication(
        {
          source: 'language-page',
          sourceReference: 'korean-interpreter',
          jobId: null,
          position: 'Korean Interpreter',
          firstName: 'Min-ji',
          lastName: 'Park',
          email: 'minji.s3@example.org',
          phone: '+1 213 555 0147',
          address: '350 S Grand Ave',
          city: 'Los Angeles',
          state: 'CA',
          zipCode: '90071',
          englishLevel: 'fluent',
          languages: ['Korean', 'English'],
          interpretingExperience: '3-5',
          medicalExperience: '1-3',
          specializations: ['medical'],
          availability: '20-30',
          expectedPayPerMinute: '0.75-1.00',
          additionalInfo: '',
          privacyConsentAt: new Date(),
          privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
          answers: [],
        },
        { bytes, originalName: 'cv.pdf', type: (await detectDocumentFileType(bytes))! },
      )
      const [file] = await test.db
        .select({ key: storedFiles.storageKey })
        .from(storedFiles)
        .innerJoin(
          interpreterApplications,
          eq(interpreterApplications.resumeFileId, storedFiles.id),
        )
        .where(eq(interpreterApplications.id, id))
      expect(
        (await readAll(await test.runtime.storage.get(file!.key))).equals(Buffer.from(bytes)),
      ).toBe(true)

      const orphan = newStorageKey('resumes', 'pdf')
      await test.runtime.storage.put(orphan, bytes, { contentType: 'application/pdf' })
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000)
      expect(await sweepOrphanFiles(test.db, test.runtime.storage, { now: later })).toEqual([
        orphan,
      ])
      expect(await test.runtime.storage.get(orphan)).toBeUndefined()
      expect(await test.runtime.storage.get(file!.key)).toBeDefined()
    } finally {
      await test.stop()
    }
  })
})
