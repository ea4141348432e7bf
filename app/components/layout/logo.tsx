const sizes = {
  header: 40,
  dashboard: 32,
  footer: 48,
  large: 96,
} as const

export type LogoSize = keyof typeof sizes

/** The logo from /logo.svg in one of its four sizes (docs/product.md#header-and-footer). */
export function Logo({ size = 'header', alt }: { size?: LogoSize; alt: string }) {
  const px = sizes[size]
  return <img src="/logo.svg" alt={alt} width={px} height={px} className="shrink-0" />
}
