/**
 * Addresses that moved when a screen took the glossary's word for what it shows
 * (docs/glossary.md). Each old address, and everything below it, answers with a permanent
 * redirect to the same place under the new one, so that bookmarks and links in e-mails already
 * sent keep working. The new address checks who may see it; the redirect reveals nothing.
 */
export const movedAddresses = [{ from: '/client/requests', to: '/client/bookings' }] as const

/** Where `pathname` (with `search`, kept as it is) lives now, or undefined when it did not move. */
export function movedAddress(pathname: string, search = ''): string | undefined {
  for (const { from, to } of movedAddresses)
    if (pathname === from || pathname.startsWith(`${from}/`))
      return to + pathname.slice(from.length) + search
  return undefined
}
