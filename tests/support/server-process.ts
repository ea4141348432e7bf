import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { projectPath } from '../../app/platform/project-path.server'
import { freePort } from './free-port'

export interface ServerProcess {
  url: string
  child: ChildProcess
  output: () => string
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
  exited: Promise<number | null>
}

/** Starts the production build (`build/host/index.js`) as its own process. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const entry = projectPath('build/host/index.js')
  if (!existsSync(entry)) throw new Error('No build found: run `npm run build` first.')
  const port = env.PORT ? Number(env.PORT) : await freePort()
  let output = ''
  const child = spawn(process.execPath, [entry], {
    cwd: projectPath(),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'server-process-test-secret-long-enough',
      MAIL_POLL_INTERVAL_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    child,
    output: () => output,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Resolves once /readyz answers 200, or rejects when the process exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  void server.exited.then(() => (exited = true))
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited before it was ready:\n${server.output()}`)
    try {
      const response = await fetch(`${server.url}/readyz`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${server.output()}`)
}
