import type { PvDataProvider } from './dataProvider.ts';

/**
 * The data provider <Admin> gets: dataProvider.ts loaded on the first call. Its resource bindings
 * bring the contract's edit schemas (the editable-field lists), which the login page never uses —
 * every call comes after sign-in. Each method is a stand-in that loads the module, then calls the
 * real method; `then` and symbols are left undefined so nothing mistakes this object for a promise.
 */
let loaded: Promise<PvDataProvider> | null = null;
const load = () => (loaded ??= import('./dataProvider.ts').then((m) => m.dataProvider));

export const dataProvider = new Proxy({} as PvDataProvider, {
  get(_target, name) {
    if (typeof name !== 'string' || name === 'then' || name === 'supportAbortSignal') return undefined;
    return async (...args: unknown[]) => {
      const real = await load();
      const method = real[name as keyof PvDataProvider] as unknown;
      if (typeof method !== 'function') throw new TypeError(`the data provider has no method ${name}`);
      return (method as (...a: unknown[]) => unknown).apply(real, args);
    };
  },
});
