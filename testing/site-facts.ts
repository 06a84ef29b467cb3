import type { SiteFacts } from '#shared/site-facts.ts';

/**
 * A weekday lunch's facts as staff enter them for a site that asks for a reservation by 1:00 PM the day
 * before (docs/product.md R500): $3 suggested, guests $6, a short form on the first visit, staff who speak
 * Cantonese and English, step-free with an accessible restroom. Tests add their own notes.
 */
export const RESERVED_LUNCH_FACTS = {
  reservation: 'required',
  reserveDays: 1,
  reserveBy: '13:00',
  cost: 'suggested',
  suggestedAmount: 3,
  guestPrice: 6,
  firstVisit: 'form',
  languages: ['yue', 'en'],
  stepFree: true,
  restroom: true,
} as const satisfies SiteFacts;
