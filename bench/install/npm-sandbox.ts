/**
 * Packs the library as `npm publish` would and installs the tarball into empty folders the way a
 * user would, offline from the npm cache (fetching only metadata the cache lacks), so that the
 * weight measured is the weight a user gets.
 * Every folder made here is removed by {@link NpmSandbox.remove}.
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** npm's output is long for big installs; errors carry it. */
const MAX_BUFFER = 64 * 1024 * 1024;

async function npm(args: readonly string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run('npm', [...args], { cwd, maxBuffer: MAX_BUFFER });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(
      `npm ${args.join(' ')} failed in ${cwd}: ${stderr?.trim().split('\n').slice(-5).join(' ')}`,
    );
  }
}

export interface NpmSandbox {
  /** The library's tarball as `npm pack` makes it. */
  readonly tarball: string;
  /**
   * The same tarball with `dependencies` narrowed to `keep`: the library as it installs once the
   * emulator and the CLI are packages of their own.
   */
  repack(keep: readonly string[]): Promise<string>;
  /** A new empty project with `specs` installed (tarballs or `name@range`), offline. */
  install(label: string, specs: readonly string[]): Promise<string>;
  /** Removes every folder the sandbox made. */
  remove(): void;
}

/** Packs the package at `root` into a fresh temporary folder. */
export async function createNpmSandbox(root: string): Promise<NpmSandbox> {
  const folder = mkdtempSync(join(tmpdir(), 'gentk-install-'));
  try {
    const packed = JSON.parse(
      await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', folder], root),
    ) as [{ filename: string }];
    const tarball = join(folder, packed[0].filename);
    return {
      tarball,
      async repack(keep) {
        const unpacked = join(folder, 'repack');
        mkdirSync(unpacked, { recursive: true });
        await run('tar', ['-xzf', tarball, '-C', unpacked]);
        const manifestPath = join(unpacked, 'package', 'package.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
          dependencies?: Record<string, string>;
        };
        manifest.dependencies = Object.fromEntries(
          Object.entries(manifest.dependencies ?? {}).filter(([name]) => keep.includes(name)),
        );
        writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
        const destination = join(folder, 'narrowed');
        mkdirSync(destination);
        const repacked = JSON.parse(
          await npm(
            ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
            join(unpacked, 'package'),
          ),
        ) as [{ filename: string }];
        return join(destination, repacked[0].filename);
      },
      async install(label, specs) {
        const project = join(folder, label.replace(/[^\w-]+/g, '-'));
        mkdirSync(project);
        writeFileSync(
          join(project, 'package.json'),
          JSON.stringify({ name: 'install-probe', private: true, type: 'module' }),
        );
        const install = (mode: string) =>
          npm(
            ['install', mode, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...specs],
            project,
          );
        try {
          await install('--offline');
        } catch (error) {
          // `npm ci` caches the tarballs of the lockfile but not always the registry's metadata that
          // resolving a range needs: fetch what is missing once, which leaves it in the cache.
          if (!String(error).includes('ENOTCACHED')) throw error;
          await install('--prefer-offline');
        }
        return project;
      },
      remove() {
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
