import { describe, expect, it } from 'vitest'
import { databaseAt } from '../support/migration-database'

/**
 * Migrations that give a table the glossary's name (docs/glossary.md) rename it: a database
 * filled before the migration keeps every row, link and count after it.
 */

// Each case migrates a new in-memory database from the first migration: about 7 s alone,
// several times that while the rest of the suite shares the two cores.
describe('renaming migrations', { timeout: 120_000 }, () => {
  it('0028_leads: client_requests becomes leads with its rows, links, counts and inbox views', async () => {
    const database = await databaseAt('0027_booking_staff_digests')
    const staffId = '00000000-0000-4000-8000-000000000001'
    const clientId = '00000000-0000-4000-8000-000000000002'
    const leadIds = [1, 2, 3].map((n) => `10000000-0000-4000-8000-00000000000${n}`)
    await database.client.exec(`
      insert into users (id, email, name, role, password_hash) values
        ('${staffId}', 'staff@example.com', 'Staff', 'admin', 'x'),
        ('${clientId}', 'ana@example.org', 'Ana', 'client', 'x');
      insert into client_requests (id, type, name, email, company, message, status, owner_id) values
        ('${leadIds[0]}', 'contact', 'Ana', 'ana@example.org', 'Clinic', 'Hello', 'new', '${staffId}'),
        ('${leadIds[1]}', 'demo', 'Ben', 'ben@example.org', 'Court', 'A demo', 'contacted', null),
        ('${leadIds[2]}', 'contact', 'Cleo', 'cleo@example.org', 'School', 'Hi', 'new', null);
      insert into organizations (id, name) values ('20000000-0000-4000-8000-000000000001', 'Clinic');
      insert into client_memberships (user_id, organization_id, role, client_request_id)
        values ('${clientId}', '20000000-0000-4000-8000-000000000001', 'manager', '${leadIds[0]}');
      insert into inbox_views (user_id, inbox, last_seen_at)
        values ('${staffId}', 'client_requests', now());`)

    await database.migrateToLatest()

    const leads = await database.rows<{ id: string; status: string; owner_id: string | null }>(
      'select id, status, owner_id from leads order by id',
    )
    expect(leads).toEqual([
      { id: leadIds[0], status: 'new', owner_id: staffId },
      { id: leadIds[1], status: 'contacted', owner_id: null },
      { id: leadIds[2], status: 'new', owner_id: null },
    ])
    expect(await database.rows('select lead_id from client_memberships')).toEqual([
      { lead_id: leadIds[0] },
    ])
    expect(await database.rows('select inbox from inbox_views')).toEqual([{ inbox: 'leads' }])
    const counts = () =>
      database.rows<{ counter: string; status: string; count: number }>(
        `select counter, status, sum(delta)::int as count from status_counts
         where counter in ('leads', 'client_requests') group by 1, 2 having sum(delta) <> 0
         order by 1, 2`,
      )
    expect(await counts()).toEqual([
      { counter: 'leads', status: 'contacted', count: 1 },
      { counter: 'leads', status: 'new', count: 2 },
    ])
    // The renamed triggers count under the new name.
    await database.client.exec(`update leads set status = 'closed' where name = 'Cleo'`)
    expect(await counts()).toEqual([
      { counter: 'leads', status: 'closed', count: 1 },
      { counter: 'leads', status: 'contacted', count: 1 },
      { counter: 'leads', status: 'new', count: 1 },
    ])
    await database.client.close()
  })

  it('0029_job_postings: jobs becomes job_postings, and applications still point to theirs', async () => {
    const database = await databaseAt('0028_leads')
    const fileId = '30000000-0000-4000-8000-000000000001'
    await database.client.exec(`
      insert into jobs (id, title, type, native_language, fluent_language, description,
          requirements, responsibilities, benefits, status, posted_on)
        values ('greek-english-remote-interpreter', 'Greek Interpreter', 'Remote', 'Greek',
          'English', 'Interpret.', '{}', '{}', '{}', 'published', '2026-01-05');
      insert into stored_files (id, storage_key, original_name, media_type, byte_size, sha256)
        values ('${fileId}', 'resumes/ana.pdf', 'ana.pdf', 'application/pdf', 10, 'x');
      insert into interpreter_applications (source, source_reference, position, first_name,
          last_name, email, phone, interpreting_experience, expected_pay_per_minute,
          resume_file_id, privacy_consent_at, privacy_notice_version, job_id)
        values ('job-posting', 'greek-english-remote-interpreter', 'Greek Interpreter', 'Ana',
          'Alpha', 'ana@example.org', '+1 512 555 0100', '1-3 years', '0.50', '${fileId}', now(),
          '1', 'greek-english-remote-interpreter');`)

    await database.migrateToLatest()

    expect(await database.rows('select id, status from job_postings')).toEqual([
      { id: 'greek-english-remote-interpreter', status: 'published' },
    ])
    expect(
      await database.rows(
        `select p.title from interpreter_applications a join job_postings p on p.id = a.job_id`,
      ),
    ).toEqual([{ title: 'Greek Interpreter' }])
    // The foreign key still acts (on delete set null) under its new name.
    await database.client.exec(`delete from job_postings`)
    expect(await database.rows('select job_id from interpreter_applications')).toEqual([
      { job_id: null },
    ])
    await database.client.close()
  })
  it('0031: messages sent to "All Clients" (then the form\'s senders) become Prospects sends', async () => {
    const database = await databaseAt('0029_job_postings')
    await database.client.exec(`
      insert into messages (id, type, recipient_group, recipient_label, recipient_count, subject,
          body, sent_by_name) values
        ('40000000-0000-4000-8000-000000000001', 'client', 'all-clients', 'All Clients', 3,
          'Follow-up', 'Hi', 'Sam'),
        ('40000000-0000-4000-8000-000000000002', 'bulk', 'active-interpreters',
          'Active Interpreters', 2, 'Welcome', 'Hi', 'Sam'),
        ('40000000-0000-4000-8000-000000000003', 'individual', null, 'Ana <ana@example.org>', 1,
          'Hello', 'Hi', 'Sam');`)

    await database.migrateToLatest()

    expect(
      await database.rows(
        'select recipient_group, recipient_label, type from messages order by id',
      ),
    ).toEqual([
      {
        recipient_group: 'prospects',
        recipient_label: 'Prospects (contact form), sent as "All Clients"',
        type: 'client',
      },
      {
        recipient_group: 'active-interpreters',
        recipient_label: 'Active Interpreters',
        type: 'bulk',
      },
      { recipient_group: null, recipient_label: 'Ana <ana@example.org>', type: 'individual' },
    ])
    await database.client.close()
  })
})
