// The demo storefront's HTML: an ordinary page with the snippet tag, as a merchant's site would have it.
import { snippetTag } from "~/domain/sites/snippet-tag";
import { DEMO_SITE_ID } from "~/demo/seed.server";

/** `headHelper`: the inline helper's `<script>…</script>` (docs/anti-flicker-other-sites.md), printed before the tag. */
export function renderDemoStorefront(baseUrl: string, headHelper: string | null = null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Demo storefront</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  .cta { font-size: 1.1rem; padding: .6rem 1.2rem; border-radius: .4rem; border: 0; background: #1a1a1a; color: #fff; cursor: pointer; }
</style>
${headHelper ? headHelper + "\n" : ""}${snippetTag(baseUrl, DEMO_SITE_ID)}
</head>
<body>
<header><strong>Demo storefront</strong> · <a href="/app">admin</a></header>
<main>
  <h1 id="headline">Handmade ceramics for everyday use</h1>
  <p id="lede">Small-batch mugs, bowls and plates, fired in our studio.</p>
  <form id="signup" onsubmit="event.preventDefault(); window.svc && window.svc.convert('signup'); this.querySelector('output').textContent = 'Thanks for signing up!';">
    <label>Email <input type="email" name="email" autocomplete="email"></label>
    <button class="cta" type="submit">Sign up</button>
    <output aria-live="polite"></output>
  </form>
</main>
</body>
</html>
`;
}
