import { depositAddress, depositPath, depositWallet, publicKeysOf } from '../../src/adapters/hd-wallet';

// The well-known development mnemonic (Hardhat, Anvil): its first accounts are published, so they pin the path.
const MNEMONIC = 'test test test test test test test test test test test junk';
const xpubOf = (mnemonic: string) => publicKeysOf({ HD_MNEMONIC: mnemonic, BANKROLL_PRIVATE_KEY: '0x' + '11'.repeat(32) }).DEPOSIT_XPUB;
const XPUB = xpubOf(MNEMONIC);

describe('HD deposit addresses', () => {
  it('When index 0 and 1 are derived, Then they are the published accounts of the BIP-44 Ethereum path', () => {
    expect(depositPath(0)).toBe("m/44'/60'/0'/0/0");
    expect(depositAddress(XPUB, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(depositAddress(XPUB, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });

  it('When an index is derived twice, Then the address is the same (EIP-55 checksummed)', () => {
    const a = depositAddress(XPUB, 7);
    expect(depositAddress(XPUB, 7)).toBe(a);
    expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(a).not.toBe(a.toLowerCase());
  });

  it('When indices or mnemonics differ, Then the addresses differ', () => {
    const other = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const addresses = new Set([0, 1, 2, 3, 4].map((i) => depositAddress(XPUB, i)));
    expect(addresses.size).toBe(5);
    expect(depositAddress(xpubOf(other), 0)).not.toBe(depositAddress(XPUB, 0));
  });

  it('When the API derives an address from the public key, Then the worker signs for that same address from the seed', () => {
    expect(XPUB).toMatch(/^xpub/);
    for (const i of [0, 1, 42, 1000]) expect(depositWallet(MNEMONIC, i).address).toBe(depositAddress(XPUB, i));
  });
});
