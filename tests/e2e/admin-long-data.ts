import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { interpreterApplications, interpreterProfiles, mailOutbox } from '../../db/schema'
import { onboardingSteps } from '../../app/domain/onboarding'
import { decideApplication } from '../../app/models/interpreter-applications/review.server'
import { createLead } from '../../app/models/leads/intake.server'
import { sendMessage } from '../../app/models/communications/send.server'
import { recordStep } from '../../app/models/onboarding/steps.server'
import { createResource } from '../../app/models/resources.server'
import { inviteUser, setUserActive } from '../../app/models/users.server'
import { createOrganization } from '../support/booking-fixtures'
import { createApprovedAssignment, invoiceIdOf } from '../support/billing-fixtures'
import { createApplicant } from '../support/people-fixtures'
import { createAccount, type TestAccount } from './auth-helpers'
import { eventually, expect, type TestApp } from './fixtures'

export interface LongRecords {
  tag: string
  admin: TestAccount
  applicationId: string
  leadId: string
  clientEmail: string
  /** A word that finds both the application and the client request in the top bar search. */
  searchTerm: string
  /** The subject of a message delivered to everyone. */
  welcome: string
  /** An invoice of an organization with a long name. */
  invoiceId: string
}

/**
 * One record of each kind with the longest values people really type: double-barrelled
 * names, department e-mail addresses, company names with legal suffixes, an SMTP error with
 * a queue id. Admin screens must show them without scrolling sideways.
 */
