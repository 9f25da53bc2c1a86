import type { DevContracts } from '../../dev/devchain/contracts';

/** compileContracts of a fresh copy of its module, as a new process would call it. */
function compileInNewModule(): DevContracts {
  let contracts: DevContracts | undefined;
  jest.isolateModules(() => {
    contracts = (jest.requireActual('../../dev/devchain/contracts') as typeof import('../../dev/devchain/contracts')).compileContracts();
  });
  return contracts!;
}

describe('the dev contracts (dev/devchain/contracts.ts)', () => {
  afterEach(() => jest.dontMock('solc'));

  it('When they were compiled once, Then a new process reads the kept output without loading solc', () => {
    const first = compileInNewModule();
    expect(first.TestToken.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
    jest.doMock('solc', () => {
      throw new Error('solc was loaded');
    });
    expect(compileInNewModule()).toEqual(first);
  });
});
