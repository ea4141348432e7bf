import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './free-port'

export interface LocalS3Server {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The variables that point the server at this bucket. */
  env: Record<string, string>
  stop(): Promise<void>
}

const require = createRequire(import.meta.url)

/**
 * An S3-compatible server on a loopback port, in its own process: s3rver (from the npm
 * registry) speaks the S3 REST protocol over HTTP and keeps objects in a temporary
 * directory, so the adapter is tested through the real AWS SDK over a real socket. Its
 * continuation tokens are DES-encrypted, which OpenSSL 3 keeps in the legacy provider; hence
 * the flag. It checks access key ids but not version 4 signatures.
 */
export async function startS3Server(bucket = 'uploads'): Promise<LocalS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const port = await freePort()
  const cli = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin/s3rver.js')
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      cli,
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const endpoint = `http://127.0.0.1:${port}`

  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited at start:\n${output}`)
    // The bucket answers HEAD once the server listens and has created it.
    const ready = await fetch(`${endpoint}/${bucket}`, { method: 'HEAD' })
      .then((response) => response.status !== 404)
      .catch(() => false)
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`s3rver did not start within 20 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  // s3rver's fixed development credentials.
  const accessKeyId = 'S3RVER'
  const secretAccessKey = 'S3RVER'
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