export async function createLongRecords(app: TestApp): Promise<LongRecords> {
  const tag = randomUUID().slice(0, 6)
  const searchTerm = `vanderbilt${tag}`
  const admin = await createAccount('admin', 'Alexandria Konstantinopoulou-Whitfield')
  const actor = { id: admin.id, name: admin.name }

  const applicationId = await createApplicant(app.db, {
    firstName: 'Maximiliana-Konstantina',
    lastName: `Oyelaran-Szczepańska-${searchTerm}`,
    email: `maximiliana.konstantina.oyelaran.${searchTerm}@interpretingservicesinternational.example.org`,
  })
  await app.db
    .update(interpreterApplications)
    .set({
      languages: ['Haitian Creole', 'Portuguese (Brazil)', 'Spanish', 'Tigrinya', 'Vietnamese'],
    })
    .where(eq(interpreterApplications.id, applicationId))
  await decideApplication(applicationId, 'approved', { sendEmail: false }, actor)
  for (const step of onboardingSteps.slice(0, 3))
    await recordStep(applicationId, step.key, { outcome: 'waived', note: 'Done before.' }, actor)
  // A second one still pending, so that the decision buttons show too.
  await createApplicant(app.db, {
    firstName: 'Bartholomew-Alexander',
    lastName: `Fitzgerald-Montgomery-${tag}`,
    email: `bartholomew.alexander.fitzgerald-montgomery.${tag}@university-medical-center.example.edu`,
  })

  const clientEmail = `accounts.payable.department.${searchTerm}@northwesternregionalhealthcarepartners.example.com`
  const { id: leadId } = await createLead({
    type: 'contact',
    name: `Dr. Evangelina Rodríguez-Castellanos ${searchTerm}`,
    email: clientEmail,
    company:
      'Northwestern Regional Community Healthcare and Rehabilitation Partners Cooperative, LLC',
    message:
      'We need on-site Haitian Creole and Tigrinya interpreters for our outpatient rehabilitation clinics, three days a week starting next month, and a quote for translating our patient intake forms.',
  })

  await inviteUser(
    {
      name: 'Christopher-Maximilian Hohenzollern-Sigmaringen',
      email: `christopher.maximilian.hohenzollern.${tag}@languageservicesadministration.example.org`,
      role: 'admin',
    },
    actor,
  )
  const colleague = await createAccount('admin', 'Guinevere Featherstonehaugh-Cholmondeley')
  await setUserActive(colleague.id, false, actor)

  const subject = `Quarterly compliance reminder for interpreters working in outpatient rehabilitation ${tag}`
  const sent = await sendMessage(
    {
      selection: { kind: 'person', source: 'client', id: leadId },
      subject,
      message: 'Hello {{firstName}}, a short note.',
    },
    actor,
  )
  // Failed for good once the worker is done with it (a retry button shows for it).
  await eventually(async () => {
    const [mail] = await app.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `message:${sent.id}`))
    expect(mail?.status).toBe('sent')
  })
  await app.db
    .update(mailOutbox)
    .set({
      status: 'failed',
      attempts: 5,
      lastError:
        '550-5.1.1 The email account that you tried to reach does not exist; queue id 4f2a9c1e7b3d5a8f0e6c2b9d4a7f1e3c5b8d0a2f6e9c1b4d7a0f3e5c8b2d9a6f',
    })
    .where(eq(mailOutbox.reference, `message:${sent.id}`))

  // And one delivered: a list where no row has a button.
  const welcome = `Welcome to the interpreter network, onboarding documents attached ${tag}`
  await sendMessage(
    {
      selection: { kind: 'person', source: 'application', id: applicationId },
      subject: welcome,
      message: 'Hello {{firstName}}, welcome.',
    },
    actor,
  )

  await createResource(
    {
      title: `Interpreter code of ethics and standards of practice for healthcare settings, annotated edition ${tag}`,
      type: 'guide',
      url: `https://example.org/resources/interpreter-code-of-ethics-and-standards-of-practice-annotated-${tag}`,
    },
    actor,
  )

  // An invoice of an organization with a long name, for the approved interpreter's work.
  const organizationName = `Northwestern Regional Community Healthcare and Rehabilitation Partners Cooperative ${tag}, LLC`
  const [profile] = await app.db
    .select({ id: interpreterProfiles.id })
    .from(interpreterProfiles)
    .where(eq(interpreterProfiles.applicationId, applicationId))
  const posted = await createApprovedAssignment(app.db, actor, {
    organizationId: await createOrganization(app.db, organizationName),
    interpreterProfileId: profile!.id,
    localDate: '2025-07-07',
  })
  const invoiceId = await invoiceIdOf(app.db, posted.bookingId)

  return {
    tag,
    admin,
    applicationId,
    leadId,
    clientEmail,
    searchTerm,
    welcome,
    invoiceId,
  }
}

/** Every admin screen and dialog (`dialog`: shown over its list), with the records above present. */
export function adminScreens(records: LongRecords) {
  return [
    { name: 'dashboard', path: '/admin/dashboard' },
    { name: 'interpreter manager', path: '/admin/interpreter-manager' },
    { name: 'interpreters', path: '/admin/interpreters' },
    {
      name: 'interpreter details',
      path: `/admin/interpreters/${records.applicationId}`,
      dialog: true,
    },
    { name: 'clients', path: '/admin/clients' },
    {
      name: 'client request details',
      path: `/admin/clients/${records.leadId}`,
      dialog: true,
    },
    { name: 'resources', path: '/admin/resources' },
    { name: 'add resource', path: '/admin/resources/new', dialog: true },
    { name: 'compose message', path: '/admin/communications' },
    { name: 'message history', path: '/admin/communications?tab=history' },
    {
      name: 'message history without failures',
      path: `/admin/communications?tab=history&q=${encodeURIComponent(records.welcome)}`,
    },
    { name: 'invoices', path: '/admin/invoices' },
    { name: 'invoice details', path: `/admin/invoices/${records.invoiceId}` },
    { name: 'users', path: '/admin/users' },
    { name: 'mail', path: '/admin/mail' },
    { name: 'sent mail', path: '/admin/mail?status=sent' },
    { name: 'search', path: `/admin/search?q=${records.searchTerm}` },
  ]
}
