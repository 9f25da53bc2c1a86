/**
 * The shape of a transition table: each named move lists the states it may leave, the state it enters and who may
 * make it. The tables themselves are `headless-machine.ts` (Mode C) and `withdrawal-machine.ts` (Modes A and B).
 */

/** Who makes a move: an admin in the panel, the operator's API, the end user in the widget, or the workflow itself. */
export type Actor = 'admin' | 'operator' | 'user' | 'workflow';

export interface Move<S extends string> {
  from: readonly S[];
  to: S;
  by: readonly Actor[];
}

/** The names of the moves of `table` that `actor` may make. */
export type MovesBy<T extends Record<string, Move<string>>, A extends Actor> = {
  [K in keyof T]: A extends T[K]['by'][number] ? K : never;
}[keyof T];

/** Every state some move of `moves` may leave, in table order, once each. */
export function sourcesOf<S extends string>(moves: readonly Move<S>[]): S[] {
  return [...new Set(moves.flatMap((m) => m.from))];
}

/** `status` is listed as a source of `move` (a string, so a stored status of any machine can be asked). */
export const listsSource = (move: Move<string>, status: string): boolean => move.from.includes(status);
