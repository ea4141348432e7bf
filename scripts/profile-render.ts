// npx tsx scripts/profile-render.ts [--data-dir DIR] [--database-url URL] [--cpu-prof DIR] [--count 300] [--only job|dashboard|path] [--path /admin/rates]
//   [--node-flags='--max-semi-space-size=2']
// The server's CPU time per render of the pages the bench names: a job posting page
// rendered for the request (a cookie keeps it out of the public page cache) and the admin
// dashboard, signed in, over 100,000 applications and 20,000 client requests on the embedded
// database (which runs inside the server process, so its CPU time counts too). Builds first
// unless --skip-build. With --cpu-prof the server writes a V8 CPU profile there and the
// functions with the most self time are listed. A --data-dir that already holds a seeded
// database is reused, so repeated runs skip the seeding.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { cpuMillisecondsPerRequest } from './lib/process-cpu'
import { startBenchServer } from './bench-server'

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'cpu-prof': { type: 'string' },
    count: { type: 'string', default: '300' },
    only: { type: 'string' },
    path: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    'skip-build': { type: 'boolean', default: false },
  },
})
const count = Number(values.count)
const dataDir = values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'profile-render-'))
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
delete env.DATABASE_URL
delete env.SMTP_URL
if (values['database-url']) env.DATABASE_URL = values['database-url']
const password = 'profile admin password'
const email = 'profile@example.com'

if (!values['skip-build'])
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (!existsSync(path.join(dataDir, 'seeded'))) {
  console.log('Seeding 100,000 applications and 20,000 client requests…')
  const tsx = (args: string[], input?: string) =>
    execFileSync('npx', ['tsx', ...args], {
      env,
      input,
      stdio: [input ? 'pipe' : 'ignore', 'inherit', 'inherit'],
    })
  tsx(['scripts/seed-demo.ts', '--applications', '100000', '--requests', '20000'])
  tsx(
    [
      'scripts/user-create.ts',
      '--email',
      email,
      '--name',
      'Profile Admin',
      '--role',
      'admin',
      '--password-stdin',
    ],
    password,
  )
  mkdirSync(path.join(dataDir, 'seeded'))
}

const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined
const server = await startBenchServer(env, [
  ...values['node-flags'].split(' ').filter(Boolean),
  ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
])
const { url } = server

try {
  const login = await fetch(`${url}/interpreter-login`, {
    method: 'POST',
    headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  const cookie = login.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`sign-in failed: ${login.status}`)
  const pages = [
    {
      key: 'job',
      name: 'Job page, rendered (not from the cache)',
      url: `${url}/jobs/greek-english-remote-interpreter`,
      headers: { Cookie: 'profile=1' },
    },
    {
      key: 'dashboard',
      name: 'Admin dashboard, signed in',
      url: `${url}/admin/dashboard`,
      headers: { Cookie: cookie },
    },
  ]
  if (values.path)
    pages.push({
      key: 'path',
      name: `${values.path}, signed in`,
      url: `${url}${values.path}`,
      headers: { Cookie: cookie },
    })
  for (const page of pages.filter((page) => !values.only || page.key === values.only)) {
    const cpu = await cpuMillisecondsPerRequest({ pid: server.pid, count, ...page })
    console.log(`${page.name}: ${cpu.toFixed(1)} ms CPU per request (${count} requests)`)
  }
} finally {
  await server.stop()
  if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true })
}

if (profileDir) printHottestFunctions(profileDir)

/** The functions with the most self time in the newest profile of the directory. */
function printHottestFunctions(directory: string) {
  const newest = readdirSync(directory)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort()
    .at(-1)
  if (!newest) return
  interface ProfileNode {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
  }
  const profile = JSON.parse(readFileSync(path.join(directory, newest), 'utf8')) as {
    nodes: ProfileNode[]
    samples: number[]
    timeDeltas: number[]
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMicroseconds = new Map<string, number>()
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)!.callFrame
    const where = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
    selfMicroseconds.set(
      where,
      (selfMicroseconds.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0),
    )
  })
  const total = [...selfMicroseconds.values()].reduce((sum, value) => sum + value, 0)
  console.log(`\nSelf time in ${newest} (${(total / 1000).toFixed(0)} ms sampled):`)
  for (const [where, micros] of [...selfMicroseconds].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${where}`)
}
