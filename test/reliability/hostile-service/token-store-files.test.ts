/**
 * Finding 11 of issue 14: FileTokenStore writes through a temporary file that no one can guess or
 * plant beforehand (random name, created exclusively, mode 0600), and a store file other users
 * can read is still used, with a warning through the session's warnings.
 */
import { chmod, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect, FileTokenStore, type StoredToken } from '../../../src/auth/index.js';
import type { HttpEvent, ServiceWarning } from '../../../src/http/index.js';
import { temporaryFolderForTest } from '../../support/temporary-folders.js';
import { CANARY_KEY } from '../support/canaries.js';
import { serviceAt } from '../support/rebased-service.js';

const TOKEN: StoredToken = {
  accessToken: 'token-canary-9f2e',
  expiresAt: null,
  tokenExpiry: '1_month',
  scopes: ['wallet:read'],
  ownedByToolkit: true,
};

const posixOnly = process.platform === 'win32' ? it.skip : it;

describe('FileTokenStore’s temporary file', () => {
  posixOnly(
    'cannot be planted: symlinks at every name the old scheme would use receive nothing',
    async () => {
      const folder = await temporaryFolderForTest('gentk-store-');
      const path = join(folder, 'tokens.json');
      const stolen = join(folder, 'stolen.txt');
      await writeFile(stolen, '');
      // The old name was `<path>.<pid>.<Date.now()>.tmp`: plant a link at each of the next seconds' names.
      const now = Date.now();
      for (let offset = 0; offset < 2_000; offset += 1) {
        await symlink(stolen, `${path}.${process.pid}.${now + offset}.tmp`);
      }
      await new FileTokenStore(path).save('key', TOKEN);
      expect(await readFile(stolen, 'utf8')).toBe('');
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ key: TOKEN });
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      // Nothing of its own is left behind: the only .tmp entries are the planted links.
      const leftovers = (await readdir(folder)).filter((name) => name.endsWith('.tmp'));
      expect(leftovers).toHaveLength(2_000);
    },
  );
});

describe('a token store other users can read', () => {
  posixOnly('is used, with an insecure-storage warning through onWarning and onEvent', async () => {
    const folder = await temporaryFolderForTest('gentk-store-');
    const path = join(folder, 'tokens.json');
    await writeFile(path, JSON.stringify({ key: TOKEN }));
    await chmod(path, 0o644);
    const store = new FileTokenStore(path);
    expect(await store.load('key')).toEqual(TOKEN);

    const warnings: ServiceWarning[] = [];
    const events: HttpEvent[] = [];
    const session = await connect({
      service: await serviceAt('http://127.0.0.1:9'),
      apiKey: CANARY_KEY,
      tokenStore: store,
      operations: { ids: ['v7_images_text_to_image'] },
      http: { onWarning: (warning) => warnings.push(warning), onEvent: (event) => events.push(event) },
    });
    await session.close();
    expect(warnings).toEqual([
      expect.objectContaining({
        kind: 'insecure-storage',
        message: expect.stringMatching(/can be read or written by other users \(mode 0644\).*chmod 600/),
      }),
    ]);
    expect(events).toContainEqual({ type: 'warning', warning: warnings[0] });

    // The next save replaces it by a file only its owner can read, and the warning has no cause left.
    await store.save('key', TOKEN);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await store.audit()).toEqual([]);
  });
});
