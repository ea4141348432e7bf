import { createReadableStreamFromReadable } from '@react-router/node'
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { bufferedBody } from './request-body'

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  getLoadContext(req: ExpressRequest, res: ExpressResponse): AppLoadContext
}

function webRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method,
    headers,
    signal: controller.signal,
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    // A form body was already read, size-checked and cleaned (request-body.ts); uploads
    // stream on.
    const form = bufferedBody(res)
    if (form) {
      init.body = new Uint8Array(form.body)
      headers.set('content-type', form.contentType)
      headers.set('content-length', String(form.body.byteLength))
      headers.delete('transfer-encoding')
    } else {
      init.body = createReadableStreamFromReadable(req)
      init.duplex = 'half'
    }
  }
  return new Request(requestUrl(req), init)
}

function requestUrl(req: ExpressRequest) {
  try {
    return new URL(req.originalUrl, origin(req))
  } catch {
    // A Host header that is no host at all: the path still routes.
    return new URL(req.originalUrl, `${req.protocol}://localhost`)
  }
}

/**
 * The origin the client addressed: React Router compares it with the `Origin` of actions.
 * Express's `hostname` drops the port and, behind a trusted proxy, reads X-Forwarded-Host.
 */
function origin(req: ExpressRequest) {
  const forwardedHost = req.app.enabled('trust proxy') ? req.get('x-forwarded-host') : undefined
  const port = /:(\d+)$/.exec(forwardedHost ?? req.get('host') ?? '')?.[1]
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname
  return `${req.protocol}://${host}${port ? `:${port}` : ''}`
}

async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel())
  res.statusMessage = response.statusText
  res.status(response.status)
  response.headers.forEach((value, name) => res.append(name, value))
  if (!response.body) return void res.end()
  await writeResponseBody(response.body, res)
}

/**
 * Writes a body to the response, waiting for 'drain' whenever the socket's buffer is full,
 * and stops reading the body when the client goes away. One 'drain' listener serves the
 * whole body: the compression middleware hands 'drain' listeners to its zlib stream, where
 * `once` and `off` cannot remove them, so a listener per wait (as React Router's
 * `writeReadableStreamToWritable` adds) piles up on a long streamed download. A body that
 * fails midway aborts the response: its status line has gone out already.
 */
export async function writeResponseBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  let resume = () => {}
  const onDrainOrClose = () => resume()
  res.on('drain', onDrainOrClose)
  res.on('close', onDrainOrClose)
  const reader = body.getReader()
  try {
    for (;;) {
      if (res.destroyed) return void (await reader.cancel())
      const { done, value } = await reader.read()
      if (done) return void res.end()
      if (!res.write(value) && !res.destroyed)
        await new Promise<void>((resolve) => (resume = resolve))
    }
  } catch (error) {
    reader.cancel(error).catch(() => {})
    // The error is the body's, not the client's: nobody listens for it on the response.
    res.once('error', () => {})
    res.destroy(error instanceof Error ? error : new Error(String(error)))
  } finally {
    res.off('close', onDrainOrClose)
    reader.releaseLock()
  }
}

/**
 * React Router's request handler for Express. Ours rather than `@react-router/express` so
 * that a form body read and limited before routing reaches the app (that adapter always
 * streams the body from the socket).
 */
export function reactRouterHandler(options: ReactRouterHandlerOptions): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode)
  return async (req, res, next) => {
    try {
      // Reading requests only: after an action the loaders must see what it changed.
      const reads = req.method === 'GET' || req.method === 'HEAD'
      const inScope = reads ? await requestScopeOf(options.build) : runNow
      const response = await inScope(() =>
        handle(webRequest(req, res), options.getLoadContext(req, res)),
      )
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}

type RunInRequestScope = <T>(work: () => T) => T

/** The app's per-request memo (app/platform/request-scope.server.ts), from the server build. */
async function requestScopeOf(build: ReactRouterHandlerOptions['build']) {
  const { entry } = typeof build === 'function' ? await build() : build
  const module = entry.module as { runInRequestScope?: RunInRequestScope }
  return module.runInRequestScope ?? runNow
}

const runNow: RunInRequestScope = (work) => work()
