// `npm start`: builds when the build is missing or older than the sources, then serves
// the production build on the configured database (the embedded one by default).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runProductionServer } from '../server/production-server.mjs'

const sources = [
  'app',
  'server',
  'db',
  'public',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
]
const stamp = 'build/host/index.js'

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stats = statSync(entry)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stats.mtimeMs,
  )
}

const needsBuild =
  !existsSync(stamp) ||
  !existsSync('build/server/index.js') ||
  Math.max(...sources.map(newestMtime)) > statSync(stamp).mtimeMs

if (needsBuild) {
  console.log('Building the site…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const env = { ...process.env, NODE_ENV: 'production' }
// Running locally needs no secret to be invented: keep a generated one in DATA_DIR.
// A deployment sets SESSION_SECRET (the server refuses to start in production without it).
if (!env.SESSION_SECRET) {
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const file = path.join(dataDir, 'session-secret')
  mkdirSync(dataDir, { recursive: true })
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 })
  env.SESSION_SECRET = readFileSync(file, 'utf8').trim()
  console.log(`SESSION_SECRET is not set: using the generated one in ${file}.`)
}

runProductionServer(env)
