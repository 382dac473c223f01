// What the WDA server served, request by request, so a test can assert what a client did (how many
// sources it read, screenshots it took), as the adb side's ServedLog does for the Android phone.

/** A request as a read budget counts it: a page source, a screenshot, or anything else. */
export type WdaServedKind = 'read' | 'screenshot' | 'other';

export interface WdaServedRequest {
  method: string;
  /** The path as requested ('/session/ABC/element'), without the query. */
  path: string;
  /** WDA's route it matched ('/session/:sessionId/element'), or undefined for an unknown command. */
  route: string | undefined;
  status: number;
  kind: WdaServedKind;
  /** Wall time from the request's arrival to the response's end, ms. */
  ms: number;
}

export class WdaServedLog {
  private entries: WdaServedRequest[] = [];

  record(entry: WdaServedRequest): void {
    this.entries.push(entry);
  }

  /** The requests served since the last take(), oldest first; the log then starts afresh. */
  take(): WdaServedRequest[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }

  /** The requests served since the last take(), without clearing them. */
  peek(): readonly WdaServedRequest[] {
    return this.entries;
  }
}

export function classifyRoute(route: string | undefined): WdaServedKind {
  if (!route) return 'other';
  if (/\/source$|\/wda\/accessibleSource$/.test(route)) return 'read';
  if (/\/screenshot(\/:uuid)?$|\/element\/:uuid\/screenshot$/.test(route)) return 'screenshot';
  return 'other';
}
