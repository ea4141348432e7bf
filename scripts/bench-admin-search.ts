// npm run bench:admin-search [-- --applications 100000 --requests 20000 --database-url postgres://…]
// Seeds a fresh database, starts the production server on it and measures the admin
// dashboard list and the interpreters list with a search term, as staff use them (signed
// in, server-rendered page and the .data request of a client-side navigation). Appends the figures to docs/benchmarks.md.
import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { percentile } from './bench-report'
import { startBenchServer } from './bench-server'

const { values } = parseArgs({
  options: {
    applications: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: '40' },
    'dry-run': { type: 'boolean', default: false },
  },
})
const rounds = Number(values.rounds)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-search-'))
const databaseUrl = values['database-url']
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
if (databaseUrl) env.DATABASE_URL = databaseUrl
else delete env.DATABASE_URL

const password = 'benchmark admin password'
console.log(`Seeding ${values.applications} applications and ${values.requests} requests…`)
execFileSync(
  'npx',
  [
    'tsx',
    'scripts/seed-demo.ts',
    '--applications',
    values.applications!,
    '--requests',
    values.requests!,
  ],
  {
    env,
    stdio: 'inherit',
  },
)
execFileSync(
  'npx',
  [
    'tsx',
    'scripts/user-create.ts',
    '--email',
    'bench@example.com',
    '--name',
    'Bench Admin',
    '--role',
    'admin',
    '--password-stdin',
  ],
  { env, input: password, stdio: ['pipe', 'inherit', 'inherit'] },
)

const server = await startBenchServer(env)
const { url } = server

try {
  const login = await fetch(`${url}/interpreter-login`, {
    method: 'POST',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'bench@example.com', password }),
    redirect: 'manual',
  })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`login failed: ${login.status}`)

  // Realistic searches: surnames, a language, an e-mail fragment, a city-free partial name.
  const terms = [
    'garcia',
    'vietnamese',
    'nguyen',
    'kim.4',
    'tariq',
    'somali',
    'sofia rossi',
    'zzz-no-match',
  ]
  // The interpreters list also marks each row's possible duplicates (a lookup per row).
  const views = [
    (term: string) => `/admin/dashboard?tab=applications&q=${encodeURIComponent(term)}`,
    (term: string) => `/admin/dashboard.data?tab=applications&q=${encodeURIComponent(term)}`,
    (term: string) => `/admin/dashboard?tab=contacts&q=${encodeURIComponent(term)}`,
    (term: string) => `/admin/interpreters?q=${encodeURIComponent(term)}`,
  ]
  const targets = [
    ...terms.flatMap((term) => views.map((view) => view(term))),
    '/admin/interpreters',
  ]
  const timed = async (target: string) => {
    const started = performance.now()
    const response = await fetch(`${url}${target}`, { headers: { Cookie: cookie } })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`)
    return performance.now() - started
  }
  for (const target of targets) await timed(target) // warm-up
  const latencies: number[] = []
  const perTarget = new Map<string, number[]>(targets.map((target) => [target, []]))
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const latency = await timed(target)
      latencies.push(latency)
      perTarget.get(target)!.push(latency)
    }
  }
  latencies.sort((a, b) => a - b)
  for (const [target, samples] of perTarget) {
    samples.sort((a, b) => a - b)
    const p50 = percentile(samples, 0.5).toFixed(1)
    const p95 = percentile(samples, 0.95).toFixed(1)
    console.log(`  ${target.padEnd(66)} p50 ${p50.padStart(6)} ms  p95 ${p95.padStart(6)} ms`)
  }
  const figures = {
    requests: latencies.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1]!,
  }
  const database = databaseUrl ? 'PostgreSQL 15' : 'PGlite (embedded)'
  console.log(
    `Admin search on ${database}: ${figures.requests} requests, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, max ${figures.max.toFixed(1)} ms`,
  )
  if (!values['dry-run']) {
    const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
    appendFileSync(
      'docs/benchmarks.md',
      `\n### Admin search, ${new Date().toISOString().slice(0, 10)}, ${database}\n\n` +
        `${values.applications} applications, ${values.requests} client requests (\`npm run seed:demo\`); ` +
        `signed-in GET of the dashboard list with a search term (page, \`.data\` and contacts tab) ` +
        `and of the interpreters list with its possible-duplicate marks (and unfiltered), ` +
        `${terms.length} terms × ${views.length} views + 1, × ${rounds} rounds, one request at a time. Machine: ${machine}.\n\n` +
        `| requests | p50 | p95 | p99 | max |\n|---|---|---|---|---|\n` +
        `| ${figures.requests} | ${figures.p50.toFixed(1)} ms | ${figures.p95.toFixed(1)} ms | ${figures.p99.toFixed(1)} ms | ${figures.max.toFixed(1)} ms |\n`,
    )
  }
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
