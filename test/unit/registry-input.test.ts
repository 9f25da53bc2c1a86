import { checkedConfirmations, checkedDecimals, minDepositRaw, registryAddress, RegistryInputError } from '../../src/domain/registry-input';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('registry input rules', () => {
  it('When an EVM address is lower case, Then it is stored EIP-55; a mixed case with a wrong checksum, the zero address or junk is refused', () => {
    expect(registryAddress('EVM', USDT.toLowerCase(), 'address')).toBe(USDT);
    expect(registryAddress('EVM', USDT, 'address')).toBe(USDT);
    expect(() => registryAddress('EVM', USDT.replace('dAC', 'Dac'), 'address')).toThrow(RegistryInputError);
    expect(() => registryAddress('EVM', '0x0000000000000000000000000000000000000000', 'address')).toThrow(/zero address/);
    expect(() => registryAddress('EVM', '0xabc', 'price feed')).toThrow(/^price feed:/);
  });

  it('When the chain is TRON, Then a base58 T-address is kept as given and an EVM address is refused', () => {
    expect(registryAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'address')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(() => registryAddress('TRON', USDT, 'address')).toThrow(/TRON base58/);
    expect(() => registryAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O', 'address')).toThrow(RegistryInputError); // O is not base58
  });

  it('When decimals, confirmations or a minimum deposit are out of range, Then they are refused; in range they pass', () => {
    expect(checkedDecimals(0, 'decimals')).toBe(0);
    expect(checkedDecimals(18, 'decimals')).toBe(18);
    for (const bad of [-1, 37, 6.5]) expect(() => checkedDecimals(bad, 'decimals')).toThrow(RegistryInputError);
    expect(checkedConfirmations(1, 'c')).toBe(1);
    for (const bad of [0, -3, 1.5, 10_001]) expect(() => checkedConfirmations(bad, 'c')).toThrow(RegistryInputError);
    expect(minDepositRaw('2.5', 6, 'min')).toBe('2500000');
    expect(minDepositRaw('0', 18, 'min')).toBe('0');
    expect(minDepositRaw('0.0005', 18, 'min')).toBe('500000000000000');
    for (const bad of ['-1', '1e3', '0.0000001', 'one']) expect(() => minDepositRaw(bad, 6, 'min')).toThrow(RegistryInputError);
  });
});
