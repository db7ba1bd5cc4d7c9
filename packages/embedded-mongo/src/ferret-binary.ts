import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const BUILD_MESSAGE = 'Compilando la base de datos embebida (FerretDB), solo la primera vez…';

const BINARY_NAME = 'cine-ferretdb';
const PROGRAM_FILES = ['go.mod', 'go.sum', 'main.go'];
/**
 * Our changes to FerretDB: every `.patch` file of patches/<version>, for the
 * version go.mod requires, applied in the order of their names
 * (patches/README.md says why each exists).
 */
const PATCHES_DIR = 'patches';
/** The patches' paths are relative to FerretDB's module, vendored here. */
const VENDORED_FERRETDB = 'vendor/github.com/FerretDB/FerretDB';
/** A lock file older than this with no live owner is a leftover of a crash. */
const STALE_LOCK_MS = 30_000;

export interface EnsureFerretBinaryOptions {
  /** Called once, when this caller is about to compile; defaults to printing BUILD_MESSAGE. */
  onBuildStart?: () => void;
  /** Folder of the Go program; defaults to infra/ferretdb of this repository. */
  sourceDir?: string;
  /** Where built binaries are kept, one folder per source hash; defaults to <sourceDir>/bin. */
  cacheDir?: string;
}

/** Path of the cached FerretDB binary, compiled with `go build` when it is missing. */
export async function ensureFerretBinary(options: EnsureFerretBinaryOptions = {}): Promise<string> {
  const sourceDir = options.sourceDir ?? findFerretSourceDir();
  const cacheDir = options.cacheDir ?? path.join(sourceDir, 'bin');
  const hash = await ferretSourceHash(sourceDir);
  const binaryDir = path.join(cacheDir, hash);
  const binaryPath = path.join(binaryDir, BINARY_NAME);
  if (existsSync(binaryPath)) return binaryPath;

  await mkdir(binaryDir, { recursive: true });
  const lockPath = path.join(binaryDir, `${BINARY_NAME}.lock`);
  for (;;) {
    if (existsSync(binaryPath)) return binaryPath;
    if (await tryAcquireLock(lockPath)) break;
    await sleep(250);
  }
  try {
    if (existsSync(binaryPath)) return binaryPath;
    (options.onBuildStart ?? printBuildMessage)();
    // Built under a temporary name and renamed, so nobody ever runs half a binary.
    const partialPath = `${binaryPath}.${process.pid}.partial`;
    await goBuild(sourceDir, partialPath);
    await rename(partialPath, binaryPath);
    return binaryPath;
  } finally {
    await rm(lockPath, { force: true });
  }
}

function printBuildMessage(): void {
  process.stderr.write(`${BUILD_MESSAGE}\n`);
}

/** infra/ferretdb of the repository holding this file (from src/ or dist/ alike). */
export function findFerretSourceDir(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'infra', 'ferretdb');
    if (existsSync(path.join(candidate, 'go.mod'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`No se encontró infra/ferretdb/go.mod por encima de ${__dirname}`);
    }
    dir = parent;
  }
}

/**
 * The cache key of the binary: the program's files and every patch, by name
 * and content, so a changed, added or removed patch builds a new binary.
 */
export async function ferretSourceHash(sourceDir: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${process.platform}-${process.arch}\n`);
  for (const file of [...PROGRAM_FILES, ...(await patchSeries(sourceDir))]) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(sourceDir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The patches for the FerretDB version that go.mod requires, as paths under
 * sourceDir in the order they apply; an error when they were made for another
 * version (an upgrade has to go through them).
 */
async function patchSeries(sourceDir: string): Promise<string[]> {
  const version = await ferretVersion(sourceDir);
  const dir = path.join(PATCHES_DIR, version);
  let names: string[];
  try {
    names = await readdir(path.join(sourceDir, dir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const entries = await readdir(path.join(sourceDir, PATCHES_DIR), { withFileTypes: true });
    const made = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    throw new Error(
      `go.mod pide FerretDB ${version}, pero los parches de ${path.join(sourceDir, PATCHES_DIR)} son para ` +
        `${made.join(', ') || 'ninguna versión'}: hay que rehacerlos sobre ${version}, en ${dir} (${PATCHES_DIR}/README.md).`,
      { cause: error },
    );
  }
  return names
    .filter((name) => name.endsWith('.patch'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The FerretDB version that go.mod requires, as `v1.24.2`. */
async function ferretVersion(sourceDir: string): Promise<string> {
  const goMod = await readFile(path.join(sourceDir, 'go.mod'), 'utf8');
  const version = /^\s*(?:require\s+)?github\.com\/FerretDB\/FerretDB (v\S+)/m.exec(goMod)?.[1];
  if (!version) throw new Error(`${path.join(sourceDir, 'go.mod')} no pide github.com/FerretDB/FerretDB`);
  return version;
}

async function tryAcquireLock(lockPath: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (await isStaleLock(lockPath)) await rm(lockPath, { force: true });
  return false;
}

async function isStaleLock(lockPath: string): Promise<boolean> {
  try {
    const owner = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
    if (Number.isInteger(owner) && owner > 0) return !isAlive(owner);
    const { mtimeMs } = await stat(lockPath);
    return Date.now() - mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds in a scratch copy of the program: `go mod vendor`, our patches
 * applied to the vendored FerretDB with `git apply`, `go build` (Go refuses
 * to overlay files of its module cache, so the vendored copy is what gets
 * patched). A patch that does not apply stops the build, naming it.
 */
async function goBuild(sourceDir: string, outputPath: string): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'cine-ferretdb-build-'));
  try {
    for (const file of PROGRAM_FILES) await copyFile(path.join(sourceDir, file), path.join(workDir, file));
    const go = await findGo();
    await run(go, ['mod', 'vendor'], workDir);
    for (const patch of await patchSeries(sourceDir)) await applyPatch(sourceDir, patch, workDir);
    await run(go, ['build', '-o', path.resolve(outputPath), '.'], workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Applies one patch (a path under sourceDir) to the vendored FerretDB of workDir. */
async function applyPatch(sourceDir: string, patch: string, workDir: string): Promise<void> {
  // The scratch folder is no repository: git must not find one above it
  // (inside one, git apply would skip the paths outside the current folder).
  const env = { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(workDir) };
  try {
    await run('git', ['apply', `--directory=${VENDORED_FERRETDB}`, path.join(sourceDir, patch)], workDir, env);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      const message = 'Se necesita git para aplicar los parches de la base de datos embebida (FerretDB); no se encontró el comando "git".';
      throw new Error(message, { cause: error });
    }
    throw new Error(
      `El parche ${patch} no se aplica a FerretDB ${await ferretVersion(sourceDir)}: hay que rehacerlo ` +
        `(${path.join(sourceDir, PATCHES_DIR, 'README.md')}).\n${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** `go` from PATH, else Go's official tarball location (not always on PATH). */
async function findGo(): Promise<string> {
  try {
    await run('go', ['version'], tmpdir());
    return 'go';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const fallback = '/usr/local/go/bin/go';
    if (existsSync(fallback)) return fallback;
    throw new Error(
      'Se necesita Go (https://go.dev/dl/) para compilar la base de datos embebida (FerretDB); no se encontró el comando "go".',
      { cause: error },
    );
  }
}

function run(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve();
        return;
      }
      const text = Buffer.concat(output).toString('utf8').trim();
      reject(new Error(`La compilación de FerretDB falló (${command} ${args.join(' ')}: ${signal ?? `código ${code}`})\n${text}`));
    });
  });
}
