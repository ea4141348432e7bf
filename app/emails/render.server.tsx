import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { CompanyIdentity } from '../lib/company'

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/**
 * Renders an e-mail body to HTML with React (so every value is escaped) inside the
 * shared layout; the plain-text part is written by each template.
 */
export function renderMail(options: {
  subject: string
  company: CompanyIdentity
  body: ReactNode
  text: string
}): RenderedMail {
  const { subject, company, body, text } = options
  const html =
    '<!doctype html>' +
    renderToStaticMarkup(
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{subject}</title>
        </head>
        <body
          style={{ margin: 0, padding: 0, background: '#f1f5f9', fontFamily: 'Arial, sans-serif' }}
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
                          style={{
                            padding: '20px 28px',
                            background: '#174c99',
                            color: '#ffffff',
                            borderRadius: '8px 8px 0 0',
                          }}
                        >
                          <strong style={{ fontSize: 18 }}>{company.name}</strong>
                        </td>
                      </tr>
                      <tr>
                        <td
                          style={{ padding: 28, color: '#0f172a', fontSize: 15, lineHeight: 1.6 }}
                        >
                          {body}
                        </td>
                      </tr>
                      <tr>
                        <td
                          style={{
                            padding: '16px 28px',
                            color: '#475569',
                            fontSize: 12,
                            borderTop: '1px solid #e2e8f0',
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
