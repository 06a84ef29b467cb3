import type { SiteFacts } from '#shared/site-facts.ts';
import type { DemoSite } from './demo-data.ts';

/**
 * The demo sites' facts (docs/product.md R548): what a real programme publishes, varied the way real
 * sites vary — some ask for a reservation by 1:00 PM the day before or 48 hours ahead, others welcome
 * walk-ins; most suggest $2–$5 with a guest price, a few are free; the languages staff speak follow the
 * neighborhood — and some sites with nothing entered on purpose, so the pages show what an unknown fact
 * looks like (nothing). Deterministic: the same site always gets the same facts.
 */

/** Languages staff speak, by a word of the site's name (its neighborhood). */
const LANGUAGES_BY_AREA: Array<[RegExp, string[]]> = [
  [/Chinatown|North Beach/, ['yue', 'cmn', 'en']],
  [/Little Saigon|Tenderloin/, ['vi', 'en', 'es']],
  [/Mission|Excelsior|Outer Mission|Geneva/, ['es', 'en']],
  [/SoMa|South of Market/, ['tl', 'en']],
  [/Richmond|Slavic/, ['ru', 'yue', 'en']],
  [/Sunset|Parkside/, ['yue', 'cmn', 'en']],
  [/Japantown/, ['ja', 'en']],
  [/Visitacion|Bayview|Hunters Point/, ['en', 'sm', 'yue']],
];

type Notes = NonNullable<SiteFacts['notes']>;

/** Transit by neighborhood, in three languages. */
const TRANSIT: Array<[RegExp, Notes, Notes, Notes]> = [
  [
    /Chinatown/,
    { transit: 'Muni 1, 30 and 45; Chinatown–Rose Pak station' },
    { transit: 'Muni 1, 30 y 45; estación Chinatown–Rose Pak' },
    { transit: 'Muni 1、30 及 45 號線；唐人街–白蘭站' },
  ],
  [
    /Mission/,
    { transit: 'BART 24th St Mission; Muni 14 and 49' },
    { transit: 'BART 24th St Mission; Muni 14 y 49' },
    { transit: 'BART 24th St Mission 站；Muni 14 及 49 號線' },
  ],
  [
    /Tenderloin|Little Saigon/,
    { transit: 'Civic Center BART; Muni 19 and 31' },
    { transit: 'BART Civic Center; Muni 19 y 31' },
    { transit: 'Civic Center BART 站；Muni 19 及 31 號線' },
  ],
  [
    /Bayview|Hunters Point/,
    { transit: 'Muni T Third Street; Muni 44 and 54' },
    { transit: 'Muni T Third Street; Muni 44 y 54' },
    { transit: 'Muni T Third Street 線；Muni 44 及 54 號線' },
  ],
  [
    /Sunset|Parkside/,
    { transit: 'Muni N Judah and L Taraval; Muni 28' },
    { transit: 'Muni N Judah y L Taraval; Muni 28' },
    { transit: 'Muni N Judah 及 L Taraval 線；Muni 28 號線' },
  ],
  [
    /Richmond/,
    { transit: 'Muni 1, 38 and 38R on Geary' },
    { transit: 'Muni 1, 38 y 38R por Geary' },
    { transit: 'Geary 街 Muni 1、38 及 38R 號線' },
  ],
];

