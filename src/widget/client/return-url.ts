export type CloseStatus = 'success' | 'cancelled';

/**
 * The redirectUrl with `status` set by the standard URL API: the query re-serialised, the fragment kept
 * (spec 4.1 rules 6-7). Pure, so it is unit tested.
 */
export function returnUrl(redirectUrl: string, status: CloseStatus): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('status', status);
  return url.toString();
}
