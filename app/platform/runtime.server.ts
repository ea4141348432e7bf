import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { setOfficeTimeZone } from '../domain/office'
import { BackgroundTasks } from './background-tasks.server'
import { InProcessCallBus, type CallBus } from './calls/call-bus.server'
import { PostgresCallBus } from './calls/postgres-call-bus.server'
import { loadConfig, type Config } from './config.server'
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from './db.server'
import { createLogger, type Logger } from './logger.server'
import { createMailTransport, type MailTransport } from './mail/transport.server'
import { databaseAllowance, MailRateLimiter } from './mail/rate-limiter.server'
import { MailWorker } from './mail/worker.server'
import type { FileStorage } from './storage/file-storage.server'
import { LocalFileStorage } from './storage/local-file-storage.server'

/**
 * Everything with a lifetime: the configuration, the database, the mail worker and file
 * storage. It knows nothing of the product: `app/boot/start.server.ts` starts it and then
 * wires what needs models (job seeding, maintenance, the first-admin link). Loaders and
 * actions reach it through `runtime()` and `db()`.
 */
export interface Runtime {
  config: Config
  logger: Logger
  database: DatabaseHandle
  mailWorker: MailWorker
  mailDir: string
  /** Uploaded files (resumes); never served publicly. */
  storage: FileStorage
  /** Work started by requests that they do not wait for; finished before the database closes. */
  background: BackgroundTasks
  /** Passes on-demand calls' rings and signalling to the parties' open pages. */
  callBus: CallBus
  /** This process among the instances on one database (`call_instances`). */
  instanceId: string
  /** Registers work to undo before the database closes (timers started at boot). */
  onStop(hook: () => void | Promise<void>): void
  stop(): Promise<void>
}

export interface StartRuntimeOptions {
  config?: Config
  logger?: Logger
  /** Overrides the database chosen by the configuration (tests). */
  database?: DatabaseTarget
  /** Overrides the mail transport chosen by the configuration (tests). */
  mailTransport?: MailTransport
  /** Start the mail worker's polling loop (default true). */
  startWorkers?: boolean
  /** Overrides the file storage chosen by the configuration (tests). */
  storage?: FileStorage
}

// Kept on globalThis so that the development server's module reloads find the same one.
const RUNTIME_KEY = Symbol.for('language-services.runtime')
type RuntimeHolder = { [RUNTIME_KEY]?: Runtime }
const holder = globalThis as RuntimeHolder

export function databaseTargetFor(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir }
}

/** The configured file storage: `DATA_DIR/uploads` or an S3-compatible bucket. */
export async function fileStorageFor(config: Config): Promise<FileStorage> {
  const { fileStorage } = config
  if (fileStorage.kind === 's3') {
    // Loaded only when configured: the AWS SDK takes about 20 MB of memory.
    const { S3FileStorage } = await import('./storage/s3-file-storage.server')
    return new S3FileStorage(fileStorage)
  }
  return new LocalFileStorage(path.join(config.dataDir, 'uploads'))
}

export async function startRuntime(options: StartRuntimeOptions = {}): Promise<Runtime> {
  const existing = holder[RUNTIME_KEY]
  if (existing) return existing
  const config = options.config ?? loadConfig()
  setOfficeTimeZone(config.officeTimeZone)
  const logger = options.logger ?? createLogger(config)
  const target = options.database ?? databaseTargetFor(config)
  const database = await openDatabase(target, {
    onConnectionError: (error) =>
      logger.error({ err: error }, 'a database connection failed: a new one replaces it'),
  })
  logger.info({ database: database.kind }, 'database open and migrated')
  const storage = options.storage ?? (await fileStorageFor(config))

  const mailDir = path.join(config.dataDir, 'mail')
  const transport =
    options.mailTransport ??
    createMailTransport({
      smtpUrl: config.smtpUrl,
      mailDir,
      connections: config.mail.smtpConnections,
    })
  const mailWorker = new MailWorker({
    db: database.db,
    transport,
    logger: logger.child({ component: 'mail' }),
    from: config.mailFrom,
    pollIntervalMs: config.mail.pollIntervalMs,
    retryBaseMs: config.mail.retryBaseMs,
    maxAttempts: config.mail.maxAttempts,
    concurrency: config.mail.smtpConnections,
    rateLimiter:
      config.mail.ratePerSecond > 0
        ? new MailRateLimiter(config.mail.ratePerSecond, databaseAllowance(database.db))
        : undefined,
  })
  if (options.startWorkers !== false) mailWorker.start()
  logger.info({ transport: transport.describe }, 'mail worker ready')
  logger.info({ storage: storage.describe }, 'file storage ready')

  // On PostgreSQL other instances may serve the other party of a call: events go through it.
  const callBus: CallBus =
    target.kind === 'postgres'
      ? await PostgresCallBus.connect(target.url, logger.child({ component: 'calls' }))
      : new InProcessCallBus()

  const stopHooks: (() => void | Promise<void>)[] = []
  const runtime: Runtime = {
    config,
    logger,
    database,
    mailWorker,
    mailDir,
    storage,
    background: new BackgroundTasks(logger),
    callBus,
    instanceId: randomUUID(),
    onStop(hook) {
      stopHooks.push(hook)
    },
    async stop() {
      for (const hook of stopHooks) await hook()
      await runtime.background.settle()
      await runtime.callBus.close()
      await mailWorker.stop()
      storage.close?.()
      await database.close()
      if (holder[RUNTIME_KEY] === runtime) delete holder[RUNTIME_KEY]
      logger.info('runtime stopped')
    },
  }
  holder[RUNTIME_KEY] = runtime
  return runtime
}

/** The running runtime, if one was started in this process. */
export function currentRuntime(): Runtime | undefined {
  return holder[RUNTIME_KEY]
}

export function runtime(): Runtime {
  const current = holder[RUNTIME_KEY]
  if (!current) throw new Error('The runtime has not been started (call startRuntime first).')
  return current
}

/**
 * The database to query: the transaction when one is passed (so a model function can join
 * its caller's transaction), otherwise the runtime's connection.
 */
export function db(tx?: Database): Database {
  return tx ?? runtime().database.db
}

export async function stopRuntime() {
  await holder[RUNTIME_KEY]?.stop()
}
