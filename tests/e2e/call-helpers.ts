import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/**
 * Whether a call page's video (the other party's, by default) shows frames: it has a size and
 * its time moves on. Thirty seconds for each, as a relay on a loaded machine may take.
 */
export async function videoPlays(page: Page, testId = 'remote-video') {
  const video = page.getByTestId(testId)
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0)
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(before)
}
