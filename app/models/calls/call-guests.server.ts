import { and, eq, isNull, sql } from 'drizzle-orm'
import { callGuests, calls } from '../../../db/schema'
import { now } from '../../platform/clock.server'
import { db } from '../../platform/runtime.server'
import { hashToken, randomToken } from '../../platform/tokens.server'

/**
 * A call's third participant (docs/product.md#call-guests): the client makes a single-use link
 * for one person on another device; its first use gives that browser the guest's key, which
 * lets it join this call only, while the call lasts. The guest sees the call's language and
 * the others' video, never an account's details.
 */

export type GuestLinkOutcome = { link: string } | 'not-connected' | 'joined'

/**
 * A new link for the call's guest (the link's token; only its hash is kept). Only while the call
 * is connected, and not while a guest is in it; a link nobody used, or whose guest left, is
 * replaced.
 */
export async function createGuestLink(callId: string): Promise<GuestLinkOutcome> {
  return db().transaction(async (tx) => {
    const [call] = await tx
      .select({ status: calls.status })
      .from(calls)
      .where(eq(calls.id, callId))
      .for('update')
    if (call?.status !== 'connected') return 'not-connected'
    const [guest] = await tx.select().from(callGuests).where(eq(callGuests.callId, callId))
    if (guest?.joinedAt && !guest.leftAt) return 'joined'
    const link = randomToken()
    const row = {
      callId,
      linkHash: hashToken(link),
      createdAt: now(),
      keyHash: null,
      joinedAt: null,
      leftAt: null,
    }
    await tx
      .insert(callGuests)
      .values(row)
      .onConflictDoUpdate({ target: callGuests.callId, set: row })
    return { link }
  })
}

/** What a guest link or key leads to. */
export type GuestState =
  | { state: 'unknown' }
  | { state: 'over' }
  | { state: 'used' }
  | { state: 'open'; callId: string }
  | { state: 'joined'; callId: string; language: string; media: 'video' | 'audio' }
  | { state: 'left' }

async function guestRowOf(link: string) {
  const [row] = await db()
    .select({
      callId: callGuests.callId,
      keyHash: callGuests.keyHash,
      leftAt: callGuests.leftAt,
      status: calls.status,
      language: calls.language,
      media: calls.media,
    })
    .from(callGuests)
    .innerJoin(calls, eq(calls.id, callGuests.callId))
    .where(eq(callGuests.linkHash, hashToken(link)))
  return row
}

/**
 * Where the link stands for the browser holding `key` (its guest cookie, if any): not a link;
 * the call is over; used by another browser; not used yet; or this browser's, joined (or left).
 */
export async function guestLinkState(link: string, key: string | undefined): Promise<GuestState> {
  const row = await guestRowOf(link)
  if (!row) return { state: 'unknown' }
  if (row.status !== 'connected') return { state: 'over' }
  if (!row.keyHash) return { state: 'open', callId: row.callId }
  if (!key || hashToken(key) !== row.keyHash) return { state: 'used' }
  if (row.leftAt) return { state: 'left' }
  return { state: 'joined', callId: row.callId, language: row.language, media: row.media }
}

/**
 * The link's first use: the browser's new key, or why there is none. One statement, so that of
 * two browsers opening the link at once exactly one gets in.
 */
export async function joinByGuestLink(
  link: string,
): Promise<{ key: string } | { state: 'unknown' | 'over' | 'used' }> {
  const key = randomToken()
  const [joined] = await db()
    .update(callGuests)
    .set({ keyHash: hashToken(key), joinedAt: now() })
    .where(
      and(
        eq(callGuests.linkHash, hashToken(link)),
        isNull(callGuests.keyHash),
        sql`exists (select 1 from ${calls} where ${calls.id} = ${callGuests.callId} and ${calls.status} = 'connected')`,
      ),
    )
    .returning({ callId: callGuests.callId })
  if (joined) return { key }
  const state = await guestLinkState(link, undefined)
  return { state: state.state === 'unknown' || state.state === 'over' ? state.state : 'used' }
}

/** The guest leaves: their key no longer joins the call. */
export async function leaveAsGuest(key: string): Promise<void> {
  await db()
    .update(callGuests)
    .set({ leftAt: now() })
    .where(and(eq(callGuests.keyHash, hashToken(key)), isNull(callGuests.leftAt)))
}

/** The call a guest's key lets its browser take part in, while the call is connected. */
export async function callOfGuestKey(key: string): Promise<string | null> {
  const [row] = await db()
    .select({ callId: callGuests.callId })
    .from(callGuests)
    .innerJoin(calls, eq(calls.id, callGuests.callId))
    .where(
      and(
        eq(callGuests.keyHash, hashToken(key)),
        isNull(callGuests.leftAt),
        eq(calls.status, 'connected'),
      ),
    )
  return row?.callId ?? null
}

/** Whether the call's guest has joined (the client's page says so instead of a new link). */
export async function guestJoined(callId: string): Promise<boolean> {
  const [row] = await db()
    .select({ joinedAt: callGuests.joinedAt, leftAt: callGuests.leftAt })
    .from(callGuests)
    .where(eq(callGuests.callId, callId))
  return row?.joinedAt != null && row.leftAt === null
}
