import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** The CSP nonce of this request, set by the host (server/host.ts). */
    cspNonce: string
    /** The client's IP address (behind a proxy only when TRUST_PROXY is true). */
    clientIp: string
  }
}
