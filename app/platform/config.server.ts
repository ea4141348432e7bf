import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { parseBusinessHours, type BusinessHours } from '../domain/business-hours'
import type { CompanyIdentity } from '../domain/company'
import type { S3FileStorageOptions } from './storage/file-storage.server'
import { DEFAULT_OFFICE_TIME_ZONE } from '../domain/office'

/**
 * Every environment variable the product reads, validated once at start-up.
 * `.env.example` documents each one; keep the two in step.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const timeZone = z
  .string()
  .trim()
  .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')

/** A list separated by commas, each entry checked by `item`; empty when unset. */
function commaList<Item extends z.ZodType<unknown, string>>(item: Item) {
  return z
    .string()
    .trim()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))
}

/** URLs separated by commas, each matching `scheme`. */
const urlList = (scheme: RegExp, message: string) => commaList(z.string().regex(scheme, message))

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Example Language Services <no-reply@example.com>'),
  // Unset: COMPANY_EMAIL, the mailbox people already write to.
  MAIL_REPLY_TO: optionalText.pipe(z.email().optional()),
  STAFF_NOTIFY_EMAIL: z.email().default('staff@example.com'),
  // Unset: http://localhost:<PORT>, the address `npm start` prints.
  SITE_URL: optionalText.pipe(z.url().optional()),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  COMPANY_NAME: z.string().trim().min(1).default('Example Language Services'),
  COMPANY_PHONE: z.string().trim().min(1).default('+1 (512) 555-0142'),
  COMPANY_EMAIL: z.email().default('info@example.com'),
  COMPANY_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('100 Example Street, Suite 200, Austin, TX 78701'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  // Unset or 0: no limit.
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(0),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context) => {
      const trust = parseTrustProxy(value)
      if (trust === undefined)
        context.addIssue({
          code: 'custom',
          message:
            'must be false, true (one proxy), the number of proxies, or a comma-separated list of proxy addresses or CIDR ranges',
        })
      return trust ?? false
    }),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(2000).default(1000),
  // How long personal data is kept (docs/privacy.md#how-long).
  APPLICATION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(12),
  CLIENT_REQUEST_RETENTION_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  // What one client organization's uploads may hold in all, in MiB (2 GiB).
  ORGANIZATION_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_485_760).default(2048),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  // Dates on staff screens and PDFs, the office's calendar day, new bookings' and profiles'
  // zone (app/domain/office.ts).
  OFFICE_TIME_ZONE: optionalText.pipe(timeZone.optional()),
  // The first-response clock of client requests (docs/decisions/045-lead-response-clock.md).
  LEAD_BUSINESS_HOURS: z.string().trim().default('Mon-Fri 08:00-20:00'),
  // The office's zone when unset (docs/decisions/045-lead-response-clock.md).
  LEAD_TIME_ZONE: optionalText.pipe(timeZone.optional()),
  LEAD_HOLIDAYS: commaList(z.iso.date('must be dates like 2026-12-25, separated by commas')),
  LEAD_RESPONSE_TARGET_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  LEAD_AT_RISK_PERCENT: z.coerce.number().int().min(1).max(99).default(75),
  // On-demand calls' ICE servers (docs/deploy.md#calls-stun-and-turn): none by default.
  CALL_STUN_URLS: urlList(/^stuns?:/, 'must be stun: or stuns: URLs, separated by commas'),
  CALL_TURN_URLS: urlList(/^turns?:/, 'must be turn: or turns: URLs, separated by commas'),
  CALL_TURN_SECRET: optionalText.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  CALL_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(3600),
  CALL_RELAY_ONLY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  S3_KEY_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]*\/$/, 'must be lower-case letters, digits, . _ - and end with /')
      .optional(),
  ),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /**
   * The mailbox staff read, set as Reply-To on every message that invites a reply (MAIL_FROM
   * may be a no-reply address).
   */
  mailReplyTo: string
  staffNotifyEmail: string
  siteUrl: string
  sessionSecret: string
  company: CompanyIdentity
  /** IANA zone of the office (app/domain/office.ts). */
  officeTimeZone: string
  /** Months after their last change that undecided or rejected applications and leads are erased. */
  retention: { applicationMonths: number; leadMonths: number }
  /** The most a client organization's uploaded files (quotes, bookings) may hold, in bytes. */
  organizationStorageQuotaBytes: number
  logLevel: Env['LOG_LEVEL']
  mail: {
    pollIntervalMs: number
    retryBaseMs: number
    maxAttempts: number
    /** SMTP connections each instance keeps open, and so the messages it sends at once. */
    smtpConnections: number
    /** Messages per second across every instance (the provider's cap); 0: no limit. */
    ratePerSecond: number
  }
  /**
   * Which proxies' `X-Forwarded-For` entries to believe: none, the last `n` hops, or the
   * proxies at these addresses. The client's address is the one the trusted proxies appended.
   */
  trustProxy: TrustProxy
  /** After SIGTERM: how long /readyz answers 503 while requests are still accepted. */
  shutdownDrainMs: number
  /** Where uploads go: `DATA_DIR/uploads`, or an S3-compatible bucket. */
  fileStorage: { kind: 'local' } | ({ kind: 's3' } & S3FileStorageOptions)
  /** On-demand calls' ICE servers: STUN URLs, and TURN URLs with the shared secret. */
  calls: CallIceConfig
  /** The first-response clock of client requests, counted in business hours. */
  leads: {
    businessHours: BusinessHours
    responseTargetMs: number
    /** The share of the target after which a request is "At risk", in percent. */
    atRiskPercent: number
  }
}

