const KiB = 1024
const MiB = 1024 * KiB
const GiB = 1024 * MiB

/** A file's size as people read it: "12 KB", "3.4 MB", "1.9 GB" (units of 1,024). */
export function formatFileSize(bytes: number): string {
  if (bytes >= GiB) return `${(bytes / GiB).toFixed(1)} GB`
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / KiB))} KB`
}
