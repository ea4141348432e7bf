import { describe, expect, it } from 'vitest'
import {
  applicationStatusToken,
  verifyApplicationStatusToken,
} from './application-status-token.server'

const SECRET = 'a-secret-that-is-long-enough-for-tests'
const ID = '6f1c1a8e-2f0b-4c57-9a43-3f9a0f7b1c2d'

describe('application status tokens', () => {
  it('verifies its own token and gives the id and version', () => {
    expect(verifyApplicationStatusToken(applicationStatusToken(ID, 3, SECRET), SECRET)).toEqual({
      applicationId: ID,
      version: 3,
    })
  })

  it('refuses every changed character, another version, another secret and junk', () => {
    const token = applicationStatusToken(ID, 1, SECRET)
    const mac = token.split('.')[2]!
    // Every spelling of the last character, including those base64url decoding would read
    // as the same bytes.
    for (const last of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')
      if (last !== mac.at(-1))
        expect(verifyApplicationStatusToken(token.slice(0, -1) + last, SECRET)).toBeUndefined()
    expect(verifyApplicationStatusToken(token.replace('.1.', '.2.'), SECRET)).toBeUndefined()
    expect(verifyApplicationStatusToken(token, `${SECRET}x`)).toBeUndefined()
    for (const junk of ['', 'a.b.c', `${ID}.0.${mac}`, `${ID}.1.${mac}.x`, `x${token}`])
      expect(verifyApplicationStatusToken(junk, SECRET)).toBeUndefined()
  })
})
