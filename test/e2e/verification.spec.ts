/**
 * Identity verification end to end: a person fills in the four steps with photos drawn in the
 * browser, submits, and keeps the page open; staff approve in the Dashboard; the person's page,
 * account badge and withdrawal limit change without a reload.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './consoleGuard.ts';
import { preAcceptCookies, STAFF, signIn } from './shellHelpers.ts';

const PASSWORD = 'verification-password-1';

/** Letters only, as a name field takes them: tells this run's applicant from earlier ones. */
const surname = `Lovelace${Array.from({ length: 6 }, () =>
  String.fromCharCode(97 + Math.floor(Math.random() * 26)),
).join('')}`;

/** A browser of its own on the project's server, cookies accepted. */
async function browserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ ...(baseURL ? { baseURL } : {}) })).newPage();
  await preAcceptCookies(page);
  return page;
}

/** A real PNG drawn by the browser's canvas, with a caption, as a phone's photo stands in. */
async function photo(page: Page, caption: string) {
  const bytes = await page.evaluate(async (text) => {
    const canvas = new OffscreenCanvas(480, 300);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('No 2D canvas');
    context.fillStyle = '#dfe7f2';
    context.fillRect(0, 0, 480, 300);
    context.fillStyle = '#1b2a41';
    context.font = '28px sans-serif';
    context.fillText(text, 24, 150);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, caption);
  return {
    name: `${caption.toLowerCase().replace(/\W+/g, '-')}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(bytes),
  };
}

/** Chooses an image for a photo field and waits for it to be uploaded and attached. */
async function attachPhoto(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(await photo(page, label));
  await expect(page.getByAltText(`${label}: uploaded`)).toBeVisible();
}

test('a person verifies in four steps and sees staff approval arrive live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const person = await browserPage(browser, baseURL);
  await person.goto('/signup');
  await person.getByLabel('Email').fill(`kyc-${surname.toLowerCase()}@example.com`);
  await person.getByLabel('Password').fill(PASSWORD);
  await person.getByRole('button', { name: 'Create account' }).click();
  await expect(person).toHaveURL(/\/account$/);

  await person.goto('/account/verification');
  const limits = person.getByRole('definition').first();
  await expect(limits).toHaveText('$1,000.00 per 24 hours');
  const next = person.getByRole('button', { name: 'Save and continue' });

  await expect(
    person.getByRole('heading', { name: 'Step 1 of 4: Personal details' }),
  ).toBeVisible();
  await person.getByLabel('First name').fill('Ada');
  await person.getByLabel('Last name').fill(surname);
  await person.getByLabel('Date of birth').fill('1990-12-10');
  await next.click();

  await expect(person.getByRole('heading', { name: 'Step 2 of 4: Address' })).toBeVisible();
  await person.getByLabel('Country').selectOption({ label: 'United Kingdom' });
  await person.getByLabel('City').fill('London');
  await person.getByRole('textbox', { name: 'Address' }).fill('12 Example Street');
  await person.getByLabel('ZIP / postal code').fill('SW1A 1AA');
  await person.getByLabel('Phone').fill('+44 20 7946 0958');
  await next.click();

  await expect(
    person.getByRole('heading', { name: 'Step 3 of 4: Identity document' }),
  ).toBeVisible();
  await person.getByLabel('Document type').selectOption({ label: 'National ID card' });
  await person.getByLabel('Document number').fill('AB123456');
  await attachPhoto(person, 'Front of the document');
  await attachPhoto(person, 'Back of the document');
  await next.click();

  await expect(person.getByRole('heading', { name: 'Step 4 of 4: Selfie' })).toBeVisible();
  await attachPhoto(person, 'Selfie with your document');
  await person.getByRole('button', { name: 'Submit for review' }).click();
  await expect(person.getByText(/Under review: we received your documents/)).toBeVisible();
  await person.getByRole('button', { name: /account menu/ }).click();
  await expect(
    person.getByRole('listitem').filter({ hasText: 'Verification pending' }),
  ).toBeVisible();
  await person.keyboard.press('Escape');

  // Staff open the queue in a browser of their own and approve this applicant.
  const staff = await browserPage(browser, baseURL);
  await signIn(staff, STAFF);
  await staff.goto('/account/admin/verifications');
  await staff.getByRole('button', { name: new RegExp(`Ada ${surname}`) }).click();
  // The photos side by side, each one loaded: served to staff, stripped and whole.
  for (const photo of ['Document front', 'Document back', 'Selfie with document']) {
    const image = staff.getByAltText(`${photo} of Ada ${surname}`);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  }
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`Approved: Ada ${surname} is verified.`)).toBeVisible();

  // The person's open page follows without a reload.
  await expect(
    person.getByText('Your identity is verified: your higher withdrawal limit applies now.'),
  ).toBeVisible();
  await expect(person.getByText('Your identity is verified.')).toBeVisible();
  await expect(limits).toHaveText('$100,000.00 per 24 hours');
  await person.getByRole('button', { name: /account menu/ }).click();
  await expect(person.getByRole('listitem').filter({ hasText: /^Verified/ })).toHaveText(
    'Verified: yes',
  );
  await person.context().close();
  await staff.context().close();
});
