import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import type * as EntryServer from '../app/entry.server'
import type { StartAppOptions } from '../app/boot/start.server'
import type { Runtime } from '../app/platform/runtime.server'
import { serializeLoggedError } from '../app/platform/logger.server'
import { isPrivatePath, isSecretLinkPath } from '../app/content/public-pages'
import { isCrossSiteRequest } from '../app/lib/http/csrf'
import { redactUrl } from '../app/lib/http/log-redaction'
import { serveCallSockets } from './call-sockets'
import { collectGarbageWhenIdle } from './idle-collection'
import { releaseUnusedHeap } from './heap-release'
import { publicPageCache } from './page-cache'
import { reactRouterHandler } from './react-router-handler'
import { limitRequestBodies } from './request-body'
import { routeHandles } from './route-handles'

type EntryModule = typeof EntryServer

export interface HostOptions {
  /** The project root: where `build/` lives. */
  root: string
  /** In development the app is served by Vite with hot reload. */
  vite?: ViteDevServer
  /** Passed to the runtime: tests replace the configuration, the database or the mail transport. */
  runtime?: StartAppOptions
  /** Overrides the configured port (0 picks a free one). */
  port?: number
  host?: string
}

export interface RunningHost {
  url: string
  server: Server
  runtime: Runtime
  /** Readiness turns 503, in-flight requests finish, workers stop, the database closes. */
  shutdown(reason?: string): Promise<void>
}

/**
 * How long in-flight requests get to finish before their connections are cut. With the
 * drain (at most 2 s) and closing the database (about 2 s on PGlite) the process exits
 * within 10 s of SIGTERM, inside a load balancer's or orchestrator's usual stop timeout.
 */
const SHUTDOWN_GRACE_MS = 5_000
/** How long without requests before memory grown under load is collected (idle-collection.ts). */
const IDLE_COLLECTION_MS = 5_000
/** The last path segment ends in a file extension, as every file in build/client does. */
const HAS_EXTENSION = /\.[A-Za-z0-9]+$/
/**
 * Pictures shown on other sites' pages: the e-mail logo (webmail loads it in the reader's
 * browser) and the social pictures. They alone may be embedded cross-origin.
 */
const SHARED_IMAGE = /^\/(?:logo-email\.png|og-image\.png|og\/[a-z-]+\.png)$/

async function loadBuild(options: HostOptions): Promise<() => Promise<ServerBuild>> {
  const { vite } = options
  if (vite) {
    return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  }
  const buildFile = path.join(options.root, 'build/server/index.js')
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
  return async () => build
}

