import { Transform, type TransformCallback } from 'node:stream'

/** Bytes gathered before they are passed on even without a flush. */
const MAX_GATHERED_BYTES = 64 * 1024

/**
 * A pass-through that gathers React's 4 kB writes and passes them on as one chunk when React
 * flushes (it calls `flush()` after each batch it completes: the shell, then each boundary
 * that resolves), or when 64 kB have gathered. A page then crosses the web stream, the
 * response writer, gzip and the socket a few times rather than once per 4 kB, which is most
 * of the cost of sending a long list; streaming stays as it was, batch by batch.
 */
export class CoalescingStream extends Transform {
  #chunks: Buffer[] = []
  #size = 0
  #passedOn = false

  /**
   * `rewriteShell` may change the first chunk passed on: React's shell, which holds the
   * whole `<head>`.
   */
  constructor(
    private readonly onEnd: () => void,
    private readonly rewriteShell: (html: Buffer) => Buffer = (html) => html,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#chunks.push(chunk)
    this.#size += chunk.length
    if (this.#size >= MAX_GATHERED_BYTES) this.flush()
    callback()
  }

  override _flush(callback: TransformCallback) {
    this.flush()
    this.onEnd()
    callback()
  }

  /** Passes on what has gathered (React calls this when a batch is complete). */
  flush() {
    if (this.#size === 0) return
    const gathered = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks)
    this.#chunks = []
    this.#size = 0
    if (this.#passedOn) {
      this.push(gathered)
      return
    }
    this.#passedOn = true
    this.push(this.rewriteShell(gathered))
  }
}
