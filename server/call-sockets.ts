import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type * as EntryServer from '../app/entry.server'
import { isSameSiteSocket } from '../app/lib/http/csrf'
import type { Runtime } from '../app/platform/runtime.server'

/**
 * The calls' signalling WebSockets (docs/architecture.md#on-demand-calls): the one upgrade
 * this host takes, at the calls' socket path, from a page of this site (Origin checked, so
 * another site's page cannot use a visitor's cookie). The app serves each connection.
 */
export function serveCallSockets(
  server: Server,
  entry: typeof EntryServer,
  runtime: Runtime,
  shuttingDown: () => boolean,
) {
  const { logger, config } = runtime
  const siteOrigin = new URL(config.siteUrl).origin
  const sockets = new WebSocketServer({ noServer: true, maxPayload: entry.CALL_SOCKET_MAX_BYTES })

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  }

  server.on('upgrade', (request, socket, head) => {
    const { pathname } = new URL(request.url ?? '/', 'http://host.invalid')
    if (pathname !== entry.CALL_SOCKET_PATH) return refuse(socket, 404, 'Not Found')
    if (shuttingDown()) return refuse(socket, 503, 'Service Unavailable')
    if (!isSameSiteSocket(request.headers.origin, request.headers.host, siteOrigin)) {
      logger.warn({ origin: request.headers.origin }, 'cross-site call socket refused')
      return refuse(socket, 403, 'Forbidden')
    }
    sockets.handleUpgrade(request, socket, head, (connection) => {
      entry.serveCallSocket(connection, request.headers.cookie).catch((error: unknown) => {
        logger.error({ err: error }, 'a call socket failed')
        connection.close(1011, 'failed')
      })
    })
  })

  return {
    /** Closes every connection ("going away"): the pages connect again to another instance. */
    close() {
      for (const connection of sockets.clients) connection.close(1001, 'going away')
      sockets.close()
    },
  }
}
