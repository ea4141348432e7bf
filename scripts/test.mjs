// `npm test`: every check and test, in three phases, running side by side what can, and a
// table of how long each step took at the end (README.md, "How npm test runs").
//
//   1. typecheck, lint (ESLint, Prettier, imports, docs) and build: independent of each other;
//   2. the Vitest tests that run in this process's workers (unit and integration): they use
//      both cores;
//   3. the Playwright tests, and beside them the Vitest tests that start server processes,
//      threads or child processes and mostly wait for them (vitest.config.ts).
//
// A phase starts only when the one before passed. Output of a step that runs beside another is
// kept and printed when it ends, so that the lines of two steps never interleave; the
// Playwright step prints as it goes.
// Usage: node scripts/test.mjs
import { spawn } from 'node:child_process'

/** @typedef {{ name: string, command: string, live?: boolean }} Step */

/** @type {Step[][]} */
const phases = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
    { name: 'build', command: 'npm run build' },
  ],
  [{ name: 'vitest (in-process)', command: 'npx vitest run --project in-process', live: true }],
  [
    { name: 'playwright', command: 'npx playwright test', live: true },
    { name: 'vitest (processes)', command: 'npx vitest run --project processes --maxWorkers=1' },
  ],
]

/** @type {{ name: string, seconds: number, code: number }[]} */
const timings = []

/** Runs one step; resolves with its exit code. */
function run(step) {
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
      const seconds = (Date.now() - started) / 1000
      timings.push({ name: step.name, seconds, code: exitCode })
      if (!step.live) {
        process.stdout.write(`\n== ${step.name} (${seconds.toFixed(0)} s, exit ${exitCode})\n`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve(exitCode)
    })
  })
}

function printTimings(total) {
  console.log('\n== test steps (wall-clock seconds)')
  for (const { name, seconds, code } of timings)
    console.log(`${name.padEnd(22)} ${seconds.toFixed(0).padStart(5)} s${code ? '  FAILED' : ''}`)
  console.log(`${'total'.padEnd(22)} ${total.toFixed(0).padStart(5)} s`)
}

const started = Date.now()
let failed = false
for (const phase of phases) {
  console.log(`\n== ${phase.map((step) => step.name).join(' | ')}`)
  const codes = await Promise.all(phase.map(run))
  if (codes.some((code) => code !== 0)) {
    failed = true
    break
  }
}
printTimings((Date.now() - started) / 1000)
process.exitCode = failed ? 1 : 0