/**
 * Starts the web server: opens and migrates the database (through the app's runtime)
 * before it listens, then serves assets, health endpoints and the React Router app.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const getBuild = await loadBuild(options)
  const entry = (await getBuild()).entry.module as unknown as EntryModule
  const runtime = await entry.startApp(options.runtime)
  const { config, logger } = runtime
  const siteOrigin = new URL(config.siteUrl).origin
  const httpsSite = siteOrigin.startsWith('https:')
  let shuttingDown = false

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store').send('ok')
  })
  app.get('/readyz', async (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store')
    if (shuttingDown) return void res.status(503).send('shutting down')
    try {
      await runtime.database.ping()
      res.send('ready')
    } catch (error) {
      logger.warn({ err: error }, 'readiness check failed')
      res.status(503).send('database unreachable')
    }
  })

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        // Its own serializers replace the logger's: errors keep no values here either.
        err: serializeLoggedError,
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    }),
  )
  app.use((_req, res, next) => {
    if (shuttingDown) res.set('Connection', 'close')
    next()
  })
  app.use(compression())
  app.use(((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }) satisfies RequestHandler)
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          styleSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ],
          // Inline style attributes (progress bars) only; no inline <style> without a nonce.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: options.vite ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          ...(httpsSite ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity:
        httpsSite && config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: 'deny' },
    }),
  )

  app.use(((req, res, next) => {
    if (SHARED_IMAGE.test(req.path)) res.set('Cross-Origin-Resource-Policy', 'cross-origin')
    next()
  }) satisfies RequestHandler)

  if (options.vite) {
    app.use(options.vite.middlewares)
  } else {
    const clientDir = path.join(options.root, 'build/client')
    // Hashed file names never change content: cache them for a year.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
      }),
    )
    // The brand typeface's file names carry its version (app/app.css): as long-lived.
    app.use(
      '/fonts',
      express.static(path.join(clientDir, 'fonts'), {
        immutable: true,
        maxAge: '1y',
        index: false,
      }),
    )
    // Every file in build/client has an extension: a page's path (without one) skips the
    // file-system lookup express.static would otherwise make for every request.
    const serveRootFile = express.static(clientDir, { maxAge: '1h', index: false })
    app.use(((req, res, next) => {
      if (HAS_EXTENSION.test(req.path)) serveRootFile(req, res, next)
      else next()
    }) satisfies RequestHandler)
  }

  // Pages with personal or admin data are never stored by browsers or proxies.
  app.use(((req, res, next) => {
    if (isPrivatePath(req.path)) res.set('Cache-Control', 'no-store')
    if (isSecretLinkPath(req.path)) res.set('Referrer-Policy', 'no-referrer')
    next()
  }) satisfies RequestHandler)

  app.use(((req, res, next) => {
    // One-click unsubscribe (RFC 8058) is posted by mail providers' servers, without Origin
    // or Sec-Fetch-Site. The route uses no cookie; its signed token is the authority. The
    // only exemption: see docs/security.md.
    if (req.method === 'POST' && req.path === '/unsubscribe') return next()
    const crossSite = isCrossSiteRequest(
      { method: req.method, secFetchSite: req.get('sec-fetch-site'), origin: req.get('origin') },
      siteOrigin,
    )
    if (!crossSite) return next()
    logger.warn(
      { method: req.method, url: redactUrl(req.originalUrl), origin: req.get('origin') },
      'cross-site request refused',
    )
    res.status(403).type('text/plain').send('Forbidden: cross-site request refused.')
  }) satisfies RequestHandler)

  const handlesOf = routeHandles(getBuild)
  app.use(
    limitRequestBodies({
      acceptsUploads: async (req) =>
        (await handlesOf(req.path)).some((handle) => handle.acceptsUploads),
      logger,
    }),
  )

  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
    clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  })
  // Public pages that depend only on the build are rendered once and re-stamped with each
  // response's nonce (docs/decisions/010-public-page-cache.md).
  if (!options.vite) {
    const pageCache = publicPageCache(
      await getBuild(),
      siteOrigin,
      getLoadContext,
      () => entry.publicContentVersion(),
      (error) => logger.warn({ err: error }, 'public page cache: content version unreadable'),
    )
    runtime.onStop(pageCache.stop)
    app.use(pageCache.handler)
  }
  app.use(
    reactRouterHandler({
      // In development each request asks Vite for the current build (hot reload).
      build: options.vite ? getBuild : await getBuild(),
      mode: options.vite ? 'development' : 'production',
      getLoadContext,
    }),
  )

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(
      options.port ?? config.port,
      options.host ?? config.host,
      (error?: Error) => (error ? reject(error) : resolve(listening)),
    )
  })
  const callSockets = serveCallSockets(server, entry, runtime, () => shuttingDown)
  collectGarbageWhenIdle(server, {
    idleMs: IDLE_COLLECTION_MS,
    collect: () =>
      releaseUnusedHeap().catch((error: unknown) =>
        logger.warn({ err: error }, 'the idle garbage collection failed'),
      ),
  })
  const address = server.address() as AddressInfo
  const shownHost =
    address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.address
  const url = `http://${shownHost}:${address.port}`
  logger.info({ url }, 'server listening')

  let shutdownPromise: Promise<void> | undefined
  const shutdown = (reason = 'shutdown') => {
    shutdownPromise ??= (async () => {
      shuttingDown = true
      // /readyz answers 503 from now on. Keep accepting requests for a moment, so that a
      // load balancer sees the 503 and stops routing here before the port closes.
      logger.info({ reason, drainMs: config.shutdownDrainMs }, 'shutting down: draining')
      if (config.shutdownDrainMs > 0)
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      logger.info('shutting down: finishing in-flight requests')
      callSockets.close()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
      await closed
      clearTimeout(force)
      await runtime.stop()
    })()
    return shutdownPromise
  }

  return { url, server, runtime, shutdown }
}
