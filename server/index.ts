// Production entry: `npm run serve` (or `npm start`, which builds first when needed).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startHost } from './host'
import { exitOnStartupError, handleSignals } from './process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
// server/production-server.mjs starts the server with an IPC channel: when that closes, the
// launcher has gone, and the server stops too.
const launched = process.channel !== undefined

try {
  const host = await startHost({ root })
  handleSignals(host, { stopWithParent: launched })
} catch (error) {
  exitOnStartupError(error)
}
