import { expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

it('loads a module once, however many ask for it', async () => {
  const importer = vi.fn(() => Promise.resolve({ name: 'm' }));
  const mod = lazyModule(importer);
  expect(mod.loaded).toBeUndefined();
  expect(importer).not.toHaveBeenCalled(); // nothing is loaded until something wants it
  const [a, b] = await Promise.all([mod.load(), mod.load()]);
  expect(a).toBe(b);
  expect(mod.loaded).toBe(a);
  await mod.load();
  expect(importer).toHaveBeenCalledTimes(1);
});

it('tries again after a load that failed', async () => {
  const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ name: 'm' });
  const mod = lazyModule(importer as () => Promise<{ name: string }>);
  await expect(mod.load()).rejects.toThrow('offline');
  expect(mod.loaded).toBeUndefined();
  await expect(mod.load()).resolves.toEqual({ name: 'm' });
  expect(importer).toHaveBeenCalledTimes(2);
});
