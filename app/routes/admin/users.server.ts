import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { leadSettingsSchema, staffRolesSchema } from '~/lib/validation/staff'
import type { Actor } from '~/models/audit.server'
import { setLeadSettings, setStaffRoles, UserRuleError } from '~/models/users.server'
import { officeToday } from '~/models/leads/owners.server'

/** The "Save" of an admin's lead settings (docs/product.md#users). */
export async function saveLeadSettings(formData: FormData, actor: Actor) {
  const userId = String(formData.get('userId') ?? '')
  const submission = parseWithZod(formData, {
    schema: leadSettingsSchema.refine(
      (value) => !value.awayUntil || value.awayUntil >= officeToday(),
      { path: ['awayUntil'], message: 'Please choose today or a later day, or leave it empty.' },
    ),
  })
  if (submission.status !== 'success')
    return data(
      { invite: undefined, notice: null, userId, leads: submission.reply() },
      { status: 400 },
    )
  const { takesLeads, awayUntil } = submission.value
  try {
    await setLeadSettings(userId, { takesLeads, awayUntil: awayUntil ?? null }, actor)
  } catch (error) {
    if (!(error instanceof UserRuleError)) throw error
    return data({ invite: undefined, notice: null, error: error.message }, { status: 400 })
  }
  return {
    invite: undefined,
    notice: 'Lead settings saved.',
    userId,
    leads: submission.reply(),
  }
}

/** The "Save roles" of a staff account (docs/product.md#staff-roles). */
export async function saveStaffRoles(formData: FormData, actor: Actor) {
  const userId = String(formData.get('userId') ?? '')
  const submission = parseWithZod(formData, { schema: staffRolesSchema })
  if (submission.status !== 'success')
    return data(
      { invite: undefined, notice: null, userId, roles: submission.reply() },
      { status: 400 },
    )
  try {
    const outcome = await setStaffRoles(userId, submission.value.staffRoles, actor)
    return {
      invite: undefined,
      notice: outcome === 'changed' ? 'Roles saved.' : 'The roles were already these.',
      userId,
      roles: undefined,
    }
  } catch (error) {
    if (!(error instanceof UserRuleError)) throw error
    return data(
      {
        invite: undefined,
        notice: null,
        userId,
        roles: submission.reply({ fieldErrors: { staffRoles: [error.message] } }),
      },
      { status: 400 },
    )
  }
}
