/** How long someone must wait, in words, rounded up: 'a second', '40 seconds', '9 minutes'. */
export function describeWait(seconds: number): string {
  if (seconds <= 1) return 'a second'
  if (seconds < 60) return `${Math.ceil(seconds)} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? 'a minute' : `${minutes} minutes`
}
