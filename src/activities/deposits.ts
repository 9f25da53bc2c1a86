import Decimal from 'decimal.js';
import type { JsonRpcProvider } from 'ethers';
import { ERC20 } from '../chain/erc20';
import { sightTransfer } from '../chain/transfer-sighting';
import { headReaching } from '../chain/head';
import type { WatchedTransfer } from '../domain/deposit-confirmation';
import { watchedTransfer } from '../store/equal-transfers';
import { platformFiat } from '../domain/caps';
import { depositEventKey, depositIdempotencyKey, feePurpose, gasPurpose, PURPOSE, sweepPurpose } from '../domain/keys';
import { confirmationStep } from '../domain/deposit-confirmation';
import { depositFee, rawToUsd, usdToLocal } from '../domain/pricing';
import { encodeDeposit } from '../domain/webhook-events';
import { Prisma, type Deposit } from '../generated/prisma/client';
import { recordWebhookEvent } from '../store/outbox';
import { FX_UNAVAILABLE, NOT_CONFIRMED, PRICE_UNAVAILABLE } from '../domain/failure-types';
import { sweepSender } from './sweep-send';
import { tronSweeper } from './tron-sweep';
import { sightTronTransfer } from '../chain/tron-transfers';
import { follow, waiting } from './waiting';
import type { PricingOutboxWriterDeps, SigningOutboxWriterDeps } from './deps';
import { lockConfirmingDeposit } from '../store/deposit-locks';

export type DepositActivityDeps = PricingOutboxWriterDeps & Pick<SigningOutboxWriterDeps, 'signers'>;


