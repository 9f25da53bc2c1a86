import { confirmationStep, findTransfer, transferOrdinal, type TransferLog } from '../../src/domain/deposit-confirmation';

const REQUIRED = 3;

describe('confirmationStep', () => {
  const included = (blockNumber: number) => ({ state: 'INCLUDED' as const, blockNumber, blockHash: `0x${blockNumber}` });

  it('When the transfer is in a block, Then it waits for that block to have the required confirmations', () => {
    expect(confirmationStep(included(100), 100, 101, REQUIRED)).toEqual({ step: 'WAIT', confirmations: 2 });
    expect(confirmationStep(included(100), 100, 102, REQUIRED)).toEqual({ step: 'CONFIRM', blockNumber: 100, blockHash: '0x100' });
  });

  it('When a reorg moved the transfer to a later block, Then confirmations count from the new block', () => {
    expect(confirmationStep(included(104), 100, 105, REQUIRED)).toEqual({ step: 'WAIT', confirmations: 2 });
    expect(confirmationStep(included(104), 100, 106, REQUIRED)).toMatchObject({ step: 'CONFIRM', blockNumber: 104 });
  });

  it('When the transaction has no receipt, Then it waits until the chain has grown the required depth past its last block, then drops', () => {
    const absent = { state: 'ABSENT' as const };
    expect(confirmationStep(absent, 100, 99, REQUIRED)).toEqual({ step: 'WAIT', confirmations: 0 }); // reorg to a shorter chain
    expect(confirmationStep(absent, 100, 101, REQUIRED)).toEqual({ step: 'WAIT', confirmations: 0 });
    expect(confirmationStep(absent, 100, 102, REQUIRED)).toEqual({ step: 'DROP', reason: 'REORGANISED' });
  });

  it.each(['REVERTED', 'TRANSFER_MISSING'] as const)('When the re-included transaction is %s, Then it is dropped once that block is as deep as a confirmation', (reason) => {
    const voided = { state: 'VOID' as const, blockNumber: 104, reason };
    expect(confirmationStep(voided, 100, 105, REQUIRED)).toEqual({ step: 'WAIT', confirmations: 0 });
    expect(confirmationStep(voided, 100, 106, REQUIRED)).toEqual({ step: 'DROP', reason });
  });
});

describe('transfer identity', () => {
  const TX = '0xaa';
  const log = (index: number, to: string, value: bigint, txHash = TX, token = '0xToken'): TransferLog => ({ txHash, index, token, to, value });
  const want = (to: string, value: bigint) => ({ txHash: TX, token: '0xTOKEN', to, value });

  it('When a transaction carries equal transfers, Then each gets its rank among them, other transfers and transactions aside', () => {
    const logs = [log(3, '0xA', 5n), log(4, '0xB', 5n), log(5, '0xa', 5n), log(6, '0xA', 7n), log(2, '0xA', 5n, '0xbb')];
    expect(logs.map((l) => transferOrdinal(logs, l))).toEqual([0, 0, 1, 0, 0]);
  });

  it('When the transaction is re-included at other log indices, Then the same ordinal finds the same transfer', () => {
    const moved = [log(9, '0xA', 7n), log(11, '0xA', 5n), log(12, '0xB', 5n), log(14, '0xA', 5n)];
    expect(findTransfer(moved, want('0xa', 5n), 0)?.index).toBe(11);
    expect(findTransfer(moved, want('0xA', 5n), 1)?.index).toBe(14);
    expect(findTransfer(moved, want('0xA', 7n), 0)?.index).toBe(9);
  });

  it('When the re-executed transaction no longer emits the transfer, Then it is not found', () => {
    const moved = [log(9, '0xA', 4n), log(10, '0xA', 5n)];
    expect(findTransfer(moved, want('0xA', 5n), 1)).toBeNull();
    expect(findTransfer(moved, want('0xC', 5n), 0)).toBeNull();
    expect(findTransfer([log(10, '0xA', 5n, '0xbb')], want('0xA', 5n), 0)).toBeNull();
  });
});
