/** The browser constraints of a form, derived on the server from its Zod schema. */
export type FormConstraint = Record<
  string,
  {
    required?: boolean
    minLength?: number
    maxLength?: number
    min?: string | number
    max?: string | number
    step?: string | number
    multiple?: boolean
    pattern?: string
  }
>