export function createDepositActivities(d: DepositActivityDeps) {
  const provider = (chainId: number) => d.chains.require(chainId);
  const load = (depositId: string) => d.db.deposit.findUniqueOrThrow({ where: { id: BigInt(depositId) } });

  const { sendAndWait, assertSweepPays, estimateSweepGas } = sweepSender(d);
  const sweepTron = tronSweeper(d);

  /** How a deposit's transfer is read back: TRON through its node's transaction info, EVM through the receipt. */
  const reader = (chainId: number) => {
    const tron = d.chains.tron(chainId);
    // `head(wanted)`: the head, or on EVM the scanner's last block once that reaches `wanted` (chain/head.ts).
    if (tron) return { head: (_wanted: number) => tron.headNumber(), sight: (w: WatchedTransfer) => sightTronTransfer(tron, w) };
    const p = provider(chainId);
    return { head: (wanted: number) => headReaching(d.db, p, chainId, wanted), sight: (w: WatchedTransfer) => sightTransfer(p, w) };
  };

  async function sweepTransfers(dep: Deposit, p: JsonRpcProvider): Promise<string> {
    const amount = BigInt(dep.amount!.toFixed(0));
    const fee = BigInt(dep.feeAmount!.toFixed(0));
    const bankroll = d.signers.bankroll;
    const owner = await d.db.depositAddress.findUniqueOrThrow({ where: { address: dep.depositAddress } });
    const from = d.signers.depositAddress(owner.hdIndex);
    const feeWallet = d.signers.feeWalletAddress;
    const call = (to: string, raw: bigint) => (dep.tokenAddress ? { to: dep.tokenAddress, data: ERC20.encodeFunctionData('transfer', [to, raw]) } : { to, value: raw });
    const transfers = [
      { purpose: sweepPurpose(dep.id), ...call(bankroll.address, amount), raw: amount },
      { purpose: feePurpose(dep.id), ...call(feeWallet, fee), raw: fee },
    ].filter((t) => t.raw > 0n);
    // Decided once: after the gas top-up is signed the sweep goes on (and its transfers are estimated as they are signed).
    // The deposit address pays its own gas, topped up from the bankroll, so a native deposit arrives whole.
    let topUpWei = 0n;
    // The estimates taken to cost the sweep are the gas limits its transfers are signed with in this attempt.
    let limits: { topUp: bigint; transfers: bigint[] } | undefined;
    if (!(await d.db.outboundTx.findUnique({ where: { purpose: gasPurpose(dep.id) } }))) {
      const { maxFeePerGas } = await p.getFeeData();
      const gas = await estimateSweepGas(p, dep.chainId, bankroll.address, from.address, transfers.map(({ to, data, value }) => ({ to, data, value })), maxFeePerGas ?? 0n);
      await assertSweepPays(`sweeping deposit ${dep.id}`, { chainId: dep.chainId, tokenAddress: dep.tokenAddress, raw: BigInt(dep.grossAmount.toFixed(0)), decimals: dep.decimals, gas });
      topUpWei = gas.topUpWei;
      limits = gas.limits;
    }
    await sendAndWait(p, { chainId: dep.chainId, purpose: gasPurpose(dep.id), signer: bankroll, to: from.address, value: topUpWei, gasLimit: limits?.topUp });
    let sweepHash = '';
    for (const [i, { purpose, to, data, value }] of transfers.entries()) {
      const hash = await sendAndWait(p, { chainId: dep.chainId, purpose, signer: from, to, data, value, gasLimit: limits?.transfers[i] });
      if (purpose.startsWith(PURPOSE.sweep)) sweepHash = hash;
    }
    return sweepHash;
  }

  /**
   * Drops a confirming deposit if it still should be, decided again under the row's lock from a fresh read of the row
   * and the chain. The scanner moves or revives a deposit under the same lock when it sees the transfer, so one that
   * reappeared meanwhile is never dropped after the scanner has passed it. Throws (to re-check) when it stays.
   */
  async function dropDeposit(id: bigint, p: ReturnType<typeof reader>, watched: WatchedTransfer, required: number): Promise<'DROPPED'> {
    const reason = await d.db.$transaction(async (tx) => {
      const row = await lockConfirmingDeposit(tx, id);
      if (!row) throw waiting(NOT_CONFIRMED, `deposit ${id} changed while it was being dropped`);
      const step = confirmationStep(await p.sight(watched), row.blockNumber, await p.head(row.blockNumber + required - 1), required);
      if (step.step !== 'DROP') throw waiting(NOT_CONFIRMED, `transfer ${watched.txHash} is back on chain`);
      await tx.deposit.update({ where: { id }, data: { status: 'DROPPED', droppedReason: step.reason } });
      return step.reason;
    });
    d.logger.warn('deposit dropped: its transfer is not in the canonical chain', { depositId: id.toString(), txHash: watched.txHash, reason });
    return 'DROPPED';
  }

  /**
   * Waits for the chain's deposit confirmations, counted from the block the transfer is in now: a reorg that moves
   * it to another block moves the count with it. Drops the deposit only on `confirmationStep`'s depth of evidence.
   */
  async function awaitDepositConfirmations(depositId: string): Promise<'CONFIRMED' | 'DROPPED'> {
    const dep = await load(depositId);
    if (dep.status === 'DROPPED') return 'DROPPED';
    if (dep.status !== 'CONFIRMING') return 'CONFIRMED';
    const p = reader(dep.chainId);
    const chain = await d.db.chain.findUniqueOrThrow({ where: { chainId: dep.chainId } });
    const head = await p.head(dep.blockNumber + chain.depositConfirmations - 1);
    // Until the block it was last seen in is deep enough, the receipt cannot confirm or drop it (a reorg that moved it
    // elsewhere is found once it is): each poll till then reads the head alone, a call instead of two.
    const depth = head - dep.blockNumber + 1;
    if (depth < chain.depositConfirmations) throw waiting(NOT_CONFIRMED, `${Math.max(0, depth)}/${chain.depositConfirmations} confirmations of block ${dep.blockNumber}`);
    const watched = await watchedTransfer(d.db, dep);
    const sighting = await p.sight(watched);
    if (sighting.state === 'INCLUDED' && sighting.blockHash !== dep.blockHash) {
      await d.db.deposit.updateMany({ where: { id: dep.id, status: 'CONFIRMING' }, data: { blockNumber: sighting.blockNumber, blockHash: sighting.blockHash } });
      d.logger.warn('deposit re-included in another block by a reorg', { depositId, txHash: dep.txHash, blockNumber: sighting.blockNumber });
    }
    const step = confirmationStep(sighting, dep.blockNumber, head, chain.depositConfirmations);
    if (step.step === 'WAIT') throw waiting(NOT_CONFIRMED, `${step.confirmations}/${chain.depositConfirmations} confirmations (${sighting.state})`);
    if (step.step === 'DROP') return dropDeposit(dep.id, p, watched, chain.depositConfirmations);
    const operator = await d.db.operator.findUniqueOrThrow({ where: { id: dep.operatorId } });
    const gross = BigInt(dep.grossAmount.toFixed(0));
    const fee = depositFee(gross, operator.depositFeeBps);
    await d.db.deposit.updateMany({
      where: { id: dep.id, status: 'CONFIRMING' },
      data: {
        status: 'SWEEPING', confirmedAt: new Date(), blockNumber: step.blockNumber, blockHash: step.blockHash,
        feeAmount: new Prisma.Decimal(fee.toString()), amount: new Prisma.Decimal((gross - fee).toString()),
      },
    });
    return 'CONFIRMED';
  }

  /**
   * Moves the net amount to the bankroll and the fee to the fee wallet, each transfer signed once: a step signs and
   * sends what is due and waits (`waiting`) while a transfer is unconfirmed or the sweep would not pay for its gas.
   */
  async function sweepDeposit(depositId: string): Promise<void> {
    const dep = await load(depositId);
    if (dep.status !== 'SWEEPING') return;
    const tron = d.chains.tron(dep.chainId);
    const sweepTxHash = tron ? await sweepTron(dep, tron) : await sweepTransfers(dep, provider(dep.chainId));
    await d.db.deposit.updateMany({ where: { id: dep.id, status: 'SWEEPING' }, data: { status: 'PRICING', sweepTxHash } });
  }

  return {
    /** One check of the deposit's confirmations, retried by the server every poll: runs begun before its follow. */
    awaitDepositConfirmations,

    /** The confirmation checks inside one attempt (see follow), until the deposit is confirmed or dropped. */
    async followDepositConfirmations(depositId: string, pollMs: number): Promise<'CONFIRMED' | 'DROPPED'> {
      return follow(() => awaitDepositConfirmations(depositId), pollMs, 'checking confirmations');
    },

    /** One step of the sweep (see the function), retried by the server every poll: runs begun before its follow. */
    sweepDeposit,

    /** The sweep's steps inside one attempt (see follow), until every transfer of it is confirmed. */
    async followSweep(depositId: string, pollMs: number): Promise<void> {
      await follow(() => sweepDeposit(depositId), pollMs, 'sweeping');
    },

    /** Prices the deposit and writes the DEPOSIT event with the final state; without a fresh price it waits. */
    async creditDeposit(depositId: string): Promise<void> {
      const dep = await load(depositId);
      if (dep.status !== 'PRICING') return;
      const [operator, chain] = await Promise.all([d.db.operator.findUniqueOrThrow({ where: { id: dep.operatorId } }), d.db.chain.findUniqueOrThrow({ where: { chainId: dep.chainId } })]);
      const fiat = platformFiat(operator);
      const [quote, rate] = await Promise.all([d.prices.usdPrice({ chainId: dep.chainId, tokenAddress: dep.tokenAddress }), d.fx.usdTo(fiat)]);
      if (!quote) throw waiting(PRICE_UNAVAILABLE, `no fresh USD price for ${dep.symbol} on chain ${dep.chainId}`);
      if (!rate) throw waiting(FX_UNAVAILABLE, `no USD/${fiat} rate`);
      const amount = BigInt(dep.amount!.toFixed(0));
      const fee = BigInt(dep.feeAmount!.toFixed(0));
      // Credited value rounds down, the fee rounds up: both in the service's favour.
      const amountInDollar = rawToUsd(amount, dep.decimals, quote.usd, 'down');
      const feeInDollar = rawToUsd(fee, dep.decimals, quote.usd, 'up');
      const amountInLocalCurrency = usdToLocal(amountInDollar, rate);
      const session = dep.sessionId ? await d.db.session.findUnique({ where: { id: dep.sessionId } }) : null;
      const body = encodeDeposit({
        depositId: dep.id.toString(),
        idempotencyKey: depositIdempotencyKey(dep),
        externalUserId: dep.externalUserId,
        sessionRef: session?.sessionRef ?? null,
        sessionAmount: session ? new Decimal(session.amount.toString()).toFixed(2) : null,
        amount: amount.toString(),
        amountInDollar: amountInDollar.toFixed(6),
        amountInLocalCurrency: amountInLocalCurrency.toFixed(6),
        localCurrencyCode: fiat,
        currentRate: rate.toString(),
        pair: `USD/${fiat}`,
        grossAmount: dep.grossAmount.toFixed(0),
        feeAmount: fee.toString(),
        feeInDollar: feeInDollar.toFixed(6),
        // TRON's token standard and base58 contract address (stored as the registry has it) on a TRON chain.
        type: dep.tokenAddress ? (chain.type === 'TRON' ? 'TRC20' : 'ERC20') : 'NATIVE',
        contractAddress: dep.tokenAddress,
        transactionHash: dep.txHash,
        chainId: String(dep.chainId),
        confirmedAt: (dep.confirmedAt ?? new Date()).toISOString(),
      });
      const event = await d.db.$transaction(async (tx) => {
        const moved = await tx.deposit.updateMany({
          where: { id: dep.id, status: 'PRICING' },
          data: {
            status: 'CREDITED', creditedAt: new Date(), priceUsd: new Prisma.Decimal(quote.usd.toString()), localCurrencyCode: fiat,
            currentRate: new Prisma.Decimal(rate.toString()), amountInDollar: new Prisma.Decimal(amountInDollar.toFixed(6)),
            feeInDollar: new Prisma.Decimal(feeInDollar.toFixed(6)), amountInLocalCurrency: new Prisma.Decimal(amountInLocalCurrency.toFixed(6)),
          },
        });
        if (moved.count === 0) return null;
        return recordWebhookEvent(tx, d.config.SECRETS_KEY, { operatorId: dep.operatorId, event: 'DEPOSIT', body, uniqueKey: depositEventKey(dep.id) });
      });
      if (event) await d.workflows.dispatchWebhook(event);
      d.logger.info('deposit credited', { depositId, amountInDollar: amountInDollar.toFixed(6), eventId: event?.id });
    },
  };
}

export type DepositActivities = ReturnType<typeof createDepositActivities>;
