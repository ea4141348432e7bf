// The production build as the benchmarks run it: on a free local port, with the allocator
// settings of `npm start` (server/production-server.mjs), ready once /readyz answers.
import { spawn } from 'node:child_process'
import { freePort } from '../tests/support/free-port'
import { withAllocatorSettings } from '../server/production-server.mjs'

/** `nodeFlags` are V8 or Node flags for the server, e.g. `--cpu-prof`. */
export async function startBenchServer(env: NodeJS.ProcessEnv, nodeFlags: string[] = []) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [...nodeFlags, 'build/host/index.js'], {
    env: withAllocatorSettings({
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      SESSION_SECRET: 'benchmark-session-secret-long-enough',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => server.on('exit', resolve))
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) break
    if (i === 600 || server.exitCode !== null) {
      server.kill('SIGTERM')
      throw new Error('the server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    pid: server.pid!,
    /** Stops the server gracefully and waits for it to exit. */
    stop: async () => {
      server.kill('SIGTERM')
      await exited
    },
  }
}
