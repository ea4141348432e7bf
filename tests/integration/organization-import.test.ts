import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  authTokens,
  clientInvitations,
  clientMemberships,
  mailOutbox,
  organizations,
  sessions,
  storedFiles,
  users,
} from '../../db/schema'
import { setClock } from '../../app/platform/clock.server'
import type { Actor } from '../../app/models/audit.server'
import { createUser } from '../../app/models/users.server'
import { organizationImportAction } from '../../app/routes/admin/organizations.import.server'
import { createStaffActor, emptyTables } from '../support/people-fixtures'
import { createOrganizationMember } from '../support/organization-fixtures'
import { postImportForm } from '../support/import-form'
import { clientRows, organizationImportCsv } from '../support/organization-import-fixtures'
import { testRuntimeFor } from '../support/test-runtime'
import { testDatabaseKinds } from '../support/test-database'

interface Preview {
  issues: { line: number; column: string | null; message: string }[]
  counts: Record<string, number>
  rows: { line: number; action: string; newOrganizationLine?: number; billingKept?: boolean }[]
}

const post = (
  actor: Actor,
  file: string,
  fields: { intent: 'preview' | 'confirm'; previewedSha256?: string },
) => postImportForm<Preview>(organizationImportAction, actor, file, fields)

async function previewThenConfirm(actor: Actor, file: string) {
  const preview = await post(actor, file, { intent: 'preview' })
  return post(actor, file, { intent: 'confirm', previewedSha256: preview.body!.preview!.sha256 })
}

