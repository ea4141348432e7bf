import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, resources, storedFiles, users } from '../../db/schema'
import { detectResourceFileType } from '../../app/lib/uploads/resource-file.server'
import {
  createResource,
  deleteResource,
  getResource,
  listResources,
  resourceCounts,
} from '../../app/models/resources.server'
import { createUser } from '../../app/models/users.server'
import {
  compoundFile,
  docxDocument,
  htmlDocument,
  mp4Video,
  pdfDocument,
} from '../support/document-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

describe('detectResourceFileType', () => {
  it('recognises documents and videos by content only', async () => {
    expect(await detectResourceFileType(pdfDocument())).toMatchObject({
      kind: 'document',
      extension: 'pdf',
      inline: true,
    })
    expect(await detectResourceFileType(docxDocument())).toMatchObject({
      kind: 'document',
      extension: 'docx',
      inline: false,
    })
    expect(await detectResourceFileType(compoundFile('WordDocument'))).toMatchObject({
      extension: 'doc',
    })
    expect(await detectResourceFileType(mp4Video())).toMatchObject({
      kind: 'video',
      mediaType: 'video/mp4',
      inline: true,
    })
    expect(await detectResourceFileType(compoundFile('Workbook'))).toBeUndefined()
    expect(await detectResourceFileType(htmlDocument())).toBeUndefined()
  })
})

describe.each(testDatabaseKinds())('resources on %s', (kind) => {
  let actor: { id: string; name: string }
  const test = testRuntimeFor(kind)
  beforeEach(async () => {
    for (const table of [resources, storedFiles, auditLog, users]) await test.db.delete(table)
    const user = await createUser({
      email: 'librarian@example.com',
      name: 'Lee Librarian',
      role: 'admin',
      password: 'a long enough password',
    })
    actor = { id: user.id, name: user.name }
  })

  const uploadPath = (key: string) => path.join(test.dataDir, 'uploads', ...key.split('/'))

  it('stores a file resource with its file and a link resource; counts them by type', async () => {
    const bytes = pdfDocument('Handbook')
    const type = (await detectResourceFileType(bytes))!
    const fileId = await createResource(
      { title: 'Handbook', type: 'document', file: { bytes, type, originalName: 'handbook.pdf' } },
      actor,
    )
    await createResource(
      { title: 'Glossary', type: 'guide', url: 'https://example.org/glossary' },
      actor,
    )
    const list = await listResources()
    expect(list.map((item) => item.title).sort()).toEqual(['Glossary', 'Handbook'])
    expect(list.find((item) => item.title === 'Handbook')!.file).toEqual({
      originalName: 'handbook.pdf',
      mediaType: 'application/pdf',
      byteSize: bytes.length,
    })
    expect(await resourceCounts()).toEqual({ total: 2, document: 1, video: 0, guide: 1 })
    const found = await getResource(fileId)
    expect(existsSync(uploadPath(found!.file!.storageKey))).toBe(true)
    const audit = await test.db.select().from(auditLog).where(eq(auditLog.entityId, fileId))
    expect(audit.map((entry) => entry.action)).toEqual(['create'])
  })

  it('refuses a resource with both a file and a URL, or neither, in the database itself', async () => {
    await expect(
      test.db.insert(resources).values({ title: 'Nothing', type: 'document' }),
    ).rejects.toThrow()
  })

  it('deletes the row, the stored-file record and the file, and keeps an audit entry', async () => {
    const bytes = mp4Video()
    const id = await createResource(
      {
        title: 'Orientation',
        type: 'video',
        file: { bytes, type: (await detectResourceFileType(bytes))!, originalName: 'o.mp4' },
      },
      actor,
    )
    const key = (await getResource(id))!.file!.storageKey
    expect(await deleteResource(id, actor)).toBe(true)
    expect(await getResource(id)).toBeUndefined()
    expect(await test.db.$count(storedFiles)).toBe(0)
    expect(existsSync(uploadPath(key))).toBe(false)
    expect(await deleteResource(id, actor)).toBe(false)
    const [deleted] = await test.db.select().from(auditLog).where(eq(auditLog.action, 'delete'))
    expect(deleted!.before).toMatchObject({ title: 'Orientation', type: 'video' })
  })

  it('leaves no file behind when the transaction fails', async () => {
    const storedKeys = async () => {
      const keys: string[] = []
      for await (const object of test.runtime.storage.list('resources/')) keys.push(object.key)
      return keys
    }
    const before = await storedKeys()
    const bytes = pdfDocument()
    await expect(
      createResource(
        {
          title: 'x'.repeat(10),
          type: 'document',
          file: { bytes, type: (await detectResourceFileType(bytes))!, originalName: 'a.pdf' },
        },
        // An actor that does not exist breaks the foreign key inside the transaction.
        { id: '00000000-0000-4000-8000-000000000000', name: 'Ghost' },
      ),
    ).rejects.toThrow()
    expect(await test.db.$count(storedFiles)).toBe(0)
    expect(await storedKeys()).toEqual(before)
  })
})
