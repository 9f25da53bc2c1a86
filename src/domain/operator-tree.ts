/**
 * Operator trees (spec 5 rule 1: a parent acts on its sub-operators' resources). A parent change must keep the tree a
 * tree: no operator may end up among its own ancestors, at any depth, and no chain may grow past MAX_OPERATOR_DEPTH
 * levels, which also bounds every walk up or down it.
 */
export const MAX_OPERATOR_DEPTH = 4;

/**
 * Why placing operator `id` (null: one being created) under a parent is refused, or null. `chain` is the parent and
 * its ancestors, nearest first; `subtreeLevels` counts `id`'s own level and those below it.
 */
export function parentChangeProblem(id: string | null, chain: string[], subtreeLevels: number): string | null {
  if (id !== null && chain[0] === id) return 'an operator cannot be its own parent';
  if (id !== null && chain.includes(id)) return `operator ${chain[0]} is under ${id}: the parent change would make a cycle`;
  const levels = chain.length + subtreeLevels;
  if (levels > MAX_OPERATOR_DEPTH) return `the operator tree would be ${levels} levels deep; at most ${MAX_OPERATOR_DEPTH} are allowed`;
  return null;
}
