import type { Browser, Page } from '@playwright/test';
import { loginAsAdmin } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { checkedToday, createSiteAs, uniqueFacts } from './support/keep-true.ts';
import { PHONE, scrollsSideways, useLargeText } from './support/large-text.ts';
import { decodedBodies, newestMailTo } from './support/mail.ts';
import { type Lng, tr, uniqueTag } from './support/public-pages.ts';

/**
 * The site contact's confirmation link end to end (docs/product.md R180, R181, R199–R201): staff
 * send it, the contact opens it signed out from the e-mail and answers.
 */

/** The /confirm/<token> path in the newest e-mail to `email`, waiting until it is not `previous`. */
async function confirmLinkTo(email: string, previous?: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const eml = await newestMailTo(email);
        found =
          decodedBodies(eml)
            .map((body) => /https?:\/\/[^\s"'<>]+(\/confirm\/[A-Za-z0-9_-]+)/.exec(body)?.[1])
            .find(Boolean) ?? '';
        return found !== '' && found !== previous;
      },
      { message: `a new /confirm/<token> link in the e-mail to ${email}` },
    )
    .toBe(true);
  return found;
}

/** Staff send the site's contact a link (through the API, as the signed-in `page`). */
async function requestLink(page: Page, siteId: number) {
  const response = await page.request.post(`/api/sites/${siteId}/confirmation-requests`);
  expect(response.status(), await response.text()).toBe(202);
}

/** A signed-out visitor's page (its own browser context: no staff cookie). */
async function signedOut(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('en: the contact confirms from the e-mail, the link then is spent, and a second link files a change', async ({
  page,
  browser,
}) => {
  const lng: Lng = 'en';
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const facts = uniqueFacts(tag);
  const site = await createSiteAs(page.request, { name: `Contact Table ${tag}`, ...facts });

  // Staff send the request from the workspace.
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: tr(lng, 'admin-workspace:sites.search') }).fill(tag);
  await page
    .getByRole('button', { name: `${tr(lng, 'admin-workspace:sites.request')} ${site.name}` })
    .click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: tr(lng, 'admin-workspace:sites.requestSent', { email: facts.email }) }),
  ).toBeVisible();
  const first = await confirmLinkTo(facts.email);

  const contact = await signedOut(browser);
  const answer = await contact.page.goto(first);
  expect(answer?.headers()['x-robots-tag']).toBe('noindex');
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await expect(contact.page.locator('head meta[name="robots"]').first()).toHaveAttribute(
    'content',
    /noindex/,
  );
  await expect(
    contact.page.getByRole('heading', { level: 1, name: tr(lng, 'reports:confirm.title') }),
  ).toBeVisible();
  // The site's public facts.
  const main = contact.page.getByRole('main');
  await expect(main).toContainText(site.name);
  await expect(main).toContainText(facts.address);
  await expect(main).toContainText(facts.email);
  await expectNoAxeViolations(contact.page);

  await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.correct') }).click();
  await expect(contact.page.getByText(tr(lng, 'reports:confirm.doneCorrect'))).toBeVisible();
  await expect(contact.page.locator('.report-thanks')).toBeFocused();

  // The public page now says it was checked today.
  await contact.page.goto(`/sites/${site.id}`);
  await expect(contact.page.getByText(checkedToday(lng), { exact: true })).toBeVisible();

  // The link works once. (The server's 410 has no code yet, so the page may say "used" or, without
  // the code, "used or too old" — R200; it never offers the answers again.)
  await contact.page.goto(first);
  await expect(contact.page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^(${tr(lng, 'reports:confirm.usedTitle')}|${tr(lng, 'reports:confirm.goneTitle')})$`),
  );
  await expect(contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.correct') })).toHaveCount(0);
  await expectNoAxeViolations(contact.page);

  // A second link, answered "Something changed", files a report staff see in the queue.
  await requestLink(page, site.id);
  const second = await confirmLinkTo(facts.email, first);
  await contact.page.goto(second);
  await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.changed') }).click();
  const changed = contact.page.getByRole('group', { name: tr(lng, 'reports:confirm.changedLegend') });
  await expect(changed.getByRole('checkbox').first()).toBeFocused();
  await changed.getByRole('checkbox', { name: tr(lng, 'reports:reasons.hours') }).check();
  const message = `Now open Fridays ${tag}`;
  await contact.page.getByRole('textbox', { name: tr(lng, 'reports:confirm.message') }).fill(message);
  await expectNoAxeViolations(contact.page);
  await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.send') }).click();
  await expect(contact.page.getByText(tr(lng, 'reports:confirm.doneChanged'))).toBeVisible();
  await contact.context.close();

  await page.goto('/admin');
  const queue = page.getByRole('region', { name: tr(lng, 'admin-workspace:reports.heading') });
  const report = queue.getByRole('article').filter({ hasText: message });
  await expect(report.getByRole('link', { name: site.name, exact: true })).toHaveAttribute(
    'href',
    `/sites/${site.id}`,
  );
  await expect(report).toContainText(tr(lng, 'reports:reasons.hours'));
  await expect(report).toContainText(tr(lng, 'admin-workspace:reports.statuses.new'));
});

for (const lng of ['es', 'zh'] as const) {
  test(`${lng}: the link's page speaks the language, is accessible and fits a 360 px phone with large text`, async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    await loginAsAdmin(page);
    const facts = uniqueFacts(tag);
    const site = await createSiteAs(page.request, { name: `Mesa ${tag}`, ...facts });
    await requestLink(page, site.id);
    const link = await confirmLinkTo(facts.email);

    const contact = await signedOut(browser, { ...PHONE });
    await useLargeText(contact.page);
    await contact.page.goto(`${link}?lng=${lng}`);
    await expect(
      contact.page.getByRole('heading', { level: 1, name: tr(lng, 'reports:confirm.title') }),
    ).toBeVisible();
    await expect(contact.page.getByText(tr(lng, 'reports:confirm.intro'))).toBeVisible();
    await expect(contact.page.getByRole('main')).toContainText(site.name);
    await expectNoAxeViolations(contact.page);
    expect(await scrollsSideways(contact.page)).toBe(false);

    await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.changed') }).click();
    await expect(
      contact.page.getByRole('group', { name: tr(lng, 'reports:confirm.changedLegend') }),
    ).toBeVisible();
    await expectNoAxeViolations(contact.page);
    expect(await scrollsSideways(contact.page)).toBe(false);
    await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.cancel') }).click();

    await contact.page.getByRole('button', { name: tr(lng, 'reports:confirm.correct') }).click();
    await expect(contact.page.getByText(tr(lng, 'reports:confirm.doneCorrect'))).toBeVisible();
    await contact.page.goto(`/sites/${site.id}?lng=${lng}`);
    await expect(contact.page.getByText(checkedToday(lng), { exact: true })).toBeVisible();

    // An unknown link says so, in the language.
    await contact.page.goto(`/confirm/${'x'.repeat(43)}?lng=${lng}`);
    await expect(contact.page.getByRole('heading', { level: 1 })).toHaveText(
      tr(lng, 'reports:confirm.unknownTitle'),
    );
    await contact.context.close();
  });
}
