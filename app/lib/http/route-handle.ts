/**
 * What a route module may declare about itself in its `handle` export, read by the host
 * before routing (server/route-handles.ts).
 */
export interface RouteHandle {
  /**
   * The route's action takes file uploads: its body streams on to the upload parser and its
   * own limits, instead of the small limit every other form body gets (server/request-body.ts).
   */
  acceptsUploads?: boolean
}

export const acceptsUploads: RouteHandle = { acceptsUploads: true }
