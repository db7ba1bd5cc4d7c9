import type { Page } from 'playwright-core';

/** What ICU work a page asked for, by kind: Intl objects built and locale-sensitive calls made. */
type IcuUses = Record<string, number>;

/**
 * Counts, from before the page's first script, each Intl object it builds (DateTimeFormat,
 * NumberFormat, Collator…) and each localeCompare or toLocale…String call. The first of each kind on
 * a page loads ICU's data (a DateTimeFormat its pattern generator too): 60-300 ms of a phone's main
 * thread, which Lighthouse counts as blocking time. A count does not depend on how busy the machine is.
 */
export async function recordIcuUses(page: Page): Promise<() => Promise<IcuUses>> {
  await page.addInitScript(() => {
    const uses: Record<string, number> = {};
    const count = (kind: string) => (uses[kind] = (uses[kind] ?? 0) + 1);
    (window as unknown as { __icuUses: Record<string, number> }).__icuUses = uses;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const kind of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
      const original = intl[kind];
      if (typeof original !== 'function') continue;
      intl[kind] = new Proxy(original, {
        construct: (target, args, newTarget) => (count(kind), Reflect.construct(target, args, newTarget)),
        apply: (target, self, args) => (count(kind), Reflect.apply(target, self, args)),
      });
    }
    const wrap = (owner: object, name: string, kind: string) => {
      const original = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      (owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        count(kind);
        return original.apply(this, args);
      };
    };
    wrap(String.prototype, 'localeCompare', 'localeCompare');
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) wrap(Date.prototype, name, `Date.${name}`);
    wrap(Number.prototype, 'toLocaleString', 'Number.toLocaleString');
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { __icuUses: Record<string, number> }).__icuUses }));
}
