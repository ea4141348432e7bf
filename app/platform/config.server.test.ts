import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseTrustProxy } from './config.server'

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'config-test-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('loadConfig', () => {
  it('reads the calls’ ICE servers: none by default, TURN only with its secret', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).calls).toEqual({
      stunUrls: [],
      turnUrls: [],
      turnSecret: undefined,
      turnTtlSeconds: 3600,
      relayOnly: false,
    })
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        CALL_STUN_URLS: 'stun:a.example:3478, stun:b.example:3478',
        CALL_TURN_URLS: 'turns:a.example:5349',
        CALL_TURN_SECRET: 'a secret of sixteen+',
        CALL_TURN_TTL_SECONDS: '600',
        CALL_RELAY_ONLY: 'true',
      }).calls,
    ).toEqual({
      stunUrls: ['stun:a.example:3478', 'stun:b.example:3478'],
      turnUrls: ['turns:a.example:5349'],
      turnSecret: 'a secret of sixteen+',
      turnTtlSeconds: 600,
      relayOnly: true,
    })
    expect(() => loadConfig({ DATA_DIR: dataDir, CALL_RELAY_ONLY: 'true' })).toThrow(
      /CALL_RELAY_ONLY: needs CALL_TURN_URLS/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, CALL_TURN_URLS: 'turn:a.example' })).toThrow(
      /CALL_TURN_SECRET: required when CALL_TURN_URLS is set/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, CALL_STUN_URLS: 'https://a.example' })).toThrow(
      ConfigError,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, CALL_TURN_TTL_SECONDS: '7200' })).toThrow(
      ConfigError,
    )
  })

  it('applies the documented defaults', () => {
    const dataDir = tempDir()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(dataDir)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.company.name).toBe('Example Language Services')
    expect(config.mailReplyTo).toBe('info@example.com')
    expect(loadConfig({ DATA_DIR: dataDir, COMPANY_EMAIL: 'desk@example.org' }).mailReplyTo).toBe(
      'desk@example.org',
    )
    expect(
      loadConfig({ DATA_DIR: dataDir, MAIL_REPLY_TO: 'replies@example.org' }).mailReplyTo,
    ).toBe('replies@example.org')
  })

  it('reads the lead clock: office hours in New York and a one-hour target by default', () => {
    const dataDir = tempDir()
    const { leads } = loadConfig({ DATA_DIR: dataDir })
    expect(leads.businessHours).toMatchObject({
      opens: '08:00',
      closes: '20:00',
      timeZone: 'America/New_York',
    })
    expect([...leads.businessHours.days].sort()).toEqual([1, 2, 3, 4, 5])
    expect(leads.responseTargetMs).toBe(60 * 60 * 1000)
    expect(leads.atRiskPercent).toBe(75)
    const custom = loadConfig({
      DATA_DIR: dataDir,
      LEAD_BUSINESS_HOURS: 'Mon-Sat 09:00-17:00',
      LEAD_TIME_ZONE: 'Europe/Berlin',
      LEAD_HOLIDAYS: '2026-12-25, 2027-01-01',
      LEAD_RESPONSE_TARGET_MINUTES: '120',
    }).leads
    expect(custom.businessHours.holidays).toEqual(new Set(['2026-12-25', '2027-01-01']))
    expect(custom.businessHours.days.has(6)).toBe(true)
    expect(custom.responseTargetMs).toBe(2 * 60 * 60 * 1000)
    expect(() => loadConfig({ DATA_DIR: dataDir, LEAD_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /LEAD_TIME_ZONE/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, LEAD_HOLIDAYS: '25.12.2026' })).toThrow(
      /LEAD_HOLIDAYS/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, LEAD_BUSINESS_HOURS: 'always' })).toThrow(
      /LEAD_BUSINESS_HOURS/,
    )
  })

  it('reads the office time zone, New York by default, which the lead clock follows unless set', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).officeTimeZone).toBe('America/New_York')
    expect(loadConfig({ DATA_DIR: dataDir, OFFICE_TIME_ZONE: '' }).officeTimeZone).toBe(
      'America/New_York',
    )
    const chicago = loadConfig({ DATA_DIR: dataDir, OFFICE_TIME_ZONE: 'America/Chicago' })
    expect(chicago.officeTimeZone).toBe('America/Chicago')
    expect(chicago.leads.businessHours.timeZone).toBe('America/Chicago')
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        OFFICE_TIME_ZONE: 'America/Chicago',
        LEAD_TIME_ZONE: 'Europe/Berlin',
      }).leads.businessHours.timeZone,
    ).toBe('Europe/Berlin')
    expect(() => loadConfig({ DATA_DIR: dataDir, OFFICE_TIME_ZONE: 'Eastern' })).toThrow(
      /OFFICE_TIME_ZONE: must be an IANA time zone/,
    )
  })

  it('reads the mail connections and rate limit: 4 connections and no limit by default', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).mail).toMatchObject({
      smtpConnections: 4,
      ratePerSecond: 0,
    })
    expect(
      loadConfig({ DATA_DIR: dataDir, MAIL_SMTP_CONNECTIONS: '8', MAIL_RATE_PER_SECOND: '14' })
        .mail,
    ).toMatchObject({ smtpConnections: 8, ratePerSecond: 14 })
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_SMTP_CONNECTIONS: '0' })).toThrow(
      /MAIL_SMTP_CONNECTIONS/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, MAIL_RATE_PER_SECOND: '-1' })).toThrow(
      /MAIL_RATE_PER_SECOND/,
    )
  })

  it('reads the retention periods: 12 and 24 months by default, at least one month', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).retention).toEqual({
      applicationMonths: 12,
      leadMonths: 24,
    })
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        APPLICATION_RETENTION_MONTHS: '6',
        CLIENT_REQUEST_RETENTION_MONTHS: '36',
      }).retention,
    ).toEqual({ applicationMonths: 6, leadMonths: 36 })
    expect(() => loadConfig({ DATA_DIR: dataDir, APPLICATION_RETENTION_MONTHS: '0' })).toThrow(
      /APPLICATION_RETENTION_MONTHS/,
    )
  })

  it('reads the storage quota of a client organization: 2 GiB by default, in MiB', () => {
    const dataDir = tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).organizationStorageQuotaBytes).toBe(2 * 1024 ** 3)
    expect(
      loadConfig({ DATA_DIR: dataDir, ORGANIZATION_STORAGE_QUOTA_MB: '500' })
        .organizationStorageQuotaBytes,
    ).toBe(500 * 1024 ** 2)
    for (const bad of ['0', '-1', 'lots', '1.5'])
      expect(() => loadConfig({ DATA_DIR: dataDir, ORGANIZATION_STORAGE_QUOTA_MB: bad })).toThrow(
        /ORGANIZATION_STORAGE_QUOTA_MB/,
      )
  })

  it('derives the site address from PORT when SITE_URL is unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3100' }).siteUrl).toBe('http://localhost:3100')
    expect(
      loadConfig({ DATA_DIR: tempDir(), PORT: '3100', SITE_URL: 'https://example.org/' }).siteUrl,
    ).toBe('https://example.org')
  })

  it("gives the company identity the site's address, for the e-mails' logo", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), SITE_URL: 'https://example.org/' })
    expect(config.company.website).toBe('https://example.org')
  })

  it('names each bad variable in its message', () => {
    const run = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SITE_URL: 'not a url',
      })
    expect(run).toThrow(ConfigError)
    expect(run).toThrow(/PORT/)
    expect(run).toThrow(/DATABASE_URL: must start with postgres/)
    expect(run).toThrow(/SITE_URL/)
  })

  it('treats empty optional variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', SMTP_URL: ' ' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
  })

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      /SESSION_SECRET: required in production/,
    )
    const secret = 's'.repeat(40)
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), SESSION_SECRET: secret })
        .sessionSecret,
    ).toBe(secret)
  })

  it('generates a development secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir()
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret
    expect(first).toHaveLength(64)
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first)
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first)
  })

  it('drops a trailing slash from SITE_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SITE_URL: 'https://example.org/' }).siteUrl).toBe(
      'https://example.org',
    )
  })

  it('selects the S3-compatible storage only with a bucket, and needs both keys or neither', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).fileStorage).toEqual({ kind: 'local' })
    const s3 = loadConfig({
      DATA_DIR: tempDir(),
      FILE_STORAGE: 's3',
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_KEY_PREFIX: 'production/',
    }).fileStorage
    expect(s3).toMatchObject({
      kind: 's3',
      bucket: 'uploads',
      region: 'us-east-1',
      forcePathStyle: true,
      keyPrefix: 'production/',
    })
    expect(() => loadConfig({ DATA_DIR: tempDir(), FILE_STORAGE: 's3' })).toThrow(/S3_BUCKET/)
    expect(() =>
      loadConfig({
        DATA_DIR: tempDir(),
        FILE_STORAGE: 's3',
        S3_BUCKET: 'uploads',
        S3_ACCESS_KEY_ID: 'key',
      }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_KEY_PREFIX: '../escape' })).toThrow(
      /S3_KEY_PREFIX/,
    )
  })

  it('trusts only the proxies it is told of: true is one hop, never the client-written left-most address', () => {
    expect(parseTrustProxy('false')).toBe(false)
    expect(parseTrustProxy('')).toBe(false)
    expect(parseTrustProxy('true')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.7,loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'loopback',
    ])
    expect(parseTrustProxy('2001:db8::/32')).toEqual(['2001:db8::/32'])
    for (const bad of ['0', 'yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3'])
      expect(parseTrustProxy(bad)).toBeUndefined()
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(1)
  })
})
