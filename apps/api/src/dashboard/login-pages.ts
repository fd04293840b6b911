import type { LoginLinkProblem } from '@vidgen/auth';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type LoginPageProblem = LoginLinkProblem | 'rate-limited' | 'cross-site';

const TEXT: Record<LoginPageProblem, { title: string; body: string }> = {
  used: {
    title: 'This sign-in link has already been used',
    body: 'Each sign-in link works once. If you opened it before, your browser may still be signed in.',
  },
  expired: {
    title: 'This sign-in link has expired',
    body: 'Sign-in links work for a short time only (15 minutes unless chosen otherwise).',
  },
  unknown: {
    title: 'This sign-in link is not valid',
    body: 'The link may have been copied incompletely. Check that you pasted all of it.',
  },
  'rate-limited': {
    title: 'Too many sign-in attempts',
    body: 'Wait a minute, then open your sign-in link again.',
  },
  'cross-site': {
    title: 'This sign-in did not come from its page',
    body: 'A sign-in link is spent only from the page it opens, by its Sign in button. Open your link again and press the button there.',
  },
};

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f8; color: #1d2330; }
  main { background: #fff; max-width: 32rem; margin: 1rem; padding: 2rem 2.25rem; border-radius: 12px;
         box-shadow: 0 1px 3px rgba(20,30,60,.08), 0 8px 24px rgba(20,30,60,.06); }
  .brand { font-weight: 700; color: #4338ca; letter-spacing: .02em; margin-bottom: 1.25rem; }
  h1 { font-size: 1.35rem; margin: 0 0 .75rem; }
  p { line-height: 1.55; margin: .5rem 0; color: #3b4252; }
  code { background: #eef0f6; padding: .15rem .4rem; border-radius: 4px; font-size: .92em; }
  button { margin-top: 1rem; font: inherit; font-weight: 600; color: #fff; background: #4338ca; border: 0;
           border-radius: 8px; padding: .6rem 1.4rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · vidgen</title>
<style>${STYLE}
</style>
</head>
<body>
<main>
  <div class="brand">vidgen</div>
${content}
</main>
</body>
</html>
`;
}

/**
 * What a sign-in link opens: the account it signs into and a button. Only the button's POST
 * spends the link, with the nonce that this page's cookie also holds, so a link sent to someone
 * (or a form on another site) cannot sign them into an account that is not theirs unseen.
 */
export function loginConfirmPage(input: { accountName: string; token: string; nonce: string }): string {
  return page(
    'Sign in to vidgen',
    `  <h1>Sign in to vidgen</h1>
  <p>This link signs this browser in to the account <strong>${escapeHtml(input.accountName)}</strong>.</p>
  <p>If you did not ask for it, close this page.</p>
  <form method="post" action="login">
    <input type="hidden" name="token" value="${escapeHtml(input.token)}">
    <input type="hidden" name="nonce" value="${escapeHtml(input.nonce)}">
    <button type="submit">Sign in</button>
  </form>`,
  );
}

/**
 * The page a visitor sees when a sign-in link cannot open a session: a clear title and what to
 * do next, styled like the dashboard but standalone (no script), so it works without the build.
 */
export function loginProblemPage(problem: LoginPageProblem): string {
  const { title, body } = TEXT[problem];
  return page(
    title,
    `  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(body)}</p>
  <p>Ask for a new link with <code>vidgen accounts login-link --account &lt;account id&gt;</code> and open it in this browser.</p>`,
  );
}
