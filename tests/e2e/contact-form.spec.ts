import { readdirSync, readFileSync } from 'node:fs'
import { and, eq, inArray } from 'drizzle-orm'
import { leads, mailOutbox } from '../../db/schema'
import { eventually, expect, expectNoAxeViolations, test } from './fixtures'

test.describe('contact form', () => {
  test('a visitor sends the form: the request is stored and both e-mails are delivered', async ({
    page,
    app,
  }) => {
    await page.goto('/contact')
    const form = page.locator('#contact-form')
    await form.getByLabel('Name').fill('Grace Hopper')
    await form.getByLabel('Email').fill('grace@example.org')
    await form.getByLabel('Phone (optional)').fill('+1 512 555 0199')
    await form.getByLabel('Company').fill('Navy Medical Center')
    await form.getByLabel('Message').fill('We need Tagalog interpreting for a clinic day.')
    await form.getByRole('button', { name: 'Send Message' }).click()

    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you, your message has been sent.' }),
    ).toBeVisible()

    const [stored] = await app.db.select().from(leads).where(eq(leads.email, 'grace@example.org'))
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      phone: '+1 512 555 0199',
      company: 'Navy Medical Center',
      type: 'contact',
      status: 'new',
    })
    const sent = await eventually(async () => {
      const mails = await app.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.reference, `client_request:${stored!.id}`),
            // Not the owner's "New lead for you" (the admins of other tests take leads).
            inArray(mailOutbox.template, [
              'client-request-acknowledgement',
              'client-request-staff-notification',
            ]),
          ),
        )
      expect(mails.map((mail) => mail.status)).toEqual(['sent', 'sent'])
      return mails
    })
    expect(sent.map((mail) => mail.toAddress).sort()).toEqual([
      'grace@example.org',
      'staff@example.com',
    ])
    const files = readdirSync(app.mailDir).filter((name) =>
      sent.some((mail) => name.includes(mail.id)),
    )
    expect(files).toHaveLength(2)
    const texts = files.map((name) => readFileSync(`${app.mailDir}/${name}`, 'utf8')).join('\n')
    expect(texts).toContain('To: grace@example.org')
    expect(texts).toContain('To: staff@example.com')
  })

  test('an invalid submission shows errors next to the fields, keeps the input and stores nothing', async ({
    page,
    app,
  }) => {
    const before = await app.db.$count(leads)
    await page.goto('/contact')
    const form = page.locator('#contact-form')
    await form.getByLabel('Name').fill('Alan Turing')
    await form.getByLabel('Email').fill('not-an-email')
    // Before hydration the browser's own checks would refuse the submission instead.
    await expect(form.locator('form')).toHaveAttribute('novalidate', '')
    await form.getByRole('button', { name: 'Send Message' }).click()

    const email = form.getByLabel('Email')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator(`#${await email.getAttribute('aria-describedby')}`)).toHaveText(
      /valid email address/,
    )
    const company = form.getByLabel('Company')
    await expect(company).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel('Name')).toHaveValue('Alan Turing')
    await expect(email).toHaveValue('not-an-email')
    expect(await app.db.$count(leads)).toBe(before)
    await expectNoAxeViolations(page, 'contact form with errors')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the browser holds the fields to the schema’s lengths and formats before anything is sent', async ({
      page,
      app,
    }) => {
      const before = await app.db.$count(leads)
      await page.goto('/contact')
      const form = page.locator('#contact-form')
      const name = form.getByLabel('Name')
      const phone = form.getByLabel('Phone (optional)')
      await expect(name).toHaveAttribute('maxlength', '200')
      await expect(form.getByLabel('Message')).toHaveAttribute('maxlength', '5000')
      await expect(phone).toHaveAttribute('pattern', /.+/)
      await expect(phone).toHaveAttribute('title', 'Please enter a valid phone number.')
      // A name longer than the server takes stops at its limit.
      await name.fill('A'.repeat(250))
      await expect(name).toHaveValue('A'.repeat(200))
      await form.getByLabel('Email').fill('ada@example.org')
      await form.getByLabel('Company').fill('Analytical Engines')
      await form.getByLabel('Message').fill('Please call me about interpreting.')
      await phone.fill('call me')
      await form.getByRole('button', { name: 'Send Message' }).click()
      // The browser refuses the phone's format itself: it focuses the field and sends nothing.
      await expect(phone).toBeFocused()
      expect(
        await phone.evaluate((input: HTMLInputElement) => input.validity.patternMismatch),
      ).toBe(true)
      await expect(page).toHaveURL(/\/contact$/)
      expect(await app.db.$count(leads)).toBe(before)
    })

    test('the server validates, keeps what was typed and then stores the request', async ({
      page,
      app,
    }) => {
      await page.goto('/contact')
      const form = page.locator('#contact-form')
      await form.getByLabel('Name').fill('Ada Lovelace')
      await form.getByLabel('Email').fill('ada@example')
      await form.getByLabel('Company').fill('Analytical Engines')
      await form.getByLabel('Message').fill('   ')
      // Skip the browser's own checks to see the server's answer.
      await form.locator('form').evaluate((element) => element.setAttribute('novalidate', ''))
      const response = page.waitForResponse((res) => res.request().method() === 'POST')
      await form.getByRole('button', { name: 'Send Message' }).click()
      expect((await response).status()).toBe(400)
      await expect(form.getByText('Please enter a valid email address.')).toBeVisible()
      await expect(form.getByText('Please enter a message.')).toBeVisible()
      await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace')

      await form.getByLabel('Email').fill('ada@example.org')
      await form.getByLabel('Message').fill('Please send a quote for document translation.')
      await form.getByRole('button', { name: 'Send Message' }).click()
      await expect(page.getByText('Thank you, your message has been sent.')).toBeVisible()
      expect(await app.db.$count(leads, eq(leads.email, 'ada@example.org'))).toBe(1)
    })
  })

  test('a cross-site POST is refused with 403 and stores nothing', async ({ request, app }) => {
    const before = await app.db.$count(leads)
    const response = await request.post('/contact', {
      form: { name: 'Mallory', email: 'm@example.org', company: 'Evil', message: 'hi' },
      headers: { Origin: 'https://evil.example' },
    })
    expect(response.status()).toBe(403)
    expect(await app.db.$count(leads)).toBe(before)
  })
})
