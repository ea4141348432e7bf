import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { onboardingStepKeys } from '../../app/domain/onboarding'
import { interpreterApplications } from './interpreter-applications'
import { users } from './users'

/**
 * Onboarding steps staff have ticked, with when and by whom. An application's
 * `onboarding_progress` is the number of its rows here, kept in step in one transaction.
 */
export const onboardingStepsDone = pgTable(
  'onboarding_steps_done',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => interpreterApplications.id, { onDelete: 'cascade' }),
    step: text('step', { enum: onboardingStepKeys }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    completedById: uuid('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    completedByName: text('completed_by_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.step] })],
)
