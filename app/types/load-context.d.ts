import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** The CSP nonce of this request, set by the host (server/host.ts). */
    cspNonce: string
    /** The client's IP address: the one the proxies named by TRUST_PROXY appended, or the connection's. */
    clientIp: string
  }
}
