// Whether code may be pasted between <script> and </script> as it is: one rule for the head helper's build
// (snippet/head/build.mjs refuses to write such a file) and the tag the admin prints (app/domain/sites/snippet-tag.ts).

/** What would end the inline script early, or change how HTML parses its text (the script data escape states). */
const INLINE_UNSAFE = /<\/script|<script|<!--/i;

export const isInlineSafe = (code: string): boolean => !INLINE_UNSAFE.test(code);
