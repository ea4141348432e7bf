// gettext-parser ships no types; these are the parts the catalogues use
// (app/i18n/catalogue.server.ts, scripts/i18n.ts).
declare module 'gettext-parser' {
  export interface PoEntry {
    msgctxt?: string
    msgid: string
    msgid_plural?: string
    msgstr: string[]
    comments?: {
      translator?: string
      reference?: string
      extracted?: string
      flag?: string
      previous?: string
    }
  }
  export interface PoData {
    charset: string
    headers: Record<string, string>
    translations: Record<string, Record<string, PoEntry>>
  }
  export const po: {
    parse(
      input: string | Buffer,
      options?: { defaultCharset?: string; validation?: boolean },
    ): PoData
    compile(data: PoData, options?: { foldLength?: number; sort?: boolean }): Buffer
  }
}
