const PRELOAD = Buffer.from('<link rel="modulepreload" ')
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low" ')

/**
 * React Router asks for every module a page needs with `<link rel="modulepreload">`, which
 * browsers fetch at high priority, side by side with the stylesheet, the font and the hero
 * image that the first paint waits for; on a slow phone connection the scripts (most of the
 * page's bytes) then hold the first paint back. Marked low priority they still start at
 * once, but yield to what the page needs to be seen; the page works before they arrive.
 * Works on the bytes (the tag is ASCII), so no character can be cut in two.
 */
export function lowerScriptPreloadPriority(html: Buffer): Buffer {
  const parts: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_PRELOAD)
    from = at + PRELOAD.length
  }
  if (from === 0) return html
  parts.push(html.subarray(from))
  return Buffer.concat(parts)
}
