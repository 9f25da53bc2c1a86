import { Wallet } from 'ethers';
import { TronNode } from '../../src/adapters/tron-node';
import { tronFromEvm } from '../../src/adapters/tron-address';
import { NATIVE } from '../../src/domain/reconcile';
import { tronBalances } from '../../src/reconcile/tron';
import { startTronStandIn, type TronStandIn } from '../../dev/devchain/tron-standin/server';

// Reconcile's balance snapshot on TRON (src/reconcile/tron.ts) against the stand-in node, with blocks made only when
// the test says (blockMs 0): a block comes in while the first `moving` attempts read, as on a busy host.
let standIn: TronStandIn;
let usdt: string;
const bankroll = tronFromEvm(Wallet.createRandom().address);

beforeAll(async () => {
  standIn = await startTronStandIn({ blockMs: 0 });
  usdt = standIn.ledger.deployToken('USDT', 6);
  standIn.ledger.credit(bankroll, 9_000_000n);
  standIn.ledger.mint(usdt, bankroll, 4_000_000n);
  standIn.mine();
});
afterAll(() => standIn.stop());

/** A node whose chain makes a block right after each of the first `moving` attempts has read the head. */
function busyNode(moving: number): TronNode & { attempts: () => number } {
  let heads = 0;
  return Object.assign(new (class extends TronNode {
    override async headNumber(): Promise<number> {
      const n = await super.headNumber();
      heads++;
      if (heads % 2 === 1 && (heads + 1) / 2 <= moving) standIn.mine();
      return n;
    }
  })(standIn.url), { attempts: () => Math.ceil(heads / 2) });
}

describe('the bankroll balances reconcile reads on TRON', () => {
  it('When a block comes in during each of the first seven attempts, Then the eighth reads both balances as of one block', async () => {
    const node = busyNode(7);
    const read = await tronBalances(node, bankroll, [NATIVE, usdt]);
    expect(read).toEqual({ blockNumber: standIn.ledger.head().number, balances: [9_000_000n, 4_000_000n] });
    expect(node.attempts()).toBe(8);
  });

  it('When a block comes in during every attempt until the budget is spent, Then it throws rather than answer balances of two blocks', async () => {
    const node = busyNode(Number.MAX_SAFE_INTEGER);
    // How many attempts fit in the budget is the host's (a single one on a saturated CI host); the refusal is not.
    await expect(tronBalances(node, bankroll, [NATIVE, usdt], 300)).rejects.toThrow('TRON balances could not be read within one block');
  });
});
