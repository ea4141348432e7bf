import { eq } from 'drizzle-orm'
import { organizations } from '../../../db/schema'
import type { OrganizationBillingValues } from '../../lib/validation/invoices'
import { db } from '../../platform/runtime.server'
import { recordAudit, type Actor } from '../audit.server'

/**
 * An organization's billing settings (docs/product.md#accounts-receivable): payment terms,
 * billing address, purchase order or cost centre. Each invoice takes them when it is sent.
 */

export async function organizationBilling(organizationId: string) {
  const [found] = await db()
    .select({
      id: organizations.id,
      name: organizations.name,
      paymentTermsDays: organizations.paymentTermsDays,
      billingAddress: organizations.billingAddress,
      purchaseOrder: organizations.purchaseOrder,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return found
}

/** Staff save the settings; audited with what they were. False when there is no such organization. */
export async function setOrganizationBilling(
  organizationId: string,
  values: OrganizationBillingValues,
  actor: Actor,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({
        paymentTermsDays: organizations.paymentTermsDays,
        billingAddress: organizations.billingAddress,
        purchaseOrder: organizations.purchaseOrder,
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update')
    if (!before) return false
    await tx.update(organizations).set(values).where(eq(organizations.id, organizationId))
    await recordAudit(
      actor,
      {
        action: 'organization_billing_updated',
        entityType: 'organization',
        entityId: organizationId,
        before,
        after: values,
      },
      tx,
    )
    return true
  })
}
