import { applicantLocation } from '../../content/job-posting'

/** What the JobPosting structured data needs of a posting (a `jobs` row fits). */
export interface JobPostingData {
  id: string
  title: string
  description: string
  requirements: string[]
  responsibilities: string[]
  benefits: string[]
  /** YYYY-MM-DD */
  postedOn: string
  closesAt: Date | string | null
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const htmlList = (heading: string, items: string[]) =>
  `<h3>${escapeHtml(heading)}</h3><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`

/** The posting's description as the HTML Google for Jobs shows: text, then the three lists. */
export function jobPostingDescriptionHtml(job: JobPostingData): string {
  return [
    `<p>${escapeHtml(job.description)}</p>`,
    htmlList('Requirements', job.requirements),
    htmlList('Responsibilities', job.responsibilities),
    htmlList('Benefits', job.benefits),
  ].join('')
}

/**
 * schema.org JobPosting for a published remote contract posting, with the properties Google
 * for Jobs requires and recommends for remote work: TELECOMMUTE with the applicants'
 * location, CONTRACTOR employment, direct apply on our own page.
 */
export function jobPostingJsonLd(
  job: JobPostingData,
  site: { siteUrl: string; companyName: string },
): Record<string, unknown> {
  const url = `${site.siteUrl}/jobs/${job.id}`
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: jobPostingDescriptionHtml(job),
    identifier: { '@type': 'PropertyValue', name: site.companyName, value: job.id },
    datePosted: job.postedOn,
    ...(job.closesAt ? { validThrough: new Date(job.closesAt).toISOString() } : {}),
    employmentType: 'CONTRACTOR',
    hiringOrganization: {
      '@type': 'Organization',
      name: site.companyName,
      sameAs: site.siteUrl,
      logo: `${site.siteUrl}/logo.svg`,
    },
    jobLocationType: 'TELECOMMUTE',
    applicantLocationRequirements: {
      '@type': applicantLocation.type,
      name: applicantLocation.name,
    },
    directApply: true,
    url,
  }
}
