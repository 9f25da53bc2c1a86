import { returnUrl } from '../../src/widget/client/return-url';

describe('Close: the return URL (spec 4.1 rules 6-7)', () => {
  it.each([
    ['https://shop.example/return', 'success', 'https://shop.example/return?status=success'],
    ['https://shop.example/r?b=2&a=1#frag', 'success', 'https://shop.example/r?b=2&a=1&status=success#frag'],
    ['https://shop.example/r?status=old&x=1', 'cancelled', 'https://shop.example/r?status=cancelled&x=1'],
    ['https://shop.example/r?q=a+b&e=%20#x', 'cancelled', 'https://shop.example/r?q=a+b&e=+&status=cancelled#x'],
  ] as const)('When the redirectUrl is %s, Then Close goes to it with status=%s (query re-serialised, fragment kept)', (redirect, status, expected) => {
    expect(returnUrl(redirect, status)).toBe(expected);
  });
});
