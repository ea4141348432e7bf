/** Password length rules (ASVS level 2), shared by the schema and the forms' hints. */
export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 128
