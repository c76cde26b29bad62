/**
 * The test provider's pages as plain HTML: the card form, the 3-D Secure challenge and the page
 * of a session that has ended. Standalone, like a hosted checkout: no script at all (the forms
 * post), styles inline, labelled fields with their errors tied to them, and one column that fits
 * a phone. A number or a CVC that was typed is never written back into the page.
 */
import { formatUsdValue } from '../../core/format/index.ts';
import type { CardProblems, TestCard } from './testCards.ts';

/** What the pages show of a session. */
export interface PageSession {
  id: string;
  /** The charge in USD. */
  amount: string;
  description: string;
  returnPath: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
      character,
  );
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1a1d21}
  main{max-width:26rem;margin:0 auto;padding:1.5rem 1rem}
  .card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px #0002}
  .badge{display:inline-block;background:#7a4b00;color:#fff;border-radius:.25rem;padding:0 .5rem;font-size:.8rem;font-weight:600}
  h1{font-size:1.25rem;margin:.5rem 0}
  .amount{font-size:1.75rem;font-weight:700;font-variant-numeric:tabular-nums;margin:0}
  label{display:block;font-weight:600;margin-top:1rem}
  input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #8a9099;border-radius:.4rem;margin-top:.25rem}
  input:focus{outline:3px solid #2563eb;outline-offset:1px}
  input[aria-invalid=true]{border-color:#b42318}
  .row{display:flex;gap:.75rem}.row>div{flex:1}
  .error{color:#b42318;margin:.25rem 0 0;font-size:.9rem}
  .alert{background:#fdecea;color:#7a1b12;border-radius:.4rem;padding:.6rem .75rem;margin-top:1rem}
  button{width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.4rem;background:#2563eb;color:#fff;margin-top:1.25rem;cursor:pointer}
  button.secondary{background:#e4e7ec;color:#1a1d21}
  table{width:100%;border-collapse:collapse;font-size:.85rem;margin-top:.5rem}
  th,td{text-align:left;padding:.3rem .25rem;border-top:1px solid #e4e7ec;vertical-align:top}
  td:first-child{font-variant-numeric:tabular-nums;white-space:nowrap}
  a{color:#1d4ed8}
  details{margin-top:1.25rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<span class="badge">TEST MODE</span>
${body}
</div>
</main>
</body>
</html>`;
}

function charge(session: PageSession): string {
  return `<p class="amount">${escapeHtml(formatUsdValue(session.amount))}</p>
<p>for ${escapeHtml(session.description)}</p>`;
}

function spaced(number: string): string {
  return number.length === 15
    ? `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
    : number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The card form, with the problems of a refused attempt and what may be shown again. */
export function cardFormPage(
  session: PageSession,
  cards: readonly TestCard[],
  refused: { problems: CardProblems; expiry: string; name: string } | null = null,
): string {
  const problems = refused?.problems ?? {};
  const field = (
    name: keyof CardProblems,
    label: string,
    attributes: string,
    value: string,
  ): string => {
    const problem = problems[name];
    const described =
      problem === undefined ? '' : ` aria-invalid="true" aria-describedby="${name}-error"`;
    return `<div><label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}"${described}>
${problem === undefined ? '' : `<p class="error" id="${name}-error">${escapeHtml(problem)}</p>`}</div>`;
  };
  const rows = cards
    .map(
      (card) => `<tr><td>${spaced(card.number)}</td><td>${escapeHtml(card.description)}</td></tr>`,
    )
    .join('');
  return page(
    'Pay by card (test mode)',
    `<h1>Pay by card</h1>
${charge(session)}
${Object.keys(problems).length > 0 ? '<p class="alert" role="alert">Please check the card details below.</p>' : ''}
<form method="post" action="/pay/test/${escapeHtml(session.id)}" novalidate>
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required', '')}
<div class="row">
${field('expiry', 'Expiry (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required', refused?.expiry ?? '')}
${field('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" required', '')}
</div>
${field('name', 'Name on the card', 'autocomplete="cc-name" required', refused?.name ?? '')}
<button type="submit">Pay ${escapeHtml(formatUsdValue(session.amount))}</button>
</form>
<details open>
<summary>Test cards</summary>
<p>This payment page is the exchange's built-in test mode: no money moves and real cards are refused. Use any future expiry date, any name and any 3-digit CVC (4 digits for American Express).</p>
<table><thead><tr><th scope="col">Number</th><th scope="col">What happens</th></tr></thead><tbody>${rows}</tbody></table>
</details>
<p><a href="${escapeHtml(session.returnPath)}">Cancel and go back</a></p>`,
  );
}

/** The 3-D Secure step: the card's bank asks the payer to confirm (here, to choose the outcome). */
export function challengePage(
  session: PageSession,
  card: { brand: string; last4: string },
): string {
  const action = `/pay/test/${escapeHtml(session.id)}/challenge`;
  return page(
    '3-D Secure authentication (test mode)',
    `<h1>Confirm this payment with your bank</h1>
${charge(session)}
<p>Your bank asks you to confirm the payment with your ${escapeHtml(card.brand)} card ending in ${escapeHtml(card.last4)} (3-D Secure). In test mode, choose what the bank answers.</p>
<form method="post" action="${action}">
<input type="hidden" name="result" value="complete">
<button type="submit">Complete authentication</button>
</form>
<form method="post" action="${action}">
<input type="hidden" name="result" value="fail">
<button type="submit" class="secondary">Fail authentication</button>
</form>`,
  );
}

/** A session that can no longer be paid (paid, declined, expired or unknown). */
export function endedPage(message: string, returnPath: string | null): string {
  return page(
    'Payment (test mode)',
    `<h1>${escapeHtml(message)}</h1>
${returnPath === null ? '' : `<p><a href="${escapeHtml(returnPath)}">Go back to the exchange</a></p>`}`,
  );
}
