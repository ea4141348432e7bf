import pino, { type Logger } from 'pino'
import type { Config } from './config.server'

export type { Logger }

/** JSON logs in production, readable lines in development. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  const pretty = config.env === 'development' && process.stdout.isTTY
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
  })
}
