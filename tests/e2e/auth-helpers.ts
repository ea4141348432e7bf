import { randomBytes } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'
import { and, desc, eq } from 'drizzle-orm'
import { mailOutbox, type UserRole } from '../../db/schema'
import { createSession } from '../../app/auth/session.server'
import { createUser, type PublicUser } from '../../app/models/users.server'
import { eventually, expect, type TestApp } from './fixtures'
import type { StaffRole } from '../../app/domain/staff-roles'

export const TEST_PASSWORD = 'a long and memorable test password'

export interface TestAccount extends PublicUser {
  password: string
}

/** A new account with a unique e-mail address. */
export async function createAccount(role: UserRole, name = `Test ${role}`): Promise<TestAccount> {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`
  const user = await createUser({ email, name, role, password: TEST_PASSWORD })
  return { ...user, password: TEST_PASSWORD }
}

/** A staff account holding only these roles (app/domain/staff-roles.ts). */
export async function createStaffAccount(
  staffRoles: StaffRole[],
  name = `Test ${staffRoles.join(' ')}`,
): Promise<TestAccount> {
  const email = `staff-${randomBytes(4).toString('hex')}@example.com`
  const user = await createUser({ email, name, role: 'admin', password: TEST_PASSWORD, staffRoles })
  return { ...user, password: TEST_PASSWORD }
}

/** Signs the browser context in as the user by giving it a real session cookie. */
export async function signIn(context: BrowserContext, baseUrl: string, user: PublicUser) {
  const setCookie = await createSession(user.id)
  const [pair] = setCookie.split(';')
  const [name, value] = pair!.split('=')
  await context.addCookies([
    { name: name!, value: value!, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ])
  return `${name}=${value}`
}

/** The path of the newest client portal invitation link e-mailed to the address. */
export async function clientInvitationLink(app: TestApp, email: string) {
  return eventually(async () => {
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'client-invitation'), eq(mailOutbox.toAddress, email)))
      .orderBy(desc(mailOutbox.createdAt))
    expect(mail).toBeDefined()
    return /\/accept-invite\?token=\S+/.exec(mail!.text)![0]
  })
}
