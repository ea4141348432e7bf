import { listOpenJobPostings } from '../../app/models/job-postings.server'
import { expect, expectNoAxeViolations, test } from './fixtures'

test('the careers page leads to every open job posting, and each link opens its page', async ({
  page,
}) => {
  const open = await listOpenJobPostings()
  expect(open.length).toBeGreaterThan(30)
  await page.goto('/careers')
  const postings = page.getByRole('region', { name: 'All Job Postings' })
  await expect(postings.getByRole('link')).toHaveCount(open.length)
  for (const posting of open)
    await expect(postings.getByRole('link', { name: posting.title, exact: true })).toHaveAttribute(
      'href',
      `/jobs/${posting.id}`,
    )
  await expectNoAxeViolations(page, 'careers page with the job postings')

  const greek = open.find((posting) => posting.id === 'greek-english-remote-interpreter')!
  await postings.getByRole('link', { name: greek.title, exact: true }).click()
  await expect(page).toHaveURL(/\/jobs\/greek-english-remote-interpreter$/)
  await expect(page.getByRole('heading', { level: 1, name: greek.title })).toBeVisible()
})
