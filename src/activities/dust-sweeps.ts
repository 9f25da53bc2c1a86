import { ApplicationFailure } from '@temporalio/activity';
import { Contract, type JsonRpcProvider } from 'ethers';
import { ERC20 } from '../chain/erc20';
import { SWEEP_FAILED } from '../domain/failure-types';
import { dustGasPurpose, dustSweepPurpose } from '../domain/keys';
import { Prisma, type DustSweep } from '../generated/prisma/client';
import type { PricingOutboxWriterDeps, SigningOutboxWriterDeps } from './deps';
import { gasRefusalOf } from './gas-refusal';
import { sweepSender } from './sweep-send';
import { follow } from './waiting';

export type DustSweepDeps = Pick<PricingOutboxWriterDeps, 'db' | 'chains' | 'config' | 'logger' | 'prices'> & Pick<SigningOutboxWriterDeps, 'signers'>;

/** A dust sweep's one transfer from the deposit address: the whole dust to the bankroll. */
const dustTransfer = (tokenAddress: string | null, bankroll: string, raw: bigint) =>
  tokenAddress ? { to: tokenAddress, data: ERC20.encodeFunctionData('transfer', [bankroll, raw]) } : { to: bankroll, value: raw };

async function balanceOf(p: JsonRpcProvider, tokenAddress: string | null, owner: string): Promise<bigint> {
  if (!tokenAddress) return p.getBalance(owner);
  return BigInt(await new Contract(tokenAddress, ERC20, p).getFunction('balanceOf')(owner));
}

type DustRow = { id: bigint; depositAddress: string; tokenAddress: string | null; decimals: number; grossAmount: Prisma.Decimal };

/**
 * Aggregate dust sweeps: a deposit address's dust of one asset, never swept one transfer at a time, is swept in one
 * transfer once its total pays for the gas (domain/dust). The dust is not credited: it is the house's.
 */
