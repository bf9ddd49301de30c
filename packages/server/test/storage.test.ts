import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskStorage, MemoryStorage, newObjectKey } from '../src/storage/index.ts';

describe('storage', () => {
  it('new keys are always accepted by both stores (a key must not start with - or _)', async () => {
    const disk = new DiskStorage(mkdtempSync(join(tmpdir(), 'pv-store-')));
    const memory = new MemoryStorage();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const key = newObjectKey('png');
      expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
      seen.add(key);
      await memory.put(key, Buffer.from('x'), 'image/png');
    }
    expect(seen.size).toBe(2000);
    const key = newObjectKey('pdf');
    await disk.put(key, Buffer.from('%PDF'), 'application/pdf');
    expect(await disk.get(key)).toEqual({ body: Buffer.from('%PDF'), contentType: 'application/pdf' });
    await disk.delete(key);
    expect(await disk.get(key)).toBeNull();
  });

  it('refuses keys that could escape the folder', async () => {
    const memory = new MemoryStorage();
    for (const bad of ['../x', '-rf', '_x', 'a/b', '.hidden', '']) {
      await expect(memory.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
  });

  it('streams a stored file with its length (large files are served without holding them in memory)', async () => {
    const disk = new DiskStorage(mkdtempSync(join(tmpdir(), 'pv-store-')));
    const key = newObjectKey('apk');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0x5a);
    await disk.put(key, bytes, 'application/vnd.android.package-archive');
    const opened = await disk.openStream(key);
    expect(opened).toMatchObject({ size: bytes.length, contentType: 'application/vnd.android.package-archive' });
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await disk.openStream(newObjectKey('apk'))).toBeNull();
    expect(await disk.openStream('../x')).toBeNull();
    expect(await disk.openStream(`${key}.type`)).toBeNull();
  });
});
