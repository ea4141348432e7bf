import { startCallRouting } from './call-routing.server'
import { announceFirstAdminSetup } from './first-admin.server'
import { startMaintenance } from './maintenance.server'
import { seedJobPostings } from './seed-job-postings.server'
import {
  currentRuntime,
  startRuntime,
  type Runtime,
  type StartRuntimeOptions,
} from '../platform/runtime.server'

export interface StartAppOptions extends StartRuntimeOptions {
  /** Print the first-admin setup link when no admin exists (default true). */
  announceSetup?: boolean
}

/**
 * The composition root: starts the runtime, then wires what needs the product's models
 * (built-in job postings, the maintenance timer, the first-admin link). The host calls it
 * through the server build before it listens; tests call it through
 * `tests/support/test-runtime.ts`.
 */
export async function startApp(options: StartAppOptions = {}): Promise<Runtime> {
  const running = currentRuntime()
  if (running) return running
  const runtime = await startRuntime(options)
  try {
    await seedJobPostings(runtime.database.db)
  } catch (error) {
    await runtime.stop()
    throw error
  }
  if (options.startWorkers !== false) {
    startMaintenance(runtime)
    startCallRouting(runtime)
  }
  if (options.announceSetup !== false) await announceFirstAdminSetup(runtime)
  return runtime
}
