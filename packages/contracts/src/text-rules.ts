/**
 * What free text may hold, checked by the services (and by any form that wants to say it first).
 * Browser-safe: plain constants and functions.
 *
 * A name is one line of visible text. A line feed in a movie title breaks a CSV row of the sales
 * export; a bidi override or a zero-width space makes one username look like another.
 */

// Unicode's control characters (C0 with CR, LF, tab and NUL; DEL; C1) and the line and paragraph separators.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
// The line breaks and tabs a multi-line text (a synopsis) may have.
const LINE_BREAKS_AND_TABS = /[\t\n\r]/g;
// Invisible format characters: bidi marks and overrides, zero-width spaces and joiners, soft hyphen, BOM, tags.
const INVISIBLE = /\p{Cf}/u;

/** True when a one-line name holds a control character (a line break or tab included). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** True when a multi-line text holds a control character other than a line break or a tab. */
export function hasControlCharactersBesidesLineBreaks(text: string): boolean {
  return CONTROL.test(text.replace(LINE_BREAKS_AND_TABS, ''));
}

/** True when the text holds an invisible formatting character (U+202E, U+200B, U+FEFF…). */
export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}
