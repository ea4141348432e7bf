/**
 * A same-site path to go to after signing in, or the fallback. Refuses absolute URLs,
 * protocol-relative `//host` paths and backslash tricks that browsers treat as hosts.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || to === '') return fallback
  if (
    !to.startsWith('/') ||
    to.startsWith('//') ||
    to.startsWith('/\\') ||
    [...to].some((character) => character.charCodeAt(0) < 0x20)
  ) {
    return fallback
  }
  return to
}
