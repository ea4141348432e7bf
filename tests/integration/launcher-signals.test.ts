import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { interpreterApplications, mailOutbox, storedFiles } from '../../db/schema'
import { openDatabase } from '../../app/platform/db.server'
import { projectPath } from '../../app/platform/project-path.server'
import { freePort } from '../support/free-port'
import {
  APPLICATION_CONFIRMATION,
  applicationFields,
  distinctClient,
  pdfOfSize,
} from '../support/http-client'
import { startServerProcess, waitUntilReady, type ServerProcess } from '../support/server-process'
import { newMigratedDataDir } from '../support/pglite-dump'

/**
 * Signals through the documented commands: npm runs `sh -c "node scripts/serve.mjs"`, which
 * starts the server as its child. A terminal's Ctrl-C or an orchestrator's stop signals the
 * whole process group; a supervisor may signal npm alone.
 */

const dataDirs: string[] = []
/** A DATA_DIR with the embedded database already migrated (tests/support/pglite-dump.ts). */
async function newDataDir(name: string) {
  const dir = await newMigratedDataDir(`launcher-${name}-`)
  dataDirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The live (not zombie) processes of a process group, read from /proc. */
function processGroup(pgid: number): { pid: number; command: string }[] {
  const members: { pid: number; command: string }[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    let command: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim()
    } catch {
      continue // gone meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces, so split after its ")".
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(group) === pgid && state !== 'Z' && state !== 'X')
      members.push({ pid: Number(entry), command })
  }
  return members
}

/** Polls until the group is empty; resolves with the milliseconds since `since`. */
async function groupGone(pgid: number, since: number, timeoutMs: number) {
  while (processGroup(pgid).length > 0) {
    if (Date.now() - since > timeoutMs) return Infinity
    await sleep(50)
  }
  return Date.now() - since
}

interface LaunchedServer extends ServerProcess {
  /** Every process left in the launched process group gets SIGKILL (cleanup). */
  killGroup(): void
  /** Resolves once the group's output has been read to its end (after its last process). */
  outputRead: Promise<void>
}

/**
 * `npm run serve` (or, with `direct`, `node scripts/serve.mjs`) in its own process group, as
 * a terminal or a supervisor runs it.
 */
async function launch(dataDir: string, { direct = false } = {}): Promise<LaunchedServer> {
  if (!existsSync(projectPath('build/host/index.js')))
    throw new Error('No build found: run `npm run build` first.')
  const port = await freePort()
  let output = ''
  const [command, args] = direct
    ? [process.execPath, ['scripts/serve.mjs']]
    : ['npm', ['run', 'serve']]
  const child: ChildProcess = spawn(command, args, {
    cwd: projectPath(),
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      npm_config_update_notifier: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'launcher-signals-test-secret-long-enough',
      DATA_DIR: dataDir,
      MAIL_POLL_INTERVAL_MS: '100',
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // The pipes close when the last process holding them (the launcher) has gone; what it
  // wrote last may arrive after the group looks empty.
  const outputRead = Promise.all(
    [child.stdout!, child.stderr!].map(
      (stream) => new Promise<void>((resolve) => stream.on('close', () => resolve())),
    ),
  ).then(() => undefined)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Nothing left.
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    killGroup,
    outputRead,
    stop() {
      killGroup()
      return exited
    },
  }
}

/** The pid in DATA_DIR/pglite.lock: the server process that holds the embedded database. */
function lockHolder(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pglite.lock')
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined
}

/**
 * An application with a resume whose body is sent in two parts: the second only on
 * `release()`, so the request is surely in flight while the signal arrives.
 */
async function heldApplication(baseUrl: string, email: string, resume: Uint8Array) {
  const form = new FormData()
  for (const [name, value] of Object.entries(applicationFields)) form.append(name, value)
  form.append('email', email)
  form.append('formToken', randomUUID())
  form.append(
    'resume',
    new File([new Uint8Array(resume)], 'resume.pdf', { type: 'application/pdf' }),
  )
  const encoded = new Request(baseUrl, { method: 'POST', body: form })
  const body = Buffer.from(await encoded.arrayBuffer())
  const request = http.request(`${baseUrl}/application?language=korean-interpreter`, {
    method: 'POST',
    agent: false,
    headers: {
      'Content-Type': encoded.headers.get('content-type')!,
      'Content-Length': String(body.length),
      Origin: baseUrl,
      ...distinctClient(),
    },
  })
  const answer = new Promise<string>((resolve) => {
    request.on('error', (error: NodeJS.ErrnoException) => resolve(`${email}: ${error.code}`))
    request.on('response', (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString()))
      response.on('error', (error: NodeJS.ErrnoException) => resolve(`${email}: ${error.code}`))
      response.on('end', () =>
        resolve(
          response.statusCode === 200 && text.includes(APPLICATION_CONFIRMATION)
            ? 'confirmed'
            : `${email}: ${response.statusCode}`,
        ),
      )
    })
  })
  const half = Math.floor(body.length / 2)
  const firstPartSent = new Promise<void>((resolve) =>
    request.write(body.subarray(0, half), () => resolve()),
  )
  return { firstPartSent, answer, release: () => request.end(body.subarray(half)) }
}

