import { describe, expect, it } from 'vitest'
import { builtInJobPostings } from '../../content/job-postings'
import { jobPostingDescriptionHtml, jobPostingJsonLd } from './job-posting-json-ld'

const site = { siteUrl: 'https://interpreting.example', companyName: 'Example Language Services' }
const greek = builtInJobPostings.find((job) => job.id === 'greek-english-remote-interpreter')!
const job = { ...greek, closesAt: null }

describe('jobPostingJsonLd', () => {
  it('describes a remote contract posting the way Google for Jobs requires', () => {
    const data = jobPostingJsonLd(job, site)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Greek-English Remote Interpreter',
      datePosted: greek.postedOn,
      employmentType: 'CONTRACTOR',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Example Language Services',
        sameAs: 'https://interpreting.example',
        logo: 'https://interpreting.example/logo.svg',
      },
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'United States' },
      directApply: true,
      identifier: {
        '@type': 'PropertyValue',
        name: 'Example Language Services',
        value: 'greek-english-remote-interpreter',
      },
      url: 'https://interpreting.example/jobs/greek-english-remote-interpreter',
    })
    expect(data).not.toHaveProperty('validThrough')
  })

  it('adds validThrough when the posting closes', () => {
    const data = jobPostingJsonLd({ ...job, closesAt: new Date('2027-03-31T23:59:59Z') }, site)
    expect(data.validThrough).toBe('2027-03-31T23:59:59.000Z')
  })

  it('gives an HTML description with the lists, escaping the text', () => {
    const html = jobPostingDescriptionHtml({
      ...job,
      description: 'Fish & <chips>',
      requirements: ['A minimum of 2 years of interpreting experience'],
    })
    expect(html).toContain('<p>Fish &amp; &lt;chips&gt;</p>')
    expect(html).toContain(
      '<h3>Requirements</h3><ul><li>A minimum of 2 years of interpreting experience</li></ul>',
    )
    expect(html).toContain('<h3>Responsibilities</h3>')
    expect(html).toContain('<h3>Benefits</h3>')
  })
})
