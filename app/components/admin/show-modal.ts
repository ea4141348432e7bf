/**
 * Makes a dialog modal. A dialog the server rendered open is already on screen, so it is
 * closed and reopened as modal; that reset would drop where the reader had scrolled to and
 * what they had focused before the script ran (a click aimed at a control would land
 * beside it), so both are put back.
 */
export function showModal(dialog: HTMLDialogElement) {
  if (!dialog.open) {
    dialog.showModal()
    return
  }
  if (dialog.matches(':modal')) return
  const { scrollTop } = dialog
  const focused = dialog.contains(document.activeElement) ? document.activeElement : null
  dialog.close()
  dialog.showModal()
  dialog.scrollTop = scrollTop
  if (focused instanceof HTMLElement) focused.focus({ preventScroll: true })
}
