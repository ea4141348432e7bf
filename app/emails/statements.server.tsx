import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/** To the interpreter: staff marked their pay statement paid (docs/product.md#pay-statements). */
export function statementPaidMail(options: {
  firstName: string
  period: string
  total: string
  statementUrl: string
  company: CompanyIdentity
}): RenderedMail {
  const { firstName, period, total, statementUrl, company } = options
  const summary = `Your pay statement for ${period} is paid: ${total}. The statement and its PDF are in the interpreter portal under Payouts.`
  return renderMail({
    subject: `Statement paid: ${period}, ${total}`,
    company,
    text: [`Hello ${firstName},`, summary, statementUrl].join('\n\n'),
    body: (
      <>
        <p>Hello {firstName},</p>
        <p>{summary}</p>
        <MailButton href={statementUrl}>See the statement</MailButton>
      </>
    ),
  })
}