export function createDustSweepActivities(d: DustSweepDeps) {
  const { sendAndWait, weigh, assertSweepPays, estimateSweepGas } = sweepSender(d);
  /** The gas of sweeping `raw` of an asset from a deposit address after the bankroll's top-up, at the node's estimates. */
  const gasFor = (p: JsonRpcProvider, chainId: number, from: string, tokenAddress: string | null, raw: bigint, maxFeePerGas: bigint) =>
    estimateSweepGas(p, chainId, d.signers.bankroll.address, from, [dustTransfer(tokenAddress, d.signers.bankroll.address, raw)], maxFeePerGas);

  /** Claims a group's dust for a new sweep in one transaction; a row another sweep claimed first rolls it back. */
  async function claim(chainId: number, rows: DustRow[], raw: bigint): Promise<void> {
    const { depositAddress, tokenAddress, decimals } = rows[0]!;
    await d.db.$transaction(async (tx) => {
      const sweep = await tx.dustSweep.create({ data: { chainId, depositAddress, tokenAddress, decimals, amount: new Prisma.Decimal(raw.toString()) } });
      const claimed = await tx.deposit.updateMany({ where: { id: { in: rows.map((r) => r.id) }, status: 'DUST', dustSweepId: null }, data: { dustSweepId: sweep.id } });
      if (claimed.count !== rows.length) throw new Error(`dust of ${depositAddress} was claimed by another sweep`);
    });
  }

  /** Whether the address still holds the dust next to what its real deposits waiting for their own sweeps need. */
  async function dustIsThere(p: JsonRpcProvider, chainId: number, rows: DustRow[], raw: bigint): Promise<boolean> {
    const { depositAddress, tokenAddress } = rows[0]!;
    const owed = await d.db.deposit.aggregate({ _sum: { grossAmount: true }, where: { chainId, depositAddress, tokenAddress, status: { in: ['CONFIRMING', 'SWEEPING'] } } });
    return (await balanceOf(p, tokenAddress, depositAddress)) >= raw + BigInt(owed._sum.grossAmount?.toFixed(0) ?? '0');
  }

  async function sendSweep(s: DustSweep, p: JsonRpcProvider): Promise<string> {
    const bankroll = d.signers.bankroll;
    const owner = await d.db.depositAddress.findUniqueOrThrow({ where: { address: s.depositAddress } });
    const from = d.signers.depositAddress(owner.hdIndex);
    const raw = BigInt(s.amount.toFixed(0));
    // Decided once, like a deposit's sweep: after the top-up is signed the sweep goes on.
    let topUpWei = 0n;
    if (!(await d.db.outboundTx.findUnique({ where: { purpose: dustGasPurpose(s.id) } }))) {
      const { maxFeePerGas } = await p.getFeeData();
      const gas = await gasFor(p, s.chainId, from.address, s.tokenAddress, raw, maxFeePerGas ?? 0n);
      await assertSweepPays(`dust sweep ${s.id}`, { chainId: s.chainId, tokenAddress: s.tokenAddress, raw, decimals: s.decimals, gas });
      topUpWei = gas.topUpWei;
    }
    await sendAndWait(p, { chainId: s.chainId, purpose: dustGasPurpose(s.id), signer: bankroll, to: from.address, value: topUpWei });
    return sendAndWait(p, { chainId: s.chainId, purpose: dustSweepPurpose(s.id), signer: from, ...dustTransfer(s.tokenAddress, bankroll.address, raw) });
  }

  /**
   * Tops up the deposit address's gas and moves the claimed dust whole to the bankroll, each transaction signed once: a
   * step signs and sends what is due and waits (`waiting`) while a transfer is unconfirmed.
   */
  async function sweepDust(dustSweepId: string): Promise<'SWEPT' | 'FAILED'> {
    const s = await d.db.dustSweep.findUniqueOrThrow({ where: { id: BigInt(dustSweepId) } });
    if (s.status !== 'SWEEPING') return s.status;
    try {
      const sweepTxHash = await sendSweep(s, d.chains.require(s.chainId));
      await d.db.$transaction([
        d.db.dustSweep.updateMany({ where: { id: s.id, status: 'SWEEPING' }, data: { status: 'SWEPT', sweepTxHash } }),
        d.db.deposit.updateMany({ where: { dustSweepId: s.id }, data: { sweepTxHash } }),
      ]);
      d.logger.info('dust swept', { dustSweepId, depositAddress: s.depositAddress, amount: s.amount.toFixed(0), sweepTxHash });
      return 'SWEPT';
    } catch (err) {
      if (!(err instanceof ApplicationFailure && err.type === SWEEP_FAILED)) throw err;
      await d.db.dustSweep.updateMany({ where: { id: s.id, status: 'SWEEPING' }, data: { status: 'FAILED' } });
      d.logger.error('dust sweep failed; its dust waits for an admin', { dustSweepId, depositAddress: s.depositAddress });
      return 'FAILED';
    }
  }

  return {
    /**
     * Claims, per deposit address and asset, the confirmed unclaimed dust whose total pays for its sweep's gas now,
     * and answers the ids of every sweep still to run (those claimed before included).
     */
    async claimDustSweeps(chainId: number): Promise<string[]> {
      const p = d.chains.require(chainId);
      const [chain, head, fees] = await Promise.all([d.db.chain.findUniqueOrThrow({ where: { chainId } }), p.getBlockNumber(), p.getFeeData()]);
      const dust = await d.db.deposit.findMany({
        where: { chainId, status: 'DUST', dustSweepId: null, droppedReason: null, blockNumber: { lte: head - chain.depositConfirmations } },
        select: { id: true, depositAddress: true, tokenAddress: true, decimals: true, grossAmount: true },
      });
      const groups = new Map<string, DustRow[]>();
      for (const row of dust) {
        const key = `${row.depositAddress}|${row.tokenAddress ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      for (const rows of groups.values()) {
        const { tokenAddress, decimals } = rows[0]!;
        const raw = rows.reduce((sum, r) => sum + BigInt(r.grossAmount.toFixed(0)), 0n);
        const { depositAddress } = rows[0]!;
        // Not estimable now (the address lacks the dust, a paused token): not claimed, looked at again next run.
        const gas = await gasFor(p, chainId, depositAddress, tokenAddress, raw, fees.maxFeePerGas ?? 0n).catch((err: unknown) => {
          if (gasRefusalOf(err)) return null;
          throw err;
        });
        const r = gas && (await weigh({ chainId, tokenAddress, raw, decimals, gas }));
        if (!r?.pays) continue;
        // A transfer reorganised away after it was seen would otherwise be paid out of another deposit's tokens.
        if (!(await dustIsThere(p, chainId, rows, raw))) {
          d.logger.warn('dust not swept: the address holds less than its recorded dust', { chainId, depositAddress: rows[0]!.depositAddress, tokenAddress });
          continue;
        }
        await claim(chainId, rows, raw);
      }
      const open = await d.db.dustSweep.findMany({ where: { chainId, status: 'SWEEPING' }, orderBy: { id: 'asc' }, select: { id: true } });
      return open.map((s) => s.id.toString());
    },

    /** One step of a dust sweep (see the function), retried by the server every poll: runs begun before its follow. */
    sweepDust,

    /** A dust sweep's steps inside one attempt (see follow), until it is swept or failed. */
    async followDustSweep(dustSweepId: string, pollMs: number): Promise<'SWEPT' | 'FAILED'> {
      return follow(() => sweepDust(dustSweepId), pollMs, 'sweeping dust');
    },
  };
}

export type DustSweepActivities = ReturnType<typeof createDustSweepActivities>;
