// Development entry: `npm run dev`. Vite serves the app with hot reload on the same host.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import { startHost } from './host'
import { exitOnStartupError, handleSignals } from './process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

try {
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' })
  const host = await startHost({ root, vite })
  handleSignals(host)
} catch (error) {
  exitOnStartupError(error)
}
