import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { passwordResetMail } from './account.server'
import { interpreterInvitationMail } from './interpreter-invitation.server'
import { invoiceSentMail } from './invoices.server'
import { MailButton, renderMail } from './render.server'

const company = {
  name: 'Example Language Services',
  phone: '+1 555 0100',
  email: 'info@example.com',
  address: '1 Example Road',
  website: 'https://languages.example',
}

/** The attributes of the first tag `name` in `html` that has `attribute`. */
function tagWith(html: string, name: string, attribute: string): string {
  const tag = new RegExp(`<${name}\\b[^>]*\\b${attribute}=[^>]*>`).exec(html)
  expect(tag, `<${name} ${attribute}>`).not.toBeNull()
  return tag![0]
}

describe('the e-mail layout', () => {
  const mail = renderMail({
    subject: 'Hello',
    company,
    text: 'Hello there',
    body: <p>Hello there</p>,
  })

  it('shows the PNG logo from the site, with alt text, linked to the home page', () => {
    const img = tagWith(mail.html, 'img', 'src')
    expect(img).toContain('src="https://languages.example/logo-email.png"')
    expect(img).toContain('alt="Example Language Services logo"')
    expect(img).toContain('width="40"')
    expect(img).toContain('height="40"')
    expect(mail.html).toMatch(/<a href="https:\/\/languages\.example\/"><img /)
  })

  it('is drawn in the site palette', () => {
    expect(mail.html).toContain('bgcolor="#0f2f5c"')
    expect(mail.html).toContain('border-bottom:4px solid #f59e0b')
    expect(mail.html).toContain('a { color: #174c99; }')
  })

  it('shows the name alone when the identity has no site address', () => {
    const plain = renderMail({
      subject: 'Hello',
      company: { ...company, website: '' },
      text: 'Hello',
      body: <p>Hello</p>,
    })
    expect(plain.html).not.toContain('<img')
    expect(plain.html).toContain('Example Language Services</strong>')
  })

  it('leaves the plain-text part as the template wrote it, with the company footer', () => {
    expect(mail.text).toBe(
      'Hello there\n\n--\nExample Language Services\n1 Example Road\n+1 555 0100 · info@example.com\n',
    )
  })
})

describe('MailButton', () => {
  it('is a link in a filled table cell, padded for Outlook too', () => {
    const html = renderToStaticMarkup(
      <MailButton href={'https://languages.example/accept?token=a&b'}>Accept</MailButton>,
    )
    expect(html).toMatch(/^<table role="presentation"/)
    const cell = tagWith(html, 'td', 'bgcolor')
    expect(cell).toContain('bgcolor="#174c99"')
    expect(cell).toContain('mso-padding-alt:12px 24px')
    const link = tagWith(html, 'a', 'href')
    expect(link).toContain('href="https://languages.example/accept?token=a&amp;b"')
    expect(link).toContain('padding:12px 24px')
    expect(link).toContain('color:#ffffff')
    expect(html).toContain('>Accept</a>')
  })

  it('carries the main action of the templates, with their link and words', () => {
    const cases = [
      {
        mail: passwordResetMail({
          name: 'Ana',
          resetUrl: 'https://languages.example/reset/abc',
          company,
        }),
        href: 'https://languages.example/reset/abc',
        words: 'Choose a new password',
      },
      {
        mail: interpreterInvitationMail({
          firstName: 'Ana',
          acceptUrl: 'https://languages.example/invite/xyz',
          company,
        }),
        href: 'https://languages.example/invite/xyz',
        words: 'Choose your password',
      },
      {
        mail: invoiceSentMail({
          name: 'Ana',
          invoice: { number: 'INV-7', period: 'May 2026', total: '$10', organizationName: 'Acme' },
          invoiceUrl: 'https://languages.example/client/invoices/7',
          company,
        }),
        href: 'https://languages.example/client/invoices/7',
        words: 'See the invoice',
      },
    ]
    for (const { mail, href, words } of cases) {
      const button = mail.html.slice(mail.html.indexOf('mso-padding-alt'))
      expect(button).toMatch(new RegExp(`^[^>]*><a href="${href}"[^>]*>${words}</a>`))
      expect(mail.text).toContain(href)
    }
  })
})
