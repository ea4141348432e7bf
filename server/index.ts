// Production entry: `npm run serve` (or `npm start`, which builds first when needed).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startHost } from './host'
import { exitOnStartupError, handleSignals } from './process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

try {
  const host = await startHost({ root })
  handleSignals(host)
} catch (error) {
  exitOnStartupError(error)
}
