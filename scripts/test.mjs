// `npm test`: every check and test, each step started as soon as the steps it waits for have
// passed, and a table of when each step started and how long it took (README.md, "How npm
// test runs").
//
//   - typecheck, lint (ESLint, Prettier, imports, docs) and build first, side by side;
//   - then the Vitest tests that run in this process's workers (unit and integration; they use
//     both cores);
//   - then the Vitest tests that start server processes, threads or child processes
//     (vitest.config.ts): alone, since several of them measure time and memory, which a
//     loaded two-core machine distorts;
//   - then the Playwright tests.
//
// A failed step starts nothing more; the steps already running finish. Output of a step that
// runs beside another is kept and printed when it ends, so that the lines of two steps never
// interleave; the in-process Vitest and the Playwright steps, which never overlap, print as
// they go.
// Usage: node scripts/test.mjs
import { spawn } from 'node:child_process'

/** @typedef {{ name: string, command: string, live?: boolean, after?: string[] }} Step */

const checks = ['typecheck', 'lint', 'build']

/** @type {Step[]} */
const steps = [
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'build', command: 'npm run build' },
  {
    name: 'vitest (in-process)',
    command: 'npx vitest run --project in-process',
    live: true,
    after: checks,
  },
  {
    name: 'vitest (processes)',
    command: 'npx vitest run --project processes --maxWorkers=1',
    after: ['vitest (in-process)'],
  },
  {
    name: 'playwright',
    command: 'npx playwright test',
    live: true,
    after: ['vitest (processes)'],
  },
]

const suiteStarted = Date.now()
const secondsSince = (/** @type {number} */ time) => (Date.now() - time) / 1000

/** @type {{ name: string, startedAt: number, seconds: number, code: number }[]} */
const timings = []

/** The end of each failed step's kept output, printed again after the table of steps: a CI
 * log that shows only its last screens then still says what failed. */
/** @type {{ name: string, tail: string }[]} */
const failureTails = []
const FAILURE_TAIL_LINES = 120

/** Runs one step; resolves with its exit code. */
function run(/** @type {Step} */ step) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    })
    /** @type {Buffer[]} */
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => {
      const exitCode = code ?? (signal ? 1 : 0)
      const seconds = secondsSince(started)
      timings.push({
        name: step.name,
        startedAt: (started - suiteStarted) / 1000,
        seconds,
        code: exitCode,
      })
      if (!step.live) {
        process.stdout.write(`\n== ${step.name} (${seconds.toFixed(0)} s, exit ${exitCode})\n`)
        process.stdout.write(Buffer.concat(output))
        if (exitCode !== 0)
          failureTails.push({
            name: step.name,
            tail: Buffer.concat(output)
              .toString()
              .split('\n')
              .slice(-FAILURE_TAIL_LINES)
              .join('\n'),
          })
      }
      resolve(exitCode)
    })
  })
}

/** Starts each step once the steps it waits for have passed; resolves with whether all passed. */
function runAll() {
  /** @type {Set<string>} */
  const passed = new Set()
  /** @type {Set<string>} */
  const launched = new Set()
  let running = 0
  let failed = false
  return new Promise((resolve) => {
    const launchReady = () => {
      for (const step of steps) {
        if (failed || launched.has(step.name)) continue
        if (!(step.after ?? []).every((name) => passed.has(name))) continue
        launched.add(step.name)
        running++
        console.log(`\n== ${step.name} (started at ${secondsSince(suiteStarted).toFixed(0)} s)`)
        void run(step).then((code) => {
          running--
          if (code === 0) passed.add(step.name)
          else failed = true
          launchReady()
        })
      }
      if (running === 0) resolve(!failed && passed.size === steps.length)
    }
    launchReady()
  })
}

function printTimings() {
  console.log('\n== test steps (wall-clock seconds: started at, took)')
  for (const { name, startedAt, seconds, code } of timings)
    console.log(
      `${name.padEnd(22)} ${startedAt.toFixed(0).padStart(5)} s ${seconds.toFixed(0).padStart(5)} s${code ? '  FAILED' : ''}`,
    )
  console.log(`${'total'.padEnd(22)} ${secondsSince(suiteStarted).toFixed(0).padStart(13)} s`)
}

const allPassed = await runAll()
for (const { name, tail } of failureTails)
  console.log(`\n== ${name} failed; the end of its output again:\n${tail}`)
printTimings()
process.exitCode = allPassed ? 0 : 1
