/** The tags every posting shows (docs/product.md#job-detail). */
export const jobTags = ['Remote', 'Contract', 'Interpreting'] as const

/**
 * Where remote applicants may live, for the JobPosting JSON-LD (Google for Jobs requires it
 * for TELECOMMUTE postings). Our clients and contracts are in the United States.
 */
export const applicantLocation = { type: 'Country', name: 'United States' } as const
