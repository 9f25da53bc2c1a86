import { hexlify, randomBytes, sha256, Wallet } from 'ethers';
import { utils as tronweb } from 'tronweb';
import { evmFromTron, isTronAddress, tronFromEvm, tronFromHex, tronHex } from '../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx, tronSignerOf, trxTransferTx, txIdMatches } from '../../src/chain/tron-tx';
import { TRANSFER_TOPIC } from '../../src/chain/erc20';
import { feeLimitSun, MAX_FEE_LIMIT_SUN, spendCeilingSun, worstCaseSun } from '../../src/chain/tron-fees';
import { tronTransferLogs } from '../../src/chain/tron-transfers';
import { tronDepositAddress, tronDepositKey, tronDepositPath, tronDepositXpub, tronFeeWalletAddress } from '../../src/adapters/tron-wallet';

// BIP-39's published test mnemonic; its TRON account 0 (m/44'/195'/0'/0/0) is a widely published vector.
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const USDT_MAINNET = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('TRON addresses', () => {
  it('When the BIP-39 test mnemonic is derived on TRON\'s path, Then index 0 is the published TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH, from the xpub alone too', () => {
    expect(tronDepositPath(0)).toBe("m/44'/195'/0'/0/0");
    expect(tronDepositAddress(tronDepositXpub(ABANDON), 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(tronFromEvm(new Wallet(tronDepositKey(ABANDON, 0)).address)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    for (const i of [1, 7, 100]) expect(tronFromEvm(new Wallet(tronDepositKey(ABANDON, i)).address)).toBe(tronDepositAddress(tronDepositXpub(ABANDON), i));
  });

  it('When a published private key is turned into an address, Then it is the published TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY', () => {
    const address = tronFromEvm(new Wallet('0xda146374a75310b9666e834ee4ad0866d6f4035967bfc76217c5a495fff9f0d0').address);
    expect(address).toBe('TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY');
    expect(tronHex(address)).toBe('41928c9af0651632157ef27a2cf17ca72c575a4d21');
  });

  it('When mainnet USDT\'s hex form is encoded, Then it is TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, with or without the 41 byte, and back', () => {
    expect(tronFromHex('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT_MAINNET);
    expect(tronFromHex('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT_MAINNET);
    expect(evmFromTron(USDT_MAINNET).toLowerCase()).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
  });

  it('When addresses are validated, Then base58 TRON ones pass, and EVM, mistyped or foreign-prefix ones fail', () => {
    expect(isTronAddress(USDT_MAINNET)).toBe(true);
    expect(isTronAddress('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toBe(false); // one letter's case: checksum fails
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false); // a Bitcoin address
    expect(isTronAddress('')).toBe(false);
  });

  it('When random addresses are encoded, checked and decoded, and then mistyped, Then every answer is the TRON SDK\'s own', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let i = 0; i < 200; i++) {
      const hex = '41' + hexlify(randomBytes(20)).slice(2);
      const address = tronFromHex(hex);
      expect(address).toBe(tronweb.address.fromHex(hex));
      expect(tronHex(address)).toBe(tronweb.address.toHex(address).toLowerCase());
      expect(isTronAddress(address)).toBe(true);
      const at = i % 34;
      const typo = address.slice(0, at) + alphabet[(alphabet.indexOf(address[at]!) + 1 + (i % 57)) % 58] + address.slice(at + 1);
      expect(isTronAddress(typo)).toBe(tronweb.crypto.isAddressValid(typo));
    }
    expect(() => tronFromHex('42' + 'ab'.repeat(20))).toThrow('not a TRON hex address');
    expect(() => tronHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T')).toThrow('not a TRON address');
  });

  it('When the fee wallet is derived, Then it is a TRON address outside the deposit range', () => {
    const fee = tronFeeWalletAddress(ABANDON);
    expect(isTronAddress(fee)).toBe(true);
    expect(fee).not.toBe(tronDepositAddress(tronDepositXpub(ABANDON), 0));
  });
});

describe('TRON transactions', () => {
  it('When the documented TransferContract of /wallet/broadcasttransaction is built, Then its raw_data_hex is byte for byte the published one and txID its sha256', () => {
    const tx = trxTransferTx(
      { from: tronFromHex('41608f8da72479edc7dd921e4c30bb7e7cddbe722e'), to: tronFromHex('41e9d79cc47518930bc322d9bf7cddd260a0260a8d'), sun: 1000n },
      { ref_block_bytes: '5e4b', ref_block_hash: '47c9dc89341b300d', expiration: 1591089627000, timestamp: 1591089567635 },
    );
    expect(tx.raw_data_hex).toBe(
      '0a025e4b220847c9dc89341b300d40f8fed3a2a72e5a66080112620a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412310a1541608f8da72479edc7dd921e4c30bb7e7cddbe722e121541e9d79cc47518930bc322d9bf7cddd260a0260a8d18e8077093afd0a2a72e',
    );
    expect(tx.txID).toBe(sha256('0x' + tx.raw_data_hex).slice(2));
  });

  it('When the documented /wallet/createtransaction sample is built, Then the txID is the published 9908eed5…f551', () => {
    const tx = trxTransferTx(
      { from: tronFromHex('41718de6b323652d1257437ace160c4f4198aae4e1'), to: tronFromHex('414a5fe0179f2dd9c900194e63d661863cd0ade7b0'), sun: 1000n },
      { ref_block_bytes: '00b0', ref_block_hash: '3f1bc96dc80e7f61', expiration: 1548974130000, timestamp: 1548974072663 },
    );
    expect(tx.txID).toBe('9908eed564650eed0027b84b18adb934e401e39a62d7c8964224fc723914f551');
  });

  it('When a TRC-20 transfer is built and signed, Then its data is transfer(to, amount), its id is sha256 of its bytes, and the signature recovers the sender', () => {
    const key = tronDepositKey(ABANDON, 0);
    const ref = refBlockOf({ blockID: '0000000000000064' + 'ab'.repeat(24), block_header: { raw_data: { number: 100, timestamp: 1_700_000_000_000 } } }, 600_000);
    expect(ref).toEqual({ ref_block_bytes: '0064', ref_block_hash: 'abababababababab', expiration: 1_700_000_600_000, timestamp: 1_700_000_000_000 });
    const tx = trc20TransferTx({ from: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', token: USDT_MAINNET, to: 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY', raw: 1_234_567n, feeLimitSun: 30_000_000n }, ref);
    const value = tx.raw_data.contract[0]!.parameter.value;
    expect(value.data).toBe('a9059cbb' + '928c9af0651632157ef27a2cf17ca72c575a4d21'.padStart(64, '0') + (1_234_567).toString(16).padStart(64, '0'));
    expect(value.contract_address).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tx.raw_data.fee_limit).toBe(30_000_000);
    const signed = signTronTx(tx, key);
    expect(signed.txID).toBe(tx.txID);
    expect(txIdMatches(signed)).toBe(true);
    expect(signed.signature).toHaveLength(1);
    expect(signed.signature![0]).toMatch(/^[0-9a-f]{128}(1b|1c)$/i);
    expect(tronSignerOf(signed)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(txIdMatches({ ...signed, raw_data_hex: signed.raw_data_hex.replace(/.$/, (c) => (c === '0' ? '1' : '0')) })).toBe(false);
  });
});

describe('TRON fees and Transfer logs', () => {
  const prices = { energySun: 420n, bandwidthSun: 1000n };

  it('When a fee_limit is derived from energy, Then it is energy × the energy price, capped at 100 TRX; the worst case adds 400 bytes of bandwidth', () => {
    expect(feeLimitSun(35_580n, prices)).toBe(14_943_600n);
    expect(feeLimitSun(10_000_000n, prices)).toBe(MAX_FEE_LIMIT_SUN);
    expect(worstCaseSun(14_943_600n, prices)).toBe(14_943_600n + 400_000n);
  });

  it('When a signed transaction\'s most TRX is asked, Then a TRC-20 transfer can take its fee_limit and bandwidth, a TRX transfer (no fee_limit) its amount and bandwidth', () => {
    const ref = refBlockOf({ blockID: '0000000000000064' + 'ab'.repeat(24), block_header: { raw_data: { number: 100, timestamp: 1_700_000_000_000 } } }, 600_000);
    const [from, to] = [tronFromEvm(Wallet.createRandom().address), tronFromEvm(Wallet.createRandom().address)];
    expect(spendCeilingSun(trc20TransferTx({ from, token: USDT_MAINNET, to, raw: 5_000_000n, feeLimitSun: 14_943_600n }, ref), prices)).toBe(14_943_600n + 400_000n);
    expect(spendCeilingSun(trxTransferTx({ from, to, sun: 2_000_000n }, ref), prices)).toBe(2_000_000n + 400_000n);
  });

  it('When transaction infos carry logs, Then Transfer logs are read with base58 token, sender and recipient, indices counted across the block, other events skipped', () => {
    const word = (hex: string) => hex.padStart(64, '0');
    const usdtHex = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
    const to = '928c9af0651632157ef27a2cf17ca72c575a4d21';
    const transfer = { address: usdtHex, topics: [TRANSFER_TOPIC.slice(2), word('11'.repeat(20)), word(to)], data: word((5_000_000).toString(16)) };
    const other = { address: usdtHex, topics: ['8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', word('11'), word('22')], data: word('1') };
    const infos = [
      { id: 'aa', blockNumber: 7, blockTimeStamp: 0, receipt: {}, log: [other, transfer] },
      { id: 'bb', blockNumber: 7, blockTimeStamp: 0, receipt: {}, log: [transfer] },
    ];
    expect(tronTransferLogs(infos)).toEqual([
      { txHash: 'aa', index: 1, token: USDT_MAINNET, from: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', to: 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY', value: 5_000_000n },
      { txHash: 'bb', index: 2, token: USDT_MAINNET, from: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', to: 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY', value: 5_000_000n },
    ]);
  });
});
