import { createContext, useContext } from 'react'

/**
 * The per-request CSP nonce. The server provides it; in the browser it is empty, because
 * browsers hide nonce attributes from scripts, and React keeps the server's value.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
