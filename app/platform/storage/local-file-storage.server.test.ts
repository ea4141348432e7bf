import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import * as fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LocalFileStorage } from './local-file-storage.server'

type FsPromises = typeof fs

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<FsPromises>()
  return { ...actual, open: vi.fn(actual.open) }
})

function filesUnder(root: string) {
  return readdirSync(root, { recursive: true }).map(String)
}

describe('LocalFileStorage', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'local-storage-'))
  })
  afterEach(() => {
    vi.mocked(fs.open).mockRestore()
    rmSync(root, { recursive: true, force: true })
  })

  it('removes the half-written temporary file when the disk is full', async () => {
    const realOpen = (await vi.importActual<FsPromises>('node:fs/promises')).open
    vi.mocked(fs.open).mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args)
      if (String(args[0]).endsWith('.partial')) {
        handle.writeFile = async (data: Parameters<typeof handle.write>[0]) => {
          await handle.write(Buffer.from(data as unknown as Uint8Array).subarray(0, 10))
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
        }
      }
      return handle
    })
    const storage = new LocalFileStorage(root)
    await expect(
      storage.put('resumes/2026/11/full-disk.pdf', new Uint8Array(1000)),
    ).rejects.toThrow(/ENOSPC/)
    expect(
      filesUnder(root).filter((name) => name.endsWith('.pdf') || name.includes('.partial')),
    ).toEqual([])
  })

  it('removes the half-written temporary file when the stream it writes stops', async () => {
    const storage = new LocalFileStorage(root)
    async function* upload() {
      yield new Uint8Array(64 * 1024)
      yield new Uint8Array(64 * 1024)
      throw new Error('upload refused')
    }
    await expect(storage.putStream('quotes/2026-11/refused.upload', upload())).rejects.toThrow(
      /refused/,
    )
    expect(filesUnder(root).filter((name) => /\.(upload|partial)$/.test(name))).toEqual([])
  })

  it('stores the whole file under its key when the write succeeds', async () => {
    const storage = new LocalFileStorage(root)
    await storage.put('resumes/2026/11/ok.pdf', new Uint8Array([1, 2, 3]))
    expect(filesUnder(root).filter((name) => name.endsWith('.pdf'))).toEqual([
      path.join('resumes', '2026', '11', 'ok.pdf'),
    ])
  })
})
