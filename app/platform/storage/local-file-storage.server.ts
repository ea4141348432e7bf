import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  isValidStorageKey,
  type ByteRange,
  type FileStorage,
  type StoredObject,
} from './file-storage.server'

/**
 * Files in a local directory (by default `DATA_DIR/uploads`, outside the web root, so the
 * static file server never sees them). Writes go to a temporary file that is flushed and
 * then renamed, so a crash leaves either the whole file or an unreferenced `.partial` that
 * the orphan sweep removes; a failed write removes its `.partial` itself.
 */
export class LocalFileStorage implements FileStorage {
  readonly describe: string

  constructor(private readonly root: string) {
    this.describe = `local directory ${root}`
  }

  private pathFor(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    await this.putStream(key, [data])
  }

  async putStream(key: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    const target = this.pathFor(key)
    const directory = path.dirname(target)
    await mkdir(directory, { recursive: true, mode: 0o700 })
    const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`
    const file = await open(temporary, 'wx', 0o600)
    try {
      try {
        // Each chunk is on its way to the disk before the next is read: an upload's
        // bytes pass through, they never pile up here.
        for await (const chunk of source) await file.writeFile(chunk)
        await file.sync()
      } finally {
        await file.close()
      }
      await rename(temporary, target)
    } catch (error) {
      // A full disk fails the write, a refused upload stops its source: the half-written
      // file goes at once, not an hour later with the orphan sweep, so that it does not
      // keep the disk full.
      await rm(temporary, { force: true })
      throw error
    }
    await syncDirectory(directory)
  }

  async get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    const file = this.pathFor(key)
    try {
      await stat(file)
    } catch {
      return undefined
    }
    const stream = range ? createReadStream(file, range) : createReadStream(file)
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true })
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let entries: string[]
    try {
      entries = (await readdir(this.root, { recursive: true })).map(String)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries.sort()) {
      const key = entry.split(path.sep).join('/')
      if (!key.startsWith(prefix)) continue
      const info = await stat(path.join(this.root, entry)).catch(() => undefined)
      if (!info?.isFile()) continue
      yield { key, size: info.size, lastModified: info.mtime }
    }
  }
}

/** Makes a rename durable: the directory entry itself must reach the disk. */
async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r')
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on directories; the rename is then as durable as it gets.
  } finally {
    await handle.close()
  }
}