describe.each(testDatabaseKinds())('organization import on %s', (kind) => {
  let actor: Actor
  const test = testRuntimeFor(kind, { env: { SITE_URL: 'https://lang.example' } })
  beforeEach(async () => {
    setClock(() => new Date('2027-03-01T15:00:00Z'))
    await emptyTables(test.db, [
      clientInvitations,
      clientMemberships,
      organizations,
      storedFiles,
      authTokens,
      mailOutbox,
      auditLog,
      sessions,
      users,
    ])
    actor = await createStaffActor()
  })
  afterEach(() => setClock())

  const counts = async () => ({
    organizations: await test.db.$count(organizations),
    invitations: await test.db.$count(clientInvitations),
    tokens: await test.db.$count(authTokens),
    users: await test.db.$count(users),
    memberships: await test.db.$count(clientMemberships),
    mail: await test.db.$count(mailOutbox),
    audit: await test.db.$count(auditLog),
    files: await test.db.$count(storedFiles),
  })

  it('the preview says what each row does and writes nothing', async () => {
    await createOrganizationMember(
      {
        organizationName: 'City Clinic',
        name: 'Cy Member',
        email: 'cy@clinic.example',
        role: 'manager',
      },
      actor,
    )
    const before = await counts()
    const file = organizationImportCsv([
      { organization: 'Acme Health', email: 'ana@acme.example', role: 'manager' },
      { organization: ' acme  HEALTH ', email: 'ben@acme.example' },
      { organization: 'city clinic', email: 'di@clinic.example', paymentTermsDays: '10' },
      { organization: 'City Clinic', email: 'CY@clinic.example' },
    ])
    const answer = await post(actor, file, { intent: 'preview' })
    expect(answer.status).toBe(200)
    const preview = answer.body!.preview!
    expect(preview.issues).toEqual([])
    expect(preview.rows).toEqual([
      expect.objectContaining({ line: 2, action: 'new-organization' }),
      expect.objectContaining({ line: 3, action: 'new-user', newOrganizationLine: 2 }),
      expect.objectContaining({ line: 4, action: 'new-user', billingKept: true }),
      expect.objectContaining({ line: 5, action: 'already-member' }),
    ])
    expect(preview.counts).toEqual({
      'new-organization': 1,
      'new-user': 2,
      'already-member': 1,
      'already-invited': 0,
      invalid: 0,
    })
    expect(await counts()).toEqual(before)
  })

  it('confirm makes the organizations with their billing and invites each new user; the same file again changes nothing', async () => {
    await test.db
      .insert(organizations)
      .values({ name: 'City Clinic', paymentTermsDays: 15, billingAddress: 'Old address' })
    const file = organizationImportCsv([
      {
        organization: 'Acme Health',
        billingAddress: '1 Main St, Austin',
        paymentTermsDays: '45',
        purchaseOrder: 'PO-7',
        name: 'Ana Lima',
        email: 'Ana@Acme.example',
        role: 'Manager',
      },
      { organization: 'ACME health', name: 'Ben Ode', email: 'ben@acme.example' },
      { organization: 'Zeta Law', name: 'Zoe Zed', email: 'zoe@zeta.example' },
      {
        organization: 'city clinic',
        paymentTermsDays: '60',
        name: 'Di Doe',
        email: 'di@clinic.example',
      },
    ])
    const done = await previewThenConfirm(actor, file)
    expect(done.status).toBe(302)
    expect(done.location).toBe('/admin/organizations/import?organizations=2&invited=4&skipped=0')
    const made = await test.db
      .select({
        name: organizations.name,
        paymentTermsDays: organizations.paymentTermsDays,
        billingAddress: organizations.billingAddress,
        purchaseOrder: organizations.purchaseOrder,
      })
      .from(organizations)
      .orderBy(organizations.name)
    expect(made).toEqual([
      {
        name: 'Acme Health',
        paymentTermsDays: 45,
        billingAddress: '1 Main St, Austin',
        purchaseOrder: 'PO-7',
      },
      // An organization already here keeps its own billing.
      {
        name: 'City Clinic',
        paymentTermsDays: 15,
        billingAddress: 'Old address',
        purchaseOrder: '',
      },
      { name: 'Zeta Law', paymentTermsDays: 30, billingAddress: '', purchaseOrder: '' },
    ])
    const invitations = await test.db
      .select({
        email: clientInvitations.email,
        name: clientInvitations.name,
        role: clientInvitations.role,
        organization: organizations.name,
      })
      .from(clientInvitations)
      .innerJoin(organizations, eq(organizations.id, clientInvitations.organizationId))
      .orderBy(clientInvitations.email)
    expect(invitations).toEqual([
      { email: 'ana@acme.example', name: 'Ana Lima', role: 'manager', organization: 'Acme Health' },
      {
        email: 'ben@acme.example',
        name: 'Ben Ode',
        role: 'requester',
        organization: 'Acme Health',
      },
      {
        email: 'di@clinic.example',
        name: 'Di Doe',
        role: 'requester',
        organization: 'City Clinic',
      },
      { email: 'zoe@zeta.example', name: 'Zoe Zed', role: 'requester', organization: 'Zeta Law' },
    ])
    // Sent as client invitations are sent: through the outbox, with their link.
    const mails = await test.db
      .select({ to: mailOutbox.toAddress, template: mailOutbox.template, text: mailOutbox.text })
      .from(mailOutbox)
      .orderBy(mailOutbox.toAddress)
    expect(mails.map((mail) => [mail.to, mail.template])).toEqual([
      ['ana@acme.example', 'client-invitation'],
      ['ben@acme.example', 'client-invitation'],
      ['di@clinic.example', 'client-invitation'],
      ['zoe@zeta.example', 'client-invitation'],
    ])
    expect(mails[0]!.text).toContain('https://lang.example/accept-invite?token=')
    expect(await test.db.$count(auditLog, eq(auditLog.entityType, 'organization_import'))).toBe(1)

    // Again: every row is already invited, so nothing is left to import.
    const before = await counts()
    const again = await post(actor, file, { intent: 'preview' })
    expect(again.body!.preview!.counts).toMatchObject({
      'already-invited': 4,
      'new-organization': 0,
      'new-user': 0,
    })
    const confirmAgain = await post(actor, file, {
      intent: 'confirm',
      previewedSha256: again.body!.preview!.sha256,
    })
    expect(confirmAgain.location).toBe(
      '/admin/organizations/import?organizations=0&invited=0&skipped=4',
    )
    const after = await counts()
    // Only the second import's own audit entry is new.
    expect({ ...after, audit: after.audit - 1 }).toEqual(before)
  })

  it('an address of staff, an interpreter or another organization’s user, or twice in the file, is a problem; nothing is imported', async () => {
    await createUser({
      email: 'staffer@example.com',
      name: 'Stella Staff',
      role: 'admin',
      password: 'a long staff password',
    })
    await createUser({
      email: 'ivan@interp.example',
      name: 'Ivan Interp',
      role: 'interpreter',
      password: 'a long interpreter password',
    })
    await createOrganizationMember(
      {
        organizationName: 'Other Org',
        name: 'Olga Other',
        email: 'olga@other.example',
        role: 'manager',
      },
      actor,
    )
    const before = await counts()
    const file = organizationImportCsv([
      { email: 'staffer@example.com' },
      { email: 'ivan@interp.example' },
      { email: 'olga@other.example' },
      { email: 'new@acme.example' },
      { email: 'NEW@acme.example' },
    ])
    const preview = await post(actor, file, { intent: 'preview' })
    expect(preview.body!.preview!.issues).toEqual([
      {
        line: 2,
        column: 'User e-mail',
        message: expect.stringContaining('belongs to a staff or interpreter account'),
      },
      {
        line: 3,
        column: 'User e-mail',
        message: expect.stringContaining('belongs to a staff or interpreter account'),
      },
      {
        line: 4,
        column: 'User e-mail',
        message: expect.stringContaining('belongs to a user of another organization (Other Org)'),
      },
      {
        line: 6,
        column: 'User e-mail',
        message: 'This e-mail address is already on line 5 of the file.',
      },
    ])
    const confirm = await post(actor, file, {
      intent: 'confirm',
      previewedSha256: preview.body!.preview!.sha256,
    })
    expect(confirm.status).toBe(400)
    expect(confirm.body!.fileError).toMatch(/still has rows with problems/)
    const changed = await post(actor, organizationImportCsv([{ email: 'x@acme.example' }]), {
      intent: 'confirm',
      previewedSha256: preview.body!.preview!.sha256,
    })
    expect(changed.status).toBe(409)
    expect(await counts()).toEqual(before)
  })

  it('imports 1,500 users in under 30 seconds', async () => {
    const file = organizationImportCsv(clientRows(1500))
    const previewStarted = performance.now()
    const preview = await post(actor, file, { intent: 'preview' })
    const previewSeconds = (performance.now() - previewStarted) / 1000
    expect(preview.body!.preview!.counts).toMatchObject({
      'new-organization': 150,
      'new-user': 1350,
    })
    const started = performance.now()
    const confirm = await post(actor, file, {
      intent: 'confirm',
      previewedSha256: preview.body!.preview!.sha256,
    })
    const seconds = (performance.now() - started) / 1000
    // The figure docs/benchmarks.md records.
    console.info(
      `[bench] 1,500 organization rows on ${kind}: preview ${previewSeconds.toFixed(1)} s, import ${seconds.toFixed(1)} s`,
    )
    expect(confirm.location).toContain('organizations=150&invited=1500&skipped=0')
    expect(await test.db.$count(clientInvitations)).toBe(1500)
    expect(await test.db.$count(mailOutbox)).toBe(1500)
    expect(seconds).toBeLessThan(30)
  }, 120_000)
})