export type TrustProxy = false | number | string[]

export interface CallIceConfig {
  stunUrls: string[]
  turnUrls: string[]
  /** The TURN server's shared secret (its REST API scheme); set whenever TURN URLs are. */
  turnSecret: string | undefined
  /** How long a TURN credential handed to a page lasts. */
  turnTtlSeconds: number
  /** Media only through the TURN relay: neither party's browser learns the other's address. */
  relayOnly: boolean
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * `true` means one proxy: the left-most `X-Forwarded-For` entry is whatever the client
 * wrote, so only the entries appended by the proxies we run are believed.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  if (value === '' || value === 'false') return false
  if (value === 'true') return 1
  if (/^\d+$/.test(value))
    return Number(value) >= 1 && Number(value) <= 10 ? Number(value) : undefined
  const entries = value.split(',').map((entry) => entry.trim())
  const valid = entries.every((entry) => {
    if (PROXY_ADDRESS_NAMES.has(entry)) return true
    const [address, bits, ...rest] = entry.split('/')
    if (rest.length > 0 || !address || isIP(address) === 0) return false
    const maxBits = isIP(address) === 4 ? 32 : 128
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)
  })
  return valid ? entries : undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads and checks the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    )
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const isProduction = env.NODE_ENV === 'production'
  const siteUrl = (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid environment configuration:\n  SESSION_SECRET: required in production (at least 32 characters)',
    )
  }
  if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET) {
    throw new ConfigError(
      'Invalid environment configuration:\n  S3_BUCKET: required when FILE_STORAGE is s3',
    )
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    )
  }
  if (env.CALL_RELAY_ONLY && env.CALL_TURN_URLS.length === 0) {
    throw new ConfigError(
      'Invalid environment configuration:\n  CALL_RELAY_ONLY: needs CALL_TURN_URLS, the relay to go through',
    )
  }
  if (env.CALL_TURN_URLS.length > 0 && !env.CALL_TURN_SECRET) {
    throw new ConfigError(
      'Invalid environment configuration:\n  CALL_TURN_SECRET: required when CALL_TURN_URLS is set',
    )
  }
  const officeTimeZone = env.OFFICE_TIME_ZONE ?? DEFAULT_OFFICE_TIME_ZONE
  let businessHours: BusinessHours
  try {
    businessHours = parseBusinessHours(
      env.LEAD_BUSINESS_HOURS,
      env.LEAD_TIME_ZONE ?? officeTimeZone,
      env.LEAD_HOLIDAYS,
    )
  } catch (error) {
    throw new ConfigError(
      `Invalid environment configuration:\n  LEAD_BUSINESS_HOURS: ${(error as Error).message}`,
    )
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailReplyTo: env.MAIL_REPLY_TO ?? env.COMPANY_EMAIL,
    staffNotifyEmail: env.STAFF_NOTIFY_EMAIL,
    siteUrl,
    sessionSecret: env.SESSION_SECRET ?? developmentSessionSecret(dataDir),
    company: {
      name: env.COMPANY_NAME,
      phone: env.COMPANY_PHONE,
      email: env.COMPANY_EMAIL,
      address: env.COMPANY_ADDRESS,
      website: siteUrl,
    },
    logLevel: env.LOG_LEVEL,
    retention: {
      applicationMonths: env.APPLICATION_RETENTION_MONTHS,
      leadMonths: env.CLIENT_REQUEST_RETENTION_MONTHS,
    },
    organizationStorageQuotaBytes: env.ORGANIZATION_STORAGE_QUOTA_MB * 1024 * 1024,
    mail: {
      pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      smtpConnections: env.MAIL_SMTP_CONNECTIONS,
      ratePerSecond: env.MAIL_RATE_PER_SECOND,
    },
    trustProxy: env.TRUST_PROXY,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    fileStorage:
      env.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            keyPrefix: env.S3_KEY_PREFIX,
          }
        : { kind: 'local' },
    officeTimeZone,
    calls: {
      stunUrls: env.CALL_STUN_URLS,
      turnUrls: env.CALL_TURN_URLS,
      turnSecret: env.CALL_TURN_SECRET,
      turnTtlSeconds: env.CALL_TURN_TTL_SECONDS,
      relayOnly: env.CALL_RELAY_ONLY,
    },
    leads: {
      businessHours,
      responseTargetMs: env.LEAD_RESPONSE_TARGET_MINUTES * 60_000,
      atRiskPercent: env.LEAD_AT_RISK_PERCENT,
    },
  }
}

/**
 * Outside production a random secret is generated once and kept in DATA_DIR, so that
 * sessions survive a restart without anyone having to invent a secret.
 */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // Not created yet.
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
