import { Form, useNavigation } from 'react-router'
import { CheckboxGroupField } from '~/components/ui/native-fields'
import { staffRoleOptions, staffRolesLabel } from '~/domain/staff-roles'
import type { FormConstraint } from '~/lib/forms/form-constraint'
import type { FormReply, NativeField } from '~/lib/forms/native-form'
import { useNativeFormWithValues } from '~/lib/forms/native-form-values'

const roleChoices = staffRoleOptions.map((role) => ({
  value: role.value,
  label: `${role.label}: ${role.description}`,
}))

/** The staff roles to tick (app/domain/staff-roles.ts), each with what it opens. */
export function StaffRoleBoxes({ field, legend }: { field: NativeField; legend?: string }) {
  return (
    <CheckboxGroupField
      field={field}
      legend={legend}
      options={roleChoices}
      className="[&>div]:flex-col [&>div]:gap-y-2"
    />
  )
}

/**
 * A staff account's roles on the Users screen: what they are, and under "Change roles" the
 * boxes with their own "Save roles" (docs/product.md#staff-roles).
 */
export function StaffRolesForm({
  user,
  lastResult,
  constraint,
}: {
  user: { id: string; name: string; staffRoles: readonly string[] }
  lastResult: FormReply | undefined
  /** From `staffRolesSchema` (app/lib/validation/staff.ts), made by the loader. */
  constraint: FormConstraint
}) {
  const navigation = useNavigation()
  const saving =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'roles' &&
    navigation.formData.get('userId') === user.id
  const { formProps, field } = useNativeFormWithValues<{ staffRoles: string }>({
    lastResult,
    constraint,
    labels: { staffRoles: `Roles of ${user.name}` },
    defaultValue: { staffRoles: [...user.staffRoles] },
    errorSummary: false,
  })
  return (
    <div>
      <p className="text-slate-800">{staffRolesLabel(user.staffRoles)}</p>
      {/* Open after a refused change, so its message shows next to the boxes. */}
      <details className="mt-1" open={lastResult !== undefined}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline max-sm:min-h-11">
          Change roles<span className="sr-only"> of {user.name}</span>
        </summary>
        <Form method="post" {...formProps} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="roles" />
          <input type="hidden" name="userId" value={user.id} />
          <CheckboxGroupField
            field={field('staffRoles')}
            options={staffRoleOptions.map((role) => ({ value: role.value, label: role.label }))}
            className="[&>div]:flex-col [&>div]:gap-y-1"
          />
          <button
            type="submit"
            className="btn-secondary px-3 py-1.5 max-sm:min-h-11"
            aria-label={`Save roles of ${user.name}`}
            disabled={saving}
          >
            {saving ? 'Saving...' : 'Save roles'}
          </button>
        </Form>
      </details>
    </div>
  )
}
