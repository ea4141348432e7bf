/** An sRGB colour with alpha, as `getComputedStyle` reports it. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number
}

/** Parses `rgb(…)` / `rgba(…)` (the form computed styles use). */
export function parseColour(value: string): Rgba {
  const match = /rgba?\(([^)]+)\)/.exec(value)
  if (!match) throw new Error(`not an rgb() colour: ${value}`)
  const [r = 0, g = 0, b = 0, a = 1] = match[1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number)
  return { r, g, b, a }
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrast(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((x, y) => y - x)
  return (lighter! + 0.05) / (darker! + 0.05)
}
