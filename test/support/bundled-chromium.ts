import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/** A Chromium unpacked from the `@sparticuz/chromium` dev dependency, ready to launch. */
export interface BundledChromium {
  executablePath: string;
  version: string;
  /** Its own copies of the NSS/expat libraries, for machines that have none (no Debian chromium). */
  libDir: string;
  /** A fonts.conf naming its one font (Open Sans), for machines without any fontconfig set-up. */
  fontsConf: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The package's `bin/` of brotli files and its version, or undefined when it is not installed. */
async function locatePackage(): Promise<{ bin: string; version: string } | undefined> {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  } catch {
    return undefined;
  }
  // The entry is <package>/build/{cjs,esm}/index.*; package.json is not exported.
  const dir = path.resolve(path.dirname(entry), '../..');
  const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { bin: path.join(dir, 'bin'), version: manifest.version };
}

/** Unpacks a brotli-compressed tarball (tar stops reading at its end marker: give it a file). */
async function untar(archive: string, into: string): Promise<void> {
  const tarFile = `${into}.tar`;
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(tarFile));
  try {
    await new Promise<void>((resolve, reject) => {
      const tar = spawn('tar', ['-x', '--no-same-owner', '-f', tarFile, '-C', into], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      tar.on('error', reject);
      tar.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`tar failed on ${archive}: ${stderr.trim()}`)),
      );
    });
  } finally {
    await rm(tarFile, { force: true });
  }
}

/**
 * Unpacks the binary, its libraries and fonts once into node_modules/.cache (the package's own
 * loader writes to the shared /tmp, which other users and versions also use); a parallel run
 * unpacks into its own temp dir and the first rename wins.
 */
async function unpack(bin: string, version: string): Promise<string> {
  const target = path.join(ROOT, 'node_modules', '.cache', `sparticuz-chromium-${version}`);
  if (existsSync(path.join(target, 'chromium'))) return target;
  const work = `${target}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(path.join(work, 'lib-root'), { recursive: true });
  try {
    await pipeline(
      createReadStream(path.join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(work, 'chromium'), { mode: 0o755 }),
    );
    await untar(path.join(bin, 'al2023.tar.br'), path.join(work, 'lib-root'));
    await mkdir(path.join(work, 'fonts-root'));
    await untar(path.join(bin, 'fonts.tar.br'), path.join(work, 'fonts-root'));
    // The package's fonts.conf names /tmp paths; this one names where the font ends up.
    await writeFile(
      path.join(work, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <dir>${path.join(target, 'fonts-root', 'fonts')}</dir>\n` +
        `  <cachedir>${path.join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    await rename(work, target).catch(async (error: NodeJS.ErrnoException) => {
      if (!existsSync(path.join(target, 'chromium'))) throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return target;
}

/**
 * The Chromium shipped inside the `@sparticuz/chromium` npm package (Linux x64 only), unpacked on
 * first use; undefined when the package is not installed or this is another platform.
 */
export async function bundledChromium(): Promise<BundledChromium | undefined> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const found = await locatePackage();
  if (!found || !existsSync(path.join(found.bin, 'chromium.br'))) return undefined;
  const dir = await unpack(found.bin, found.version);
  return {
    executablePath: path.join(dir, 'chromium'),
    version: found.version,
    libDir: path.join(dir, 'lib-root', 'lib'),
    fontsConf: path.join(dir, 'fonts.conf'),
  };
}
