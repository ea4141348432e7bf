// Runs the production build (`build/host/index.js`) in a child process with the C allocator
// settings it is measured with (docs/decisions/036-allocator-settings.md, amended by
// docs/decisions/052-release-memory-when-idle.md), and stops it gracefully. Used by `npm start`
// and `npm run serve`.
import { spawn } from 'node:child_process'

// Uploads arrive in chunks of up to 64 KiB; with glibc's defaults those chunks fragment the
// main heap and the process keeps ~100 MB it no longer uses after a burst of submissions.
// Serving allocations of 16 KiB and more from their own mappings returns them to the system
// when freed, and two arenas (instead of eight per core) bound the rest. The allocator reads
// these at process start, hence the child process.
export const allocatorSettings = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '16384',
}

/** `env` with the allocator settings added where it does not set them already. */
export function withAllocatorSettings(env) {
  return { ...allocatorSettings, ...env }
}

// How often the launcher checks that the process that started it is still there.
const PARENT_CHECK_MS = 250
// The server stops itself within 10 s of a signal and exits on its own after 20 s at most;
// this is only for a server that no longer runs its event loop.
const KILL_AFTER_MS = 30_000

/**
 * npm runs this launcher through `sh -c "exec node …"`, so the launcher is npm's own child:
 * a signal to npm is passed on to it, and npm waits for it and exits with its code. A signal
 * to the process group reaches npm, the launcher and the server; the launcher passes it on
 * too, so the server gets it twice and ignores the repeat. Should npm die without passing the
 * signal on, the launcher notices that its parent has gone. Either way the launcher asks the
 * server to stop once, waits for it and exits with its exit code. Should the launcher itself
 * die, the server sees its IPC channel close.
 */
export function runProductionServer(env) {
  const child = spawn(process.execPath, ['build/host/index.js'], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: withAllocatorSettings({ ...env, NODE_ENV: 'production' }),
  })
  let stopping = false
  const stop = (signal) => {
    if (stopping) return
    stopping = true
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref()
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal))

  const parent = process.ppid
  const parentCheck = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(parentCheck)
    if (stopping) return
    console.error('The process that started the server has gone: stopping the server.')
    stop('SIGTERM')
  }, PARENT_CHECK_MS)
  parentCheck.unref()

  child.on('exit', (code, signal) => {
    clearInterval(parentCheck)
    if (signal) console.error(`The server was stopped by ${signal}.`)
    else if (code === 0) console.log('The server exited with code 0.')
    else console.error(`The server exited with code ${code}.`)
    process.exit(code ?? 1)
  })
}
