import type { CompanyIdentity } from '../domain/company'
import { renderMail, type RenderedMail } from './render.server'

/**
 * A message written on the communications screen, merge fields already replaced. Bulk
 * copies carry an unsubscribe link.
 */
export function staffMessageMail(options: {
  subject: string
  message: string
  company: CompanyIdentity
  unsubscribeUrl?: string
}): RenderedMail {
  const { subject, message, company, unsubscribeUrl } = options
  const paragraphs = message
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  const unsubscribeText = unsubscribeUrl
    ? `\n\nYou receive this e-mail because you applied to work with us or contacted us. To stop receiving these e-mails, open ${unsubscribeUrl}`
    : ''
  return renderMail({
    subject,
    company,
    text: paragraphs.join('\n\n') + unsubscribeText,
    body: (
      <>
        {paragraphs.map((paragraph, index) => (
          <p key={index}>
            {paragraph.split('\n').map((line, lineIndex) => (
              <span key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </p>
        ))}
        {unsubscribeUrl ? (
          <p style={{ color: '#475569', fontSize: 12, marginTop: 24 }}>
            You receive this e-mail because you applied to work with us or contacted us.{' '}
            <a href={unsubscribeUrl}>Unsubscribe</a> from these e-mails.
          </p>
        ) : null}
      </>
    ),
  })
}
