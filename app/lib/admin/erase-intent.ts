/**
 * The form intent of the confirmed "Erase personal data" step on a record's details
 * (docs/privacy.md#erasure). Kept apart from the Zod schemas so that the dialogs' JavaScript
 * does not load Zod, whose start-up probe trips the CSP's script-src.
 */
export const ERASE_INTENT = 'erase-personal-data'
