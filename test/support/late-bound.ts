/**
 * A stand-in for an object that a beforeAll hook creates, so a test file can name it once at the top
 * (`const { ctx, f } = headlessSuite(...)`) and use it in its tests. Using it before the hook ran throws.
 */
export function lateBound<T extends object>(name: string, get: () => T | null): T {
  const target = (): T => {
    const t = get();
    if (!t) throw new Error(`${name} is used before the beforeAll hook that creates it ran`);
    return t;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const t = target();
      const value: unknown = Reflect.get(t, key, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      return d && { ...d, configurable: true };
    },
  });
}
