import type { CompanyIdentity } from '../domain/company'
import { MailButton, renderMail, type RenderedMail } from './render.server'

/**
 * The link that confirms an applicant's request to erase their data
 * (docs/product.md#application-status-page). Like the acknowledgement, it repeats nothing
 * the applicant typed.
 */
export function applicationErasureMail(
  erasure: { url: string; validHours: number },
  company: CompanyIdentity,
): RenderedMail {
  const intro =
    'Someone asked, on the private status page of your application, for your personal data to be erased.'
  const what = `Following this link within ${erasure.validHours} hours and confirming there erases your application, your resume and our e-mails to you. It cannot be undone.`
  const notYou = 'If you did not ask for this, ignore this e-mail: nothing will be erased.'
  return renderMail({
    subject: `Confirm the erasure of your data - ${company.name}`,
    company,
    text: ['Hello,', intro, what, erasure.url, notYou].join('\n\n'),
    body: (
      <>
        <p>Hello,</p>
        <p>{intro}</p>
        <p>{what}</p>
        <MailButton href={erasure.url}>Erase my data</MailButton>
        <p style={{ color: '#475569', fontSize: 13 }}>{notYou}</p>
      </>
    ),
  })
}