const ABOUT: Array<[Notes, Notes, Notes]> = [
  [
    {
      about: 'A hot lunch served at the table; a cold bag to take home on Fridays.',
      activities: 'Tai chi at 10:30 AM; mahjong after lunch.',
    },
    {
      about: 'Almuerzo caliente servido en la mesa; una bolsa fría para llevar los viernes.',
      activities: 'Tai chi a las 10:30 a.m.; mahjong después del almuerzo.',
    },
    {
      about: '午膳熱食，職員送到餐桌；逢星期五另有外賣膳食袋。',
      activities: '上午10:30太極；午膳後打麻雀。',
    },
  ],
  [
    {
      about: 'Lunch in the community room; a nurse checks blood pressure on Tuesdays.',
      activities: 'Bingo on Wednesdays; a walking group at 10 AM.',
    },
    {
      about: 'Almuerzo en el salón comunitario; una enfermera toma la presión los martes.',
      activities: 'Bingo los miércoles; grupo de caminata a las 10 a.m.',
    },
    {
      about: '在社區活動室享用午膳；逢星期二有護士量血壓。',
      activities: '逢星期三賓果遊戲；上午10時步行小組。',
    },
  ],
  [
    {
      about: 'Family-style lunch; a vegetarian plate is there every day.',
      activities: 'English class at 10 AM; a movie on the last Friday of the month.',
    },
    {
      about: 'Almuerzo servido al estilo familiar; siempre hay un plato vegetariano.',
      activities: 'Clase de inglés a las 10 a.m.; una película el último viernes del mes.',
    },
    { about: '家庭式午膳；每日都有素食選擇。', activities: '上午10時英文班；每月最後一個星期五放映電影。' },
  ],
];

/** The sites left without any fact, on purpose (every seventh). */
const UNKNOWN_EVERY = 7;

export function demoFacts(site: DemoSite, index: number): SiteFacts {
  if (index % UNKNOWN_EVERY === 3) return {};
  const languages = LANGUAGES_BY_AREA.find(([pattern]) => pattern.test(site.name))?.[1] ?? ['en', 'es'];
  const kind = index % 4;
  const facts: SiteFacts = {
    languages,
    stepFree: index % 5 !== 2,
    ...(index % 3 === 0 ? { restroom: true, seatingWithArms: true } : {}),
    ...(index % 6 === 1 ? { elevator: false } : {}),
    ...(index % 8 === 0 ? { hearingLoop: true } : {}),
  };
  if (kind === 0) {
    Object.assign(facts, { reservation: 'required', reserveDays: 1, reserveBy: '13:00', walkIns: false });
    Object.assign(facts, {
      reservePhoneDays: [1, 2, 3, 4, 5],
      reservePhoneOpen: '09:00',
      reservePhoneClose: '13:00',
    });
  } else if (kind === 1) {
    Object.assign(facts, { reservation: 'required', reserveHours: 48, walkIns: true });
  } else if (kind === 2) {
    Object.assign(facts, { reservation: 'recommended', reserveDays: 1, walkIns: true });
  } else {
    Object.assign(facts, { reservation: 'not_needed', walkIns: true });
  }
  if (index % 5 === 4) facts.cost = 'free';
  else
    Object.assign(facts, {
      cost: 'suggested',
      suggestedAmount: 2 + (index % 4),
      guestPrice: 6 + (index % 5),
    });
  if (index % 2 === 0) Object.assign(facts, { spouse: true, caregiver: true, firstVisit: 'form' });
  else if (index % 9 === 5) facts.firstVisit = 'id';
  else facts.firstVisit = 'nothing';
  if (index % 4 === 1) Object.assign(facts, { transport: true, transportPhone: '4155550180' });
  const transit = TRANSIT.find(([pattern]) => pattern.test(site.name));
  const about = index % 3 === 2 ? undefined : ABOUT[index % ABOUT.length];
  const notes: Notes = { ...(transit?.[1] ?? {}), ...(about?.[0] ?? {}) };
  const es: Notes = { ...(transit?.[2] ?? {}), ...(about?.[1] ?? {}) };
  // Some Chinese notes are left untranslated on purpose: the page shows the English, marked as English.
  const zh: Notes = index % 5 === 1 ? {} : { ...(transit?.[3] ?? {}), ...(about?.[2] ?? {}) };
  if (Object.keys(notes).length) facts.notes = notes;
  const translations = {
    ...(Object.keys(es).length ? { es } : {}),
    ...(Object.keys(zh).length ? { zh } : {}),
  };
  if (Object.keys(translations).length) facts.translations = translations;
  return facts;
}
