import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import {
  isValidStorageKey,
  type ByteRange,
  type FileStorage,
  type S3FileStorageOptions,
  type StoredObject,
} from './file-storage.server'

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2), through the
 * maintained AWS SDK. Every instance behind a load balancer sees the same files, which a
 * local directory cannot give. A PutObject is durable once S3 answers 200, so `put` keeps the
 * contract of `FileStorage` (the row is written only after it resolves).
 */
export class S3FileStorage implements FileStorage {
  readonly describe: string
  private readonly client: S3Client
  private readonly bucket: string
  private readonly prefix: string

  constructor(options: S3FileStorageOptions) {
    this.bucket = options.bucket
    this.prefix = options.keyPrefix ?? ''
    this.describe = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}${this.prefix ? ` under ${this.prefix}` : ''}`
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible services (and older
      // MinIO releases) reject the CRC32 trailers the SDK otherwise adds to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  private objectKey(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
    return `${this.prefix}${key}`
  }

  async put(key: string, data: Uint8Array, options: { contentType: string }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.byteLength,
        ContentType: options.contentType,
        // Even a presigned or public link would download, never render, the file.
        ContentDisposition: 'attachment',
      }),
    )
  }

  /**
   * A stream of one part or less is one PutObject; a longer one a multipart upload of
   * PART_BYTES parts (S3 needs each part's length up front, so a part is held while it
   * fills: at most two parts per upload at a time). A failure aborts the multipart upload,
   * so that its parts are not kept, unseen and billed, in the bucket.
   */
  async putStream(
    key: string,
    source: AsyncIterable<Uint8Array>,
    options: { contentType: string },
  ): Promise<void> {
    const parts = partsOf(source, PART_BYTES)[Symbol.asyncIterator]()
    const first = await parts.next()
    const firstPart = first.done ? new Uint8Array() : first.value
    const second = first.done ? first : await parts.next()
    if (second.done) return this.put(key, firstPart, options)
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        ContentType: options.contentType,
        ContentDisposition: 'attachment',
      }),
    )
    const upload = { Bucket: this.bucket, Key: this.objectKey(key), UploadId }
    try {
      const done: { ETag: string | undefined; PartNumber: number }[] = []
      const send = async (body: Uint8Array) => {
        const PartNumber = done.length + 1
        const { ETag } = await this.client.send(
          new UploadPartCommand({ ...upload, PartNumber, Body: body, ContentLength: body.length }),
        )
        done.push({ ETag, PartNumber })
      }
      await send(firstPart)
      await send(second.value)
      for (let next = await parts.next(); !next.done; next = await parts.next())
        await send(next.value)
      await this.client.send(
        new CompleteMultipartUploadCommand({ ...upload, MultipartUpload: { Parts: done } }),
      )
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand(upload)).catch(() => undefined)
      throw error
    }
  }

  async get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | undefined> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      return result.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined
    } catch (error) {
      if (isMissing(error)) return undefined
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      )
    } catch (error) {
      if (!isMissing(error)) throw error
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let continuationToken: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${this.prefix}${prefix}`,
          ContinuationToken: continuationToken,
        }),
      )
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue
        yield {
          key: object.Key.slice(this.prefix.length),
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
        }
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (continuationToken)
  }

  /** Closes the client's sockets (shutdown). */
  close() {
    this.client.destroy()
  }
}

/** S3's smallest part but the last: a streamed upload holds about this much per part. */
const PART_BYTES = 5 * 1024 * 1024

/** The stream cut into parts of exactly `size` bytes, the last one shorter. */
async function* partsOf(source: AsyncIterable<Uint8Array>, size: number) {
  let part = Buffer.allocUnsafe(size)
  let filled = 0
  for await (const chunk of source) {
    let offset = 0
    while (offset < chunk.length) {
      const taken = Math.min(size - filled, chunk.length - offset)
      part.set(chunk.subarray(offset, offset + taken), filled)
      filled += taken
      offset += taken
      if (filled === size) {
        yield part
        part = Buffer.allocUnsafe(size)
        filled = 0
      }
    }
  }
  if (filled > 0) yield part.subarray(0, filled)
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404
}
