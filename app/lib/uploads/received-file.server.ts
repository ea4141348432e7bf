import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { runtime } from '../../platform/runtime.server'
import type { FileStorage } from '../../platform/storage/file-storage.server'
import type { NewFile, StoredUpload } from '../../platform/storage/new-files.server'
import { cleanOriginalName } from './document-file.server'

/** Why an upload form was refused (see `parseUploadForm`). */
export type UploadRefusal = 'too-large' | 'too-many-files' | 'over-quota' | 'malformed'

/** Ends a file's stream into storage: the storage then removes what it had written. */
export class UploadStopped extends Error {
  override name = 'UploadStopped'
  constructor(readonly reason: UploadRefusal) {
    super(`upload stopped: ${reason}`)
  }
}

/** A file of the form, in storage: where, how long, its hash and its first bytes. */
export interface ReceivedUpload extends StoredUpload {
  /** The first bytes (up to HEAD_BYTES), enough to tell most types apart. */
  head: Uint8Array
}

/** Enough of the start of a file for `file-type` and for a PDF, image or video signature. */
const HEAD_BYTES = 64 * 1024

/**
 * A file the form carried. Its bytes are in storage, not in memory: `size` is the stored
 * length, and the type check reads it with `bytesForTypeCheck`. Reading it as a `File`
 * fails, so that no caller loads a whole upload by mistake.
 */
export class ReceivedFile extends File {
  constructor(
    readonly fieldName: string,
    name: string,
    readonly upload: ReceivedUpload,
    /** Its place among the form's files. */
    readonly sequence: number,
  ) {
    super([], name)
    Object.defineProperty(this, 'size', { value: upload.byteSize })
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new Error('An uploaded file is read from storage, not from the form.'))
  }
}

/**
 * Streams one file part into storage under `key`, counting, hashing and keeping its first
 * bytes on the way. `onChunk` is asked about every chunk and may stop the file (a quota);
 * a file past `maxBytes` stops at the chunk that passes it. A stopped file throws
 * `UploadStopped` and leaves nothing in storage; the rest of its bytes are read and dropped.
 */
export async function receiveFile(
  stream: Readable,
  key: string,
  storage: FileStorage,
  options: { maxBytes: number; onChunk: (length: number) => UploadRefusal | undefined },
): Promise<ReceivedUpload> {
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headLength = 0
  let size = 0
  async function* counted() {
    // Not destroyed when the file stops: the parser goes on with the form's later fields.
    for await (const chunk of stream.iterator({
      destroyOnReturn: false,
    }) as AsyncIterable<Buffer>) {
      size += chunk.length
      const stop = size > options.maxBytes ? 'too-large' : options.onChunk(chunk.length)
      if (stop) throw new UploadStopped(stop)
      hash.update(chunk)
      if (headLength < HEAD_BYTES) {
        const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headLength))
        head.push(part)
        headLength += part.length
      }
      yield chunk
    }
  }
  try {
    await storage.putStream(key, counted(), { contentType: 'application/octet-stream' })
  } catch (error) {
    // What is left of a stopped file is read and dropped.
    stream.resume()
    throw error
  }
  return { storageKey: key, byteSize: size, sha256: hash.digest('hex'), head: Buffer.concat(head) }
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const COMPOUND_FILE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/**
 * The bytes a type check reads: the first bytes, which tell a PDF, an image or a video; or,
 * for containers, whose check reads their directory at the end (a zip package: DOCX, XLSX,
 * PPTX; a compound file: DOC), the whole file from storage. One file at a time, bounded by
 * the form's file limit.
 */
export async function bytesForTypeCheck(
  file: ReceivedFile,
  storage: FileStorage,
): Promise<Uint8Array> {
  const { head, byteSize, storageKey } = file.upload
  const start = Buffer.from(head.buffer, head.byteOffset, head.byteLength)
  const container =
    start.subarray(0, 4).equals(ZIP_SIGNATURE) ||
    start.subarray(0, 8).equals(COMPOUND_FILE_SIGNATURE)
  if (!container || byteSize <= head.byteLength) return head
  const stream = await storage.get(storageKey)
  if (!stream) throw new Error(`The upload ${storageKey} is no longer in storage.`)
  const whole = Buffer.allocUnsafe(byteSize)
  let offset = 0
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    if (offset + chunk.length > byteSize) throw new Error(`The upload ${storageKey} grew.`)
    whole.set(chunk, offset)
    offset += chunk.length
  }
  return whole.subarray(0, offset)
}

/**
 * An uploaded file, typed by `detect` from its content, as a file to record: with the
 * detected type and the uploader's name cleaned to end in its extension. Undefined when
 * `detect` does not recognise it (or the value is not an upload at all).
 */
export async function checkReceivedFile<Type extends { mediaType: string; extension: string }>(
  file: unknown,
  detect: (bytes: Uint8Array) => Promise<Type | undefined>,
  fallbackName: string,
): Promise<(NewFile & { stored: StoredUpload; type: Type }) | undefined> {
  if (!(file instanceof ReceivedFile)) return undefined
  const type = await detect(await bytesForTypeCheck(file, runtime().storage))
  if (!type) return undefined
  return {
    stored: file.upload,
    mediaType: type.mediaType,
    extension: type.extension,
    originalName: cleanOriginalName(file.name, type.extension, fallbackName),
    type,
  }
}
