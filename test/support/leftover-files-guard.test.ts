import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardAgainstLeftoverFiles } from './leftover-files-guard.js';
import { temporaryFolderForTest } from './temporary-folders.js';

describe('the guard against leftover files', () => {
  it('gives the run a temporary directory of its own, and passes when the run leaves nothing', async () => {
    const packageTmp = join(await temporaryFolderForTest('gentk-guard-'), 'tmp');
    const outer = tmpdir();
    const check = guardAgainstLeftoverFiles(packageTmp);
    const runTmpdir = tmpdir();
    expect(runTmpdir).not.toBe(outer);
    expect(runTmpdir.startsWith(join(outer, 'gentk-test-run-'))).toBe(true);
    mkdirSync(join(runTmpdir, 'tsx-0'));
    mkdirSync(join(runTmpdir, 'node-compile-cache'));
    expect(() => check()).not.toThrow();
    expect(tmpdir()).toBe(outer);
    expect(existsSync(runTmpdir)).toBe(false);
  });

  it('fails naming what was left in the temporary directory and in the package tmp/, and removes it', async () => {
    const packageTmp = join(await temporaryFolderForTest('gentk-guard-'), 'tmp');
    const check = guardAgainstLeftoverFiles(packageTmp);
    const leftover = mkdtempSync(join(tmpdir(), 'gentk-store-'));
    mkdirSync(join(packageTmp, 'readme-snippets-x'), { recursive: true });
    expect(() => check()).toThrow(
      new RegExp(
        `${leftover.split('/').pop()} in the temporary directory, tmp/readme-snippets-x in the package`,
      ),
    );
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(packageTmp)).toBe(false);
  });

  it('keeps what the package tmp/ held before the run, and fails on an empty tmp/ the run made', async () => {
    const before = join(await temporaryFolderForTest('gentk-guard-'), 'tmp');
    mkdirSync(before);
    writeFileSync(join(before, 'notes.txt'), 'a developer file');
    guardAgainstLeftoverFiles(before)();
    expect(existsSync(join(before, 'notes.txt'))).toBe(true);

    const absent = join(await temporaryFolderForTest('gentk-guard-'), 'tmp');
    const check = guardAgainstLeftoverFiles(absent);
    mkdirSync(absent);
    expect(() => check()).toThrow(/an empty tmp\/ in the package/);
    expect(existsSync(absent)).toBe(false);
  });
});
