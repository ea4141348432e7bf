import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { freePort } from './free-port'

/** Whether Debian's coturn is installed (`.ci/run` installs it when missing). */
export function coturnInstalled(): boolean {
  return spawnSync('sh', ['-c', 'command -v turnserver'], { stdio: 'ignore' }).status === 0
}

export interface Coturn {
  /** The TURN URL a page is given, on loopback over UDP. */
  url: string
  /** The shared secret of the TURN REST scheme (coturn's static-auth-secret). */
  secret: string
  output: () => string
  stop(): Promise<void>
}

/**
 * coturn on loopback for tests: the TURN REST scheme with a fresh secret, loopback peers
 * allowed (both browsers are on this machine), no TLS, its log kept in memory. Resolves once
 * it listens. Given the port and secret of one stopped, it starts again in its place (a relay
 * that restarts: its allocations are gone, its clients' credentials still hold).
 */
export async function startCoturn(
  at: { port?: number; secret?: string } = {},
): Promise<Coturn & { port: number }> {
  const port = at.port ?? (await freePort())
  const secret = at.secret ?? randomBytes(16).toString('hex')
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=calls.test',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--fingerprint',
      '--log-file=stdout',
      '--simple-log',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!/UDP listener opened on/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`coturn did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    port,
    url: `turn:127.0.0.1:${port}?transport=udp`,
    secret,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
