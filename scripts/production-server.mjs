// Runs the production build (`build/host/index.js`) in a child process with the C allocator
// settings it is measured with (docs/decisions/036-allocator-settings.md), forwarding
// SIGINT and SIGTERM so that it shuts down gracefully. Used by `npm start` and `npm run serve`.
import { spawn } from 'node:child_process'

// Uploads arrive in 64 KiB chunks; with glibc's defaults those chunks fragment the main heap
// and the process keeps ~100 MB it no longer uses after a burst of submissions. Serving
// allocations of 32 KiB and more from their own mappings returns them to the system when
// freed, and two arenas (instead of eight per core) bound the rest. The allocator reads these
// at process start, hence the child process.
export const allocatorSettings = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
}

/** `env` with the allocator settings added where it does not set them already. */
export function withAllocatorSettings(env) {
  return { ...allocatorSettings, ...env }
}

export function runProductionServer(env) {
  const child = spawn(process.execPath, ['build/host/index.js'], {
    stdio: 'inherit',
    env: withAllocatorSettings({ ...env, NODE_ENV: 'production' }),
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
