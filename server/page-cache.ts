import { randomUUID } from 'node:crypto'
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { publicPages } from '../app/content/public-pages'

/**
 * Public pages whose HTML depends on nothing but the build and the configuration: they are
 * rendered once and then served from memory (see docs/decisions/010-public-page-cache.md).
 * Pages that read the database (job postings, the apply and application pages) render per
 * request.
 */
export const CACHED_PAGES = new Set(publicPages.map((page) => page.path))

interface CachedPage {
  status: number
  headers: [string, string][]
  html: string
  /** The CSP nonce the page was rendered with: replaced by each response's own. */
  nonce: string
  /** The one-time form token the page was rendered with, if it has a form. */
  formToken: string | undefined
}

const FORM_TOKEN = /name="formToken" value="([0-9a-f-]{36})"/

/** A fresh copy of a cached page for one response: its own nonce and its own form token. */
export function stampPage(page: Pick<CachedPage, 'html' | 'nonce' | 'formToken'>, nonce: string) {
  let html = page.html.replaceAll(page.nonce, nonce)
  if (page.formToken) html = html.replaceAll(page.formToken, randomUUID())
  return html
}

function webRequest(req: ExpressRequest, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  return new Request(new URL(req.originalUrl, origin), { method: 'GET', headers })
}

function send(res: ExpressResponse, page: CachedPage, html: string, state: 'hit' | 'miss') {
  res.status(page.status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('X-Page-Cache', state)
  res.send(html)
}

/**
 * Serves the pages of CACHED_PAGES from memory after their first render. Only plain GETs
 * without a query string or cookies are cached, and only 200 responses that set no cookie.
 */
export function publicPageCache(
  build: ServerBuild,
  origin: string,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  const handle = createRequestHandler(build, 'production')
  const pages = new Map<string, Promise<CachedPage | undefined>>()

  const render = async (req: ExpressRequest, res: ExpressResponse) => {
    const context = loadContext(req, res)
    const response = await handle(webRequest(req, origin), context)
    if (response.status !== 200 || response.headers.has('set-cookie')) return undefined
    if (!response.headers.get('content-type')?.startsWith('text/html')) return undefined
    const html = await response.text()
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') headers.push([name, value])
    })
    return {
      status: response.status,
      headers,
      html,
      nonce: context.cspNonce,
      formToken: FORM_TOKEN.exec(html)?.[1],
    } satisfies CachedPage
  }

  return (req, res, next) => {
    const cacheable =
      req.method === 'GET' &&
      CACHED_PAGES.has(req.path) &&
      !req.originalUrl.includes('?') &&
      !req.headers.cookie
    if (!cacheable) return next()
    const nonce = res.locals.cspNonce as string
    const cached = pages.get(req.path)
    if (cached) {
      cached
        .then((page) => (page ? send(res, page, stampPage(page, nonce), 'hit') : next()))
        .catch(next)
      return
    }
    const rendering = render(req, res)
    pages.set(req.path, rendering)
    rendering
      .then((page) => {
        if (!page) {
          // Not cacheable after all (an error page): render normally next time.
          pages.delete(req.path)
          return next()
        }
        send(res, page, page.html, 'miss')
      })
      .catch((error: unknown) => {
        pages.delete(req.path)
        next(error)
      })
  }
}
