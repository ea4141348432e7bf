// The built site on a free local port with an empty data directory of its own, as a visitor
// first meets it: for `npm run lighthouse` and `npm run screenshots`. Needs `npm run build`.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../tests/support/free-port'

export async function startSiteServer(name: string) {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-site-`))
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['build/host/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let ready = false
  for (let attempt = 0; attempt < 240 && !ready; attempt += 1) {
    ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500))
  }
  if (!ready) throw new Error(`The server did not become ready at ${url}`)
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
