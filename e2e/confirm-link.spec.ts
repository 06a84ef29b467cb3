import type { Browser, Page } from '@playwright/test';
import { formatPhone } from '#shared/phone.ts';
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

/** The facts the contact is asked to vouch for, label to value (the page's terms and their definitions). */
async function factsShown(page: Page): Promise<Map<string, string>> {
  const main = page.getByRole('main');
  const terms = await main.getByRole('term').allInnerTexts();
  const values = await main.getByRole('definition').allInnerTexts();
  expect(values).toHaveLength(terms.length);
  return new Map(terms.map((term, index) => [term.trim(), values[index]!.replace(/\s+/g, ' ').trim()]));
}

/** A signed-out visitor's page (its own browser context: no staff cookie). */
async function signedOut(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  return { context, page: await context.newPage() };
}

test('en: the contact checks what the public reads, confirms from the e-mail, and a second link files a change marked as the contact’s', async ({
  page,
  browser,
  adminApi,
}) => {
  const lng: Lng = 'en';
  const tag = uniqueTag();
  await loginAsAdmin(page);
  const facts = uniqueFacts(tag);
  const population = await adminApi.createItem('populations', { name: `Seniors ${tag}` });
  const status = await adminApi.createItem('covidstatuses', { name: `Takeout only ${tag}` });
  const meal = await adminApi.createItem('mealtypes', { name: `Lunch ${tag}` });
  const service = await adminApi.createItem('services', { name: `Grocery bags ${tag}` });
  const site = await createSiteAs(page.request, {
    name: `Contact Table ${tag}`,
    ...facts,
    phoneExtension: '7',
    facts: { reservation: 'required', reserveDays: 1, reserveBy: '13:00', cost: 'free', languages: ['es'] },
    Hours: [
      { day: 1, open: '11:30', close: '13:30' },
      { day: 4, open: '11:30', close: '13:30', weeks: [1, 3] },
    ],
    PopulationIds: [population.id],
    CovidStatusIds: [status.id],
    MealTypeIds: [meal.id],
    ServiceIds: [service.id],
  });
  const closure = await page.request.post('/api/closures', {
    data: { startDate: '2099-03-02', endDate: '2099-03-03', reason: `Repairs ${tag}`, siteIds: [site.id] },
  });
  expect(closure.status(), await closure.text()).toBe(201);

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
  // The e-mail names the agency and its phone in each language, to check the request is genuine.
  const mail = decodedBodies(await newestMailTo(facts.email)).join('\n');
  for (const language of ['en', 'es', 'zh'] as const) expect(mail).toContain(tr(language, 'agency.name'));
  expect(mail).toContain('(417) 557-5000');

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
  // Each list under its own label, the phone as the public reads it, the week in the site page's
  // words and the upcoming closures: what the contact vouches for is what the public is shown.
  const shown = await factsShown(contact.page);
  expect(shown.get(tr(lng, 'reports:confirm.lists.populations'))).toBe(population.name);
  expect(shown.get(tr(lng, 'reports:confirm.lists.covidstatuses'))).toBe(status.name);
  expect(shown.get(tr(lng, 'reports:confirm.lists.mealtypes'))).toBe(meal.name);
  expect(shown.get(tr(lng, 'reports:confirm.lists.services'))).toBe(service.name);
  expect(shown.get(tr(lng, 'site:phone'))).toBe(`${formatPhone(facts.phoneNumber)}, ext. 7`);
  // Before you go, for the contact to confirm or correct.
  expect(shown.get(tr(lng, 'facts:reservation.label'))).toBe(
    `Reservation needed: call ${formatPhone(facts.phoneNumber)}, ext. 7 by 1:00 PM the day before`,
  );
  expect(shown.get(tr(lng, 'facts:cost.label'))).toBe('Free');
  expect(shown.get(tr(lng, 'facts:languages.label'))).toBe('Staff speak Spanish');
  expect(shown.get(tr(lng, 'site:hours'))).toContain(
    'Thursday: 11:30 AM – 1:30 PM (1st and 3rd Thursday of the month)',
  );
  expect(shown.get(tr(lng, 'site:hours'))).toContain(`Sunday: ${tr(lng, 'site:closedDay')}`);
  expect(shown.get(tr(lng, 'site:closures.heading'))).toContain(
    `Repairs ${tag}: Monday, March 2 to Tuesday, March 3`,
  );
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
  // Marked as coming from the site's verified contact, not the public form.
  await expect(report.getByText(tr(lng, 'admin-workspace:reports.fromContact'))).toBeVisible();
});

for (const lng of ['es', 'zh'] as const) {
  test(`${lng}: the link's page speaks the language, is accessible and fits a 360 px phone with large text`, async ({
    page,
    browser,
  }) => {
    const tag = uniqueTag();
    await loginAsAdmin(page);
    const facts = uniqueFacts(tag);
    const site = await createSiteAs(page.request, {
      name: `Mesa ${tag}`,
      ...facts,
      Hours: [{ day: 4, open: '11:30', close: '13:30', weeks: [1, 3] }],
    });
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
    // The week in the site page's own words: the weekday inside the sentence as the language writes it.
    const hours = (await factsShown(contact.page)).get(tr(lng, 'site:hours')) ?? '';
    expect(hours).toContain(
      tr(lng, 'site:weeksNote', {
        hours: '',
        weeks: lng === 'es' ? 'primer y tercer' : '第一及第三',
        day: lng === 'es' ? 'jueves' : '星期四',
      }).trim(),
    );
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
