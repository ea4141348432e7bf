import { randomUUID } from 'node:crypto'
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { publicPages } from '../app/content/public-pages'
import { pathWithoutLocale } from '../app/domain/locales'

/**
 * Public pages are rendered once and then served from memory (see
 * docs/decisions/010-public-page-cache.md): the pages with a fixed address, the job posting
 * and apply pages, and the application page for each position. What they show from the
 * database is watched through a fingerprint (`publicContentVersion`), read every half second;
 * when it changes the cache starts empty again
 * (docs/decisions/041-public-page-cache-invalidated-through-the-database.md).
 */
export const CACHED_PAGES = new Set(publicPages.map((page) => page.path))

/** Pages under these prefixes are cached per slug: `/jobs/{jobId}`, `/apply/{jobId}`. */
const CACHED_SLUG_PAGES = /^\/(jobs|apply)\/[a-z0-9-]{1,100}$/
/** The application page is cached per position: `/application?language={slug}`. */
const APPLICATION_PAGE = /^\/application(\?language=[a-z0-9()/-]{1,100})?$/

/** At most this many pages are kept (the application page takes any well-formed slug). */
export const MAX_CACHED_PAGES = 300
/** How often each instance reads the fingerprint of what the public pages show. */
export const VERSION_POLL_MS = 500

/**
 * The cache key of a request, or undefined when it is not served from the cache: only plain
 * GETs without cookies, of a cached page, with no query string but the application page's
 * position.
 */
export function cacheKeyOf(req: {
  method: string
  path: string
  originalUrl: string
  headers: { cookie?: string }
}) {
  if (req.method !== 'GET' || req.headers.cookie) return undefined
  const url = req.originalUrl
  // A page in another language is cached like its English page, under its own address.
  const english = pathWithoutLocale(url)
  if (
    CACHED_PAGES.has(english) ||
    CACHED_SLUG_PAGES.test(english) ||
    APPLICATION_PAGE.test(english)
  )
    return url
  return undefined
}

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

/** The pages in memory, dropped all at once when the public content changes. */
class PageStore {
  private pages = new Map<string, Promise<CachedPage | undefined>>()
  /** Bumped when the content changes: a render started before then is not stored. */
  generation = 0
  /** The content's fingerprint; undefined until read (then nothing is cached). */
  version: string | undefined

  get(key: string) {
    return this.pages.get(key)
  }

  set(key: string, page: Promise<CachedPage | undefined>) {
    if (this.pages.size >= MAX_CACHED_PAGES) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.pages.keys().next().value
      if (oldest !== undefined) this.pages.delete(oldest)
    }
    this.pages.set(key, page)
  }

  delete(key: string) {
    this.pages.delete(key)
  }

  /** Takes the latest fingerprint; a new one empties the store. */
  observe(version: string | undefined) {
    if (version === this.version) return
    this.version = version
    this.generation += 1
    this.pages.clear()
  }
}

/**
 * Serves the cached pages from memory after their first render. Only 200 HTML responses
 * that set no cookie are stored. `readVersion` gives the fingerprint of what the pages show
 * from the database; the returned `stop` ends its polling.
 */
export function publicPageCache(
  build: ServerBuild,
  origin: string,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  readVersion: () => Promise<string>,
  onVersionError: (error: unknown) => void = () => {},
): { handler: RequestHandler; stop: () => void } {
  const handle = createRequestHandler(build, 'production')
  const store = new PageStore()

  const poll = () =>
    readVersion().then(
      (version) => store.observe(version),
      (error: unknown) => {
        // Unknown content: cache nothing until the database answers again.
        store.observe(undefined)
        onVersionError(error)
      },
    )
  void poll()
  const timer = setInterval(() => void poll(), VERSION_POLL_MS)
  timer.unref()
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

  const handler: RequestHandler = (req, res, next) => {
    const key = cacheKeyOf(req)
    if (key === undefined || store.version === undefined) return next()
    const nonce = res.locals.cspNonce as string
    const cached = store.get(key)
    if (cached) {
      cached
        .then((page) => (page ? send(res, page, stampPage(page, nonce), 'hit') : next()))
        .catch(next)
      return
    }
    const generation = store.generation
    const rendering = render(req, res)
    store.set(key, rendering)
    const forget = () => {
      // Only this render's own entry: the store may have been emptied and refilled meanwhile.
      if (store.get(key) === rendering) store.delete(key)
    }
    rendering
      .then((page) => {
        // Not cacheable after all (an error page), or rendered from content that changed
        // while it rendered: render again next time.
        if (!page || store.generation !== generation) forget()
        if (!page) return next()
        send(res, page, page.html, 'miss')
      })
      .catch((error: unknown) => {
        forget()
        next(error)
      })
  }
  return { handler, stop: () => clearInterval(timer) }
}