/** Until the process is gone (or a zombie); resolves with the milliseconds since `since`. */
async function processGone(pid: number, since: number, timeoutMs: number) {
  const alive = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))
    } catch {
      return false
    }
  }
  while (alive()) {
    if (Date.now() - since > timeoutMs) return Infinity
    await sleep(50)
  }
  return Date.now() - since
}

describe.runIf(process.platform === 'linux')('signals through `npm run serve`', () => {
  it('SIGTERM to the process group: the 10 uploads in flight are answered and stored, mail is not left sending, exit 0 within 10 s', async () => {
    const dataDir = await newDataDir('group')
    const emails = Array.from({ length: 10 }, (_, i) => `applicant-${i}@group-signal.example`)
    const server = await launch(dataDir)
    const pgid = server.child.pid!
    try {
      await waitUntilReady(server)
      const resume = pdfOfSize(256 * 1024)
      const uploads = await Promise.all(
        emails.map((email) => heldApplication(server.url, email, resume)),
      )
      await Promise.all(uploads.map((upload) => upload.firstPartSent))
      // Time for the server to accept them and start reading the bodies.
      await sleep(500)

      const signalledAt = Date.now()
      process.kill(-pgid, 'SIGTERM')
      await sleep(300)
      for (const upload of uploads) upload.release()
      const answers = await Promise.all(uploads.map((upload) => upload.answer))
      const goneAfterMs = await groupGone(pgid, signalledAt, 15_000)
      console.info(
        `group SIGTERM: ${answers.filter((a) => a === 'confirmed').length}/10 confirmed, every process gone after ${goneAfterMs} ms`,
      )
      expect(answers).toEqual(emails.map(() => 'confirmed'))
      expect(goneAfterMs).toBeLessThan(10_000)
      await Promise.race([server.outputRead, sleep(5_000)])
      // The launcher outlives the server to report its exit code.
      expect(server.output()).toContain('The server exited with code 0.')
      expect(server.output()).toContain('runtime stopped')
      expect(lockHolder(dataDir)).toBeUndefined()
    } finally {
      server.killGroup()
    }

    const handle = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const stored = await handle.db
        .select({ email: interpreterApplications.email, key: storedFiles.storageKey })
        .from(interpreterApplications)
        .innerJoin(storedFiles, eq(storedFiles.id, interpreterApplications.resumeFileId))
        .where(inArray(interpreterApplications.email, emails))
      expect(stored).toHaveLength(10)
      for (const row of stored)
        expect(existsSync(path.join(dataDir, 'uploads', row.key)), row.key).toBe(true)
      const mails = await handle.db.select().from(mailOutbox)
      expect(mails.length).toBeGreaterThanOrEqual(20)
      expect(mails.filter((mail) => mail.status === 'sending')).toEqual([])
    } finally {
      await handle.close()
    }
  }, 60_000)

  it('SIGTERM to the npm process alone: no server process is left and the database lock is released', async () => {
    const dataDir = await newDataDir('npm')
    const server = await launch(dataDir)
    const pgid = server.child.pid!
    try {
      await waitUntilReady(server)
      const serverPid = lockHolder(dataDir)
      expect(serverPid).toBeGreaterThan(0)
      expect(processGroup(pgid).map((member) => member.pid)).toContain(serverPid)

      const signalledAt = Date.now()
      process.kill(pgid, 'SIGTERM')
      const goneAfterMs = await groupGone(pgid, signalledAt, 15_000)
      const left = processGroup(pgid)
      console.info(
        `npm SIGTERM: every process gone after ${goneAfterMs} ms; left: ${JSON.stringify(left)}`,
      )
      expect(left).toEqual([])
      expect(goneAfterMs).toBeLessThan(10_000)
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
      await Promise.race([server.outputRead, sleep(5_000)])
      expect(server.output()).toContain('The server exited with code 0.')
      expect(lockHolder(dataDir)).toBeUndefined()
    } finally {
      server.killGroup()
    }

    // The embedded database opens in another process: the lock was released.
    const next = await startServerProcess({ DATA_DIR: dataDir })
    try {
      await waitUntilReady(next)
    } finally {
      expect(await next.stop('SIGTERM')).toBe(0)
    }
  }, 60_000)

  it('a server that dies: the launcher exits 1 at once, so that its supervisor restarts it on the same data', async () => {
    const dataDir = await newDataDir('server-dies')
    const launcher = await launch(dataDir, { direct: true })
    try {
      await waitUntilReady(launcher)
      const serverPid = lockHolder(dataDir)!
      const killedAt = Date.now()
      process.kill(serverPid, 'SIGKILL')
      expect(await launcher.exited).toBe(1)
      expect(Date.now() - killedAt).toBeLessThan(2_000)
      await Promise.race([launcher.outputRead, sleep(5_000)])
      expect(launcher.output()).toContain('The server was stopped by SIGKILL.')
    } finally {
      launcher.killGroup()
    }
    // What a supervisor does next (docs/deploy.md#when-the-server-exits): the stale lock of the
    // dead process does not stop the new one.
    const restarted = await launch(dataDir, { direct: true })
    try {
      await waitUntilReady(restarted)
    } finally {
      restarted.killGroup()
    }
  }, 60_000)

  it('SIGKILL to the launcher: the server sees its IPC channel close and stops gracefully', async () => {
    const dataDir = await newDataDir('launcher-kill')
    const launcher = await launch(dataDir, { direct: true })
    try {
      await waitUntilReady(launcher)
      const serverPid = lockHolder(dataDir)!
      expect(serverPid).toBeGreaterThan(0)
      const killedAt = Date.now()
      launcher.child.kill('SIGKILL')
      const goneAfterMs = await processGone(serverPid, killedAt, 15_000)
      expect(goneAfterMs).toBeLessThan(10_000)
      await Promise.race([launcher.outputRead, sleep(5_000)])
      expect(launcher.output()).toContain('parent process gone')
      expect(launcher.output()).toContain('runtime stopped')
      expect(lockHolder(dataDir)).toBeUndefined()
    } finally {
      launcher.killGroup()
    }
  }, 60_000)
})

describe('the server process', () => {
  it('finishes an upload in flight and exits 0 when SIGTERM arrives twice', async () => {
    const dataDir = await newDataDir('twice')
    const server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })
    try {
      await waitUntilReady(server)
      const upload = await heldApplication(
        server.url,
        'twice@signal.example',
        pdfOfSize(256 * 1024),
      )
      await upload.firstPartSent
      await sleep(300)
      server.child.kill('SIGTERM')
      await sleep(100)
      server.child.kill('SIGTERM')
      await sleep(200)
      upload.release()
      expect(await upload.answer).toBe('confirmed')
      expect(await server.exited).toBe(0)
      expect(server.output()).toContain('already shutting down: ignored')
    } finally {
      await server.stop('SIGKILL')
    }
  }, 60_000)
})
