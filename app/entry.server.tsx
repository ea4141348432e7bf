import { redactUrl } from './lib/http/log-redaction'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { CoalescingStream } from './lib/http/coalescing-stream.server'
import { lowerScriptPreloadPriority } from './lib/http/script-preloads'
import { NonceProvider } from './lib/nonce'
import { loggedError } from './platform/logged-error.server'
import { runtime } from './platform/runtime.server'

// The host reaches the runtime through the server build, so that the app and the host
// share one database and one mail worker (see server/host.ts).
export { stopRuntime, runtime } from './platform/runtime.server'
export { startApp } from './boot/start.server'
export {
  CALL_SOCKET_MAX_BYTES,
  CALL_SOCKET_PATH,
  serveCallSocket,
} from './realtime/call-socket.server'
// Each request's loaders share what it has worked out (app/platform/request-scope.server.ts).
export { runInRequestScope } from './platform/request-scope.server'
// The public page cache watches what the public pages show (server/page-cache.ts).
export { publicContentVersion } from './models/job-postings.server'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers get the whole page at once, people get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new CoalescingStream(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          }, lowerScriptPreloadPriority)
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) runtime().logger.error({ err: error }, 'error while streaming a page')
        },
      },
    )
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  try {
    runtime().logger.error(
      { err: error, url: redactUrl(request.url) },
      'unhandled error in a loader or action',
    )
  } catch {
    // No runtime, so no logger: the error still goes out without the values it may carry.
    console.error(error instanceof Error ? loggedError(error) : 'unhandled error')
  }
}
