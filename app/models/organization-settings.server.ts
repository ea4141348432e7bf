import { eq } from 'drizzle-orm'
import { organizations } from '../../db/schema'
import { db } from '../platform/runtime.server'
import { recordAudit, type Actor } from './audit.server'

/**
 * An organization's settings, kept by its managers in the client portal
 * (docs/product.md#organization-settings): whether the client who booked is reminded 24 hours
 * and 2 hours before a confirmed booking (app/models/dispatch/reminders.server.ts).
 */
export interface OrganizationSettings {
  requesterReminder24h: boolean
  requesterReminder2h: boolean
}

const settingsColumns = {
  requesterReminder24h: organizations.requesterReminder24h,
  requesterReminder2h: organizations.requesterReminder2h,
}

export async function organizationSettings(
  organizationId: string,
): Promise<OrganizationSettings | undefined> {
  const [row] = await db()
    .select(settingsColumns)
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row
}

/** Saves the settings and audits what changed; false when the organization is gone. */
export async function saveOrganizationSettings(
  organizationId: string,
  settings: OrganizationSettings,
  actor: Actor,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select(settingsColumns)
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update')
    if (!before) return false
    await tx.update(organizations).set(settings).where(eq(organizations.id, organizationId))
    await recordAudit(
      actor,
      {
        action: 'organization_settings',
        entityType: 'organization',
        entityId: organizationId,
        before,
        after: settings,
      },
      tx,
    )
    return true
  })
}
