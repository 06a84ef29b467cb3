import type { Page } from '@playwright/test';
import { getSite, loginAsAdmin, unique } from './support/admin.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

/**
 * Staff keep Before you go (docs/product.md R535–R539): every fact entered on the site form, notes in
 * Spanish and Chinese, a bad amount refused on its own field with what was typed kept, and the public
 * site page saying what was saved.
 */

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const answer = (page: Page, question: string, choice: string) =>
  group(page, question).getByRole('radio', { name: choice, exact: true }).check();

test('an administrator enters every fact with notes in three languages and the site page shows them', async ({
  page,
  adminApi,
}) => {
  // Every fact, its notes in three languages, two axe runs and the site page: a long journey, which a
  // busy machine may not finish in the usual minute.
  test.slow();
  const site = await adminApi.createSite({ name: unique('Portola Lunch Club') });
  await loginAsAdmin(page);
  await page.goto(`/sites/${site.id}/edit`);
  await expect(page.getByRole('heading', { level: 2, name: 'Before you go' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Extension', { exact: true }).fill('3');
  await answer(page, 'Is a reservation needed?', 'Required');
  await page.getByLabel('Days before the meal', { exact: true }).fill('1');
  await page.getByLabel('By (time of day)', { exact: true }).fill('13:00');
  await page.getByLabel('Reservation phone', { exact: true }).fill('(415) 555-0199');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await group(page, 'Days the reservation line is answered').getByRole('checkbox', { name: day }).check();
  }
  await page.getByLabel('Line answered from', { exact: true }).fill('09:00');
  await page.getByLabel('Line answered until', { exact: true }).fill('12:00');
  await page.getByLabel('Reservation web page', { exact: true }).fill('https://portola.example.org/reserve');
  await answer(page, 'Walk-ins served', 'No');
  await answer(page, 'What does a meal cost?', 'Suggested contribution');
  const amount = page.getByLabel('Suggested contribution (dollars)', { exact: true });
  await amount.fill('3.505');
  await page.getByLabel('Price for guests (dollars)', { exact: true }).fill('6');
  await answer(page, 'Spouse or partner of any age', 'Yes');
  await answer(page, 'Caregiver', 'Yes');
  await answer(page, 'Guests', 'No');
  await answer(page, 'What to bring on the first visit', 'A short form, no ID');
  await page.getByRole('checkbox', { name: 'Cantonese', exact: true }).check();
  await page.getByRole('checkbox', { name: 'English', exact: true }).check();
  for (const feature of ['Step-free entrance', 'Accessible restroom', 'Elevator']) {
    await answer(page, feature, 'Yes');
  }
  for (const feature of ['Hearing loop', 'Accessible parking', 'Seating with arms']) {
    await answer(page, feature, 'No');
  }
  await answer(page, 'Rides to the site offered', 'Yes');
  await page.getByLabel('Phone to book a ride', { exact: true }).fill('415-555-0111');
  await page.getByLabel('Reservation note (English)').fill('Ask for Grace at the front desk.');
  await page.getByLabel('Reservation note in Spanish').fill('Pregunte por Grace en la recepción.');
  await page.getByLabel('Reservation note in Chinese').fill('請到前台找Grace。');
  await page.getByLabel('Cost note (English)').fill('Pay what you can.');
  await page.getByLabel('Cost note in Spanish').fill('Pague lo que pueda.');

  // The bad amount is refused on its own field, before anything is sent; nothing typed is lost.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(/must be an amount of dollars with at most two decimals/i).first(),
  ).toBeVisible();
  await expect(page.getByText('Not translated: Chinese')).toBeVisible();
  await expect(amount).toHaveValue('3.505');
  await expect(page.getByLabel('Reservation note in Chinese')).toHaveValue('請到前台找Grace。');
  expect((await getSite(page.request, site.id)).facts).toEqual({});
  await expectNoAxeViolations(page);

  await amount.fill('3');
  await page.getByRole('button', { name: 'Submit' }).click();
  // Opened by its address, the form returns to the list (R474).
  await expect(page).toHaveURL(/\/sites\/$/);

  const saved = await getSite(page.request, site.id);
  expect(saved.phoneExtension).toBe('3');
  expect(saved.facts).toEqual({
    reservation: 'required',
    reserveDays: 1,
    reserveBy: '13:00',
    reservePhone: '4155550199',
    reservePhoneDays: [1, 2, 3, 4, 5],
    reservePhoneOpen: '09:00',
    reservePhoneClose: '12:00',
    reserveUrl: 'https://portola.example.org/reserve',
    walkIns: false,
    cost: 'suggested',
    suggestedAmount: 3,
    guestPrice: 6,
    spouse: true,
    caregiver: true,
    guests: false,
    firstVisit: 'form',
    languages: ['yue', 'en'],
    stepFree: true,
    restroom: true,
    elevator: true,
    hearingLoop: false,
    parking: false,
    seatingWithArms: false,
    transport: true,
    transportPhone: '4155550111',
    notes: { reservation: 'Ask for Grace at the front desk.', cost: 'Pay what you can.' },
    translations: {
      es: { reservation: 'Pregunte por Grace en la recepción.', cost: 'Pague lo que pueda.' },
      zh: { reservation: '請到前台找Grace。' },
    },
  });

  await page.goto(`/sites/${site.id}`);
  await expect(page.getByText(/\$3\b/).first()).toBeVisible();
  await page.goto(`/sites/${site.id}?lng=zh`);
  await expect(page.getByText('請到前台找Grace。').first()).toBeVisible();
});
