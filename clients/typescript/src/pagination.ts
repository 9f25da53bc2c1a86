import type { Client } from 'openapi-fetch';
import type { paths } from './schema';

/** The list endpoints: a GET taking a `cursor` query parameter (the next page's comes in X-Next-Cursor). */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { parameters: { query?: { cursor?: string } } } } ? P : never;
}[keyof paths];

type ListGet<P extends ListPath> = paths[P] extends { get: infer G } ? G : never;
/** A list endpoint's query parameters, its cursor excepted (the iterator moves it). */
export type ListQuery<P extends ListPath> = Omit<NonNullable<ListGet<P> extends { parameters: { query?: infer Q } } ? Q : never>, 'cursor'>;
/** One item of a list endpoint's pages. */
export type ListItem<P extends ListPath> =
  ListGet<P> extends { responses: { 200: { content: { 'application/json': { data: Array<infer T> } } } } } ? T : never;

type UntypedGet = (path: string, init: { params: { query: Record<string, unknown> } }) => Promise<{ data?: { data: unknown[] }; response: Response }>;

/**
 * Every item of a list endpoint, page after page, following X-Next-Cursor until a page comes without one. Pages are
 * fetched as the loop asks for them, so breaking out early fetches no more.
 */
export async function* paginate<P extends ListPath>(client: Client<paths>, path: P, query?: ListQuery<P>): AsyncGenerator<ListItem<P>, void, undefined> {
  const get = client.GET as unknown as UntypedGet;
  let cursor: string | undefined;
  do {
    const { data, response } = await get(path, { params: { query: { ...query, ...(cursor === undefined ? {} : { cursor }) } } });
    for (const item of data?.data ?? []) yield item as ListItem<P>;
    cursor = response.headers.get('x-next-cursor') || undefined;
  } while (cursor !== undefined);
}
