import { createElement, Fragment, type CSSProperties, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { CompanyIdentity } from '../domain/company'
import { DEFAULT_LOCALE, type Locale } from '../domain/locales'
import { copy, fill, fillParts } from '../i18n/translator.server'

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/**
 * The site's palette (app/app.css) for e-mails, which take inline styles only
 * (docs/design-system.md#e-mail).
 */
export const mailColours = {
  brand900: '#0f2f5c',
  brand700: '#174c99',
  brand50: '#eef6ff',
  accent500: '#f59e0b',
  text: '#0f172a',
  muted: '#475569',
  rule: '#e2e8f0',
  page: '#f1f5f9',
} as const

/** Inter where the reader has it, else Arial: mail clients load no web fonts reliably. */
const mailFont = 'Inter, Arial, Helvetica, sans-serif'

/** The legacy fill attribute, which Outlook reads where it ignores CSS backgrounds. */
const bgcolor = (colour: string) => ({ bgcolor: colour }) as object

/** The logo as a PNG (many mail clients block SVG), drawn at twice its size by scripts/og-images.ts. */
export const MAIL_LOGO_PATH = '/logo-email.png'

/**
 * The main action of an e-mail as a button that holds in every client: the link sits in a
 * table cell with the fill (Outlook's Word engine ignores padding on links, so
 * `mso-padding-alt` pads the cell there instead).
 */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'separate', margin: '20px 0' }}
    >
      <tbody>
        <tr>
          <td
            align="center"
            {...bgcolor(mailColours.brand700)}
            style={
              {
                borderRadius: 6,
                background: mailColours.brand700,
                msoPaddingAlt: '12px 24px',
              } as CSSProperties
            }
          >
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 24px',
                borderRadius: 6,
                color: '#ffffff',
                fontFamily: mailFont,
                fontSize: 15,
                fontWeight: 600,
                lineHeight: 1.2,
                textDecoration: 'none',
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  )
}

function MailHeader({ company, logoAlt }: { company: CompanyIdentity; logoAlt: string }) {
  const name = (
    <strong style={{ color: '#ffffff', fontSize: 18, lineHeight: '40px' }}>{company.name}</strong>
  )
  // An identity built by hand may lack the site's address: the band then shows the name only.
  if (!company.website) return name
  const home = `${company.website}/`
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0}>
      <tbody>
        <tr>
          <td style={{ paddingRight: 12, verticalAlign: 'middle' }}>
            <a href={home}>
              <img
                src={`${company.website}${MAIL_LOGO_PATH}`}
                width={40}
                height={40}
                alt={logoAlt}
                style={{ display: 'block', border: 0 }}
              />
            </a>
          </td>
          <td style={{ verticalAlign: 'middle' }}>
            <a href={home} style={{ color: '#ffffff', textDecoration: 'none' }}>
              {name}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/**
 * Renders an e-mail body to HTML with React (so every value is escaped) inside the
 * shared layout: the logo and company name on the brand band, the body, and the company's
 * address line; the plain-text part is written by each template.
 */
export function renderMail(options: {
  subject: string
  company: CompanyIdentity
  body: ReactNode
  text: string
  /** The reader's language: the applicant's e-mails are in the language they applied in. */
  locale?: Locale
}): RenderedMail {
  const { subject, company, body, text, locale = DEFAULT_LOCALE } = options
  const logoAlt = fill(locale, copy(locale, 'mailLayout').logoAlt, { company: company.name })
  const html =
    '<!doctype html>' +
    renderToStaticMarkup(
      <html lang={locale}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{subject}</title>
          <style>{`a { color: ${mailColours.brand700}; }`}</style>
        </head>
        <body
          style={{
            margin: 0,
            padding: 0,
            background: mailColours.page,
            fontFamily: mailFont,
          }}
        >
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
            <tbody>
              <tr>
                <td align="center" style={{ padding: '24px 12px' }}>
                  <table
                    role="presentation"
                    width="100%"
                    cellPadding={0}
                    cellSpacing={0}
                    style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8 }}
                  >
                    <tbody>
                      <tr>
                        <td
                          {...bgcolor(mailColours.brand900)}
                          style={{
                            padding: '20px 28px',
                            background: mailColours.brand900,
                            color: '#ffffff',
                            borderRadius: '8px 8px 0 0',
                            borderBottom: `4px solid ${mailColours.accent500}`,
                          }}
                        >
                          <MailHeader company={company} logoAlt={logoAlt} />
                        </td>
                      </tr>
                      <tr>
                        <td
                          style={{
                            padding: 28,
                            color: mailColours.text,
                            fontFamily: mailFont,
                            fontSize: 15,
                            lineHeight: 1.6,
                          }}
                        >
                          {body}
                        </td>
                      </tr>
                      <tr>
                        <td
                          style={{
                            padding: '16px 28px',
                            color: mailColours.muted,
                            fontFamily: mailFont,
                            fontSize: 12,
                            borderTop: `1px solid ${mailColours.rule}`,
                          }}
                        >
                          {company.name} · {company.address} · {company.phone} · {company.email}
                        </td>
                      </tr>
                    </tbody>
                  </table>
                </td>
              </tr>
            </tbody>
          </table>
        </body>
      </html>,
    )
  const footer = `\n\n--\n${company.name}\n${company.address}\n${company.phone} · ${company.email}\n`
  return { subject, html, text: text.trimEnd() + footer }
}

/**
 * A catalogue message for an e-mail's HTML part: its variables filled in, `<b>…</b>` bold and
 * `<a>…</a>` a link to `href`.
 */
export function mailRichText(
  locale: Locale,
  message: string,
  values: Record<string, string | number>,
  href?: string,
): ReactNode {
  return createElement(
    Fragment,
    null,
    ...fillParts<ReactNode>(locale, message, {
      ...values,
      b: (chunks) => createElement('strong', null, ...chunks),
      a: (chunks) => createElement('a', { href }, ...chunks),
    }),
  )
}
