// `npm run perf [base URL] [--runs N]`: Lighthouse (mobile preset: throttled CPU and network) on
// /home, /cartelera (the day's showtimes), the first billboard movie's /movies/{id}, and that page
// opened on one of its shows (?funcion=: the purchase box loads at once) of a running platform (default
// http://localhost:8080, i.e. `npm start`), each page N times (3 by default) in a fresh Debian
// Chromium (CHROME_PATH, default /usr/bin/chromium). Prints each run and the median of each
// figure, then what the accessibility, best-practices and SEO audits found wrong.
// Scores move a few points from run to run on a shared machine; CI checks byte budgets instead
// (npm run check:budgets).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function parseArguments(argv) {
  const options = { baseUrl: 'http://localhost:8080', runs: 3 };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--runs') options.runs = Number(argv[(i += 1)]);
    else options.baseUrl = argv[i].replace(/\/$/, '');
  }
  if (!Number.isInteger(options.runs) || options.runs < 1) throw new Error('--runs takes a whole number of runs');
  return options;
}

/** A headless Chromium with its DevTools port open, on a fresh profile; resolves once it listens. */
function launchChromium() {
  const profile = mkdtempSync(path.join(tmpdir(), 'cine-lighthouse-'));
  const chromium = spawn(process.env.CHROME_PATH ?? '/usr/bin/chromium', [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  const stop = () => {
    chromium.kill();
    return new Promise((resolve) => chromium.once('exit', resolve)).then(() => rmSync(profile, { recursive: true, force: true }));
  };
  return new Promise((resolve, reject) => {
    let output = '';
    chromium.stderr.on('data', (chunk) => {
      output += chunk;
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (listening) resolve({ port: Number(listening[1]), stop });
    });
    chromium.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before opening its DevTools port:\n${output}`)));
  });
}

/** Lighthouse could not record the page (e.g. NO_NAVSTART on a busy machine): worth one more try. */
class LighthouseRunError extends Error {}

/** One Lighthouse run of `url`, tried a second time when Lighthouse itself failed to record it. */
async function auditWithRetry(url) {
  try {
    return await audit(url);
  } catch (error) {
    if (!(error instanceof LighthouseRunError)) throw error;
    process.stdout.write(`  (${error.message}; trying again)\n`);
    return audit(url);
  }
}

/** One Lighthouse run of `url`: the four scores, the paint and blocking figures, and the audits that failed. */
async function audit(url) {
  const chromium = await launchChromium();
  try {
    const { lhr } = await lighthouse(url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.message}`);
    const figure = (id) => lhr.audits[id].numericValue;
    const failed = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${category}: ${lhr.audits[ref.id].title}`),
    );
    return {
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)])),
      fcp: figure('first-contentful-paint'),
      lcp: figure('largest-contentful-paint'),
      tbt: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
      bytes: figure('total-byte-weight'),
      failed,
    };
  } finally {
    await chromium.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function row(label, run) {
  const { scores } = run;
  return [
    label.padEnd(10),
    ...CATEGORIES.map((category) => String(scores[category]).padStart(5)),
    `${(run.fcp / 1000).toFixed(2)} s`.padStart(8),
    `${(run.lcp / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(run.tbt)} ms`.padStart(8),
    run.cls.toFixed(3).padStart(6),
    `${Math.round(run.bytes / 1024)} KiB`.padStart(9),
  ].join(' ');
}

const HEADER = `${''.padEnd(10)}  perf  a11y    bp   seo      FCP      LCP      TBT    CLS    weight`;

async function firstBillboardMovie(baseUrl) {
  const response = await fetch(`${baseUrl}/api/movies/billboard`);
  if (!response.ok) throw new Error(`${baseUrl}/api/movies/billboard answered ${response.status}: is the platform running (npm start)?`);
  const [movie] = await response.json();
  if (!movie) throw new Error('the billboard is empty: there is no movie detail page to measure');
  return movie.id;
}

/** The movie's soonest show, as a link from the 'Cartelera por día' names it (`?funcion=`). */
async function firstShowOf(baseUrl, movieId) {
  const response = await fetch(`${baseUrl}/api/show/all?movieId=${movieId}`);
  const [show] = response.ok ? await response.json() : [];
  if (!show) throw new Error(`the movie ${movieId} has no upcoming show to open the purchase box on`);
  return show.id;
}

async function main() {
  const { baseUrl, runs } = parseArguments(process.argv.slice(2));
  const movieId = await firstBillboardMovie(baseUrl);
  const pages = ['/home', '/cartelera', `/movies/${movieId}`, `/movies/${movieId}?funcion=${await firstShowOf(baseUrl, movieId)}`];
  for (const page of pages) {
    const results = [];
    process.stdout.write(`\n${baseUrl}${page} (Lighthouse mobile preset, ${runs} runs)\n${HEADER}\n`);
    for (let i = 1; i <= runs; i += 1) {
      const result = await auditWithRetry(`${baseUrl}${page}`);
      results.push(result);
      process.stdout.write(`${row(`run ${i}`, result)}\n`);
    }
    const medianRun = {
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(results.map((result) => result.scores[category]))])),
      ...Object.fromEntries(['fcp', 'lcp', 'tbt', 'cls', 'bytes'].map((key) => [key, median(results.map((result) => result[key]))])),
    };
    process.stdout.write(`${row('median', medianRun)}\n`);
    const failed = [...new Set(results.flatMap((result) => result.failed))];
    if (failed.length > 0) process.stdout.write(`  audits not passed: ${failed.join('; ')}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
