/**
 * Shared formatters. Making an `Intl.DateTimeFormat` costs far more than using one (tens of
 * microseconds against one or two), and a list formats hundreds of dates in a handful of time
 * zones: each locale and set of options gets one formatter, kept for the process's life.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    dateTimeFormats.set(key, format)
  }
  return format
}
