import type { AdminApi } from './fixtures.ts';
import { uniqueTag } from './public-pages.ts';

/**
 * The menus journeys' set-up: a nutrition partner, a lunch meal type named in English, Spanish and
 * Chinese, and one of the partner's sites, `${club} ${tag}`, open Monday to Friday 11:30–1:00.
 */
export async function partnerLunchClub(adminApi: AdminApi, club: string) {
  const tag = uniqueTag();
  const lunchName = `Lunch ${tag}`;
  const lunch = await adminApi.createItem('mealtypes', {
    name: lunchName,
    translations: { es: { name: `Almuerzo ${tag}` }, zh: { name: `午膳 ${tag}` } },
  });
  const partner = await adminApi.createItem('nutritionpartners', { name: `Kitchen ${tag}` });
  const site = await adminApi.createSite({
    name: `${club} ${tag}`,
    Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
    NutritionPartnerIds: [partner.id],
  } as never);
  return { tag, lunchName, lunch, partner, site };
}
