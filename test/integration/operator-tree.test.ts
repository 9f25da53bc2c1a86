import { MAX_OPERATOR_DEPTH } from '../../src/domain/operator-tree';
import { createOperator } from '../../src/provisioning/operators';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cli = (...args: string[]) => runCli(args, ctx.env);
const op = (name: string, parentId?: string) => createOperator(ctx.db, ctx.config.SECRETS_KEY, { name, parentId });
const parentOf = async (id: string) => (await ctx.db.operator.findUniqueOrThrow({ where: { id } })).parentId;

describe('operator trees', () => {
  it('When A would take its own sub-operator B as parent (a cycle of depth 2), Then the CLI exits 2 and nothing changes', async () => {
    const a = await op('A2');
    const b = await op('B2', a.id);
    const r = await cli('operator', 'update', a.id, '--parent', b.id);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(/cycle/);
    expect(await parentOf(a.id)).toBeNull();
  });

  it('When A would take C, under B under A, as parent (a cycle of depth 3), Then the CLI exits 2 and nothing changes', async () => {
    const a = await op('A3');
    const b = await op('B3', a.id);
    const c = await op('C3', b.id);
    const r = await cli('operator', 'update', a.id, '--parent', c.id);
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(/cycle/);
    expect(await parentOf(a.id)).toBeNull();
  });

  it('When a chain would grow past the depth bound, Then it is refused; up to the bound it is accepted', async () => {
    let parent = await op('L1');
    for (let level = 2; level <= MAX_OPERATOR_DEPTH; level++) parent = await op(`L${level}`, parent.id);
    const deeper = await cli('operator', 'create', '--name', 'Too deep', '--parent', parent.id);
    expect(deeper.code).toBe(2);
    expect(deeper.json.error).toMatch(/levels deep/);
    // Moving a two-level subtree under the deepest operator's parent would also pass the bound.
    const top = await op('Top');
    await op('Below', top.id);
    const moved = await cli('operator', 'update', top.id, '--parent', parent.id);
    expect(moved.code).toBe(2);
    expect(await parentOf(top.id)).toBeNull();
  });
});
