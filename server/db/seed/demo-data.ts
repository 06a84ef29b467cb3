/**
 * Demo seed data for the congregate meal-site directory.
 *
 * Everything in this file is FICTIONAL example data for development and demos:
 * site names, nutrition partners, phone numbers (555-01xx range), emails and
 * websites (example.org) are invented. Neighbourhoods, street names, ZIP codes
 * and coordinates are realistic San Francisco locations so maps and filters look
 * plausible, but no real programme is described here.
 *
 * Pure TypeScript: no imports.
 */

export const DEMO_NOTICE = 'Demo data: these sites are examples, not a real programme listing.';

interface DemoHours {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
  /** HH:mm, 24-hour */
  open: string;
  /** HH:mm, 24-hour, after `open` */
  close: string;
}

export interface DemoSite {
  name: string;
  address: string;
  /** Exactly 10 digits, no formatting. */
  phoneNumber: string;
  email: string;
  website: string;
  lat: number;
  lng: number;
  hours: DemoHours[];
  /** Names from DEMO_NUTRITION_PARTNERS. */
  nutritionPartners: string[];
  /** Values from DEMO_POPULATIONS. */
  populations: string[];
  /** Values from DEMO_MEAL_TYPES. */
  mealTypes: string[];
  /** Values from DEMO_SERVICES. */
  services: string[];
  /** Exactly one value from DEMO_COVID_STATUSES. */
  covidStatuses: string[];
}

interface DemoNutritionPartner {
  name: string;
  /** Exactly 10 digits, no formatting. */
  phoneNumber: string;
  email: string;
  website: string;
}

// ---------------------------------------------------------------------------
// Lookup lists
// ---------------------------------------------------------------------------

export const DEMO_NUTRITION_PARTNERS: DemoNutritionPartner[] = [
  {
    name: 'Bay Area Senior Nutrition Collaborative',
    phoneNumber: '4155550101',
    email: 'info@bay-area-senior-nutrition.example.org',
    website: 'https://bay-area-senior-nutrition.example.org',
  },
  {
    name: 'Golden Gate Community Meals Network',
    phoneNumber: '4155550102',
    email: 'contact@golden-gate-community-meals.example.org',
    website: 'https://golden-gate-community-meals.example.org',
  },
  {
    name: 'Southeast Neighborhood Kitchens',
    phoneNumber: '6285550103',
    email: 'hello@southeast-neighborhood-kitchens.example.org',
    website: 'https://southeast-neighborhood-kitchens.example.org',
  },
  {
    name: 'Pacific Heritage Meal Alliance',
    phoneNumber: '4155550104',
    email: 'info@pacific-heritage-meals.example.org',
    website: 'https://pacific-heritage-meals.example.org',
  },
  {
    name: 'Fog City Dining Partners',
    phoneNumber: '6285550105',
    email: 'meals@fog-city-dining.example.org',
    website: 'https://fog-city-dining.example.org',
  },
];

export const DEMO_POPULATIONS: string[] = [
  'Seniors 60+',
  'Adults with disabilities (18–59)',
  'Chinese-speaking seniors',
  'Spanish-speaking seniors',
  'Russian-speaking seniors',
  'Vietnamese-speaking seniors',
  'LGBTQ+ seniors',
  'Veterans',
];

export const DEMO_MEAL_TYPES: string[] = [
  'Breakfast',
  'Lunch',
  'Dinner',
  'Grab-and-go meal',
  'Home-delivered frozen meals',
];

export const DEMO_SERVICES: string[] = [
  'Dine-in',
  'Takeout',
  'Wheelchair accessible',
  'Chinese menu',
  'Halal',
  'Vegetarian option',
  'Low-sodium option',
];

export const DEMO_COVID_STATUSES: string[] = [
  'Open for dine-in',
  'Takeout only',
  'Temporarily closed',
  'Reservations required',
];

/** The demo covid statuses that mean the site is closed (`closesSite`). */
export const DEMO_CLOSING_STATUSES: string[] = ['Temporarily closed'];

/**
 * Every demo list item's name in Spanish (US, formal) and Chinese (Traditional, Hong Kong usage, for
 * San Francisco's Cantonese-speaking seniors), by its English name.
 */
export const DEMO_ITEM_TRANSLATIONS: Record<string, { es: string; zh: string }> = {
  // Nutrition partners (fictional organizations)
  'Bay Area Senior Nutrition Collaborative': {
    es: 'Colaborativo de Nutrición para Personas Mayores del Área de la Bahía',
    zh: '灣區長者營養協作組織',
  },
  'Golden Gate Community Meals Network': {
    es: 'Red de Comidas Comunitarias Golden Gate',
    zh: '金門社區膳食網絡',
  },
  'Southeast Neighborhood Kitchens': { es: 'Cocinas Vecinales del Sureste', zh: '東南區街坊廚房' },
  'Pacific Heritage Meal Alliance': {
    es: 'Alianza de Comidas Herencia del Pacífico',
    zh: '太平洋傳承膳食聯盟',
  },
  'Fog City Dining Partners': { es: 'Comedores Asociados de la Ciudad de la Niebla', zh: '霧城膳食夥伴' },
  // Populations
  'Seniors 60+': { es: 'Personas de 60 años o más', zh: '60 歲或以上長者' },
  'Adults with disabilities (18–59)': {
    es: 'Adultos con discapacidades (de 18 a 59 años)',
    zh: '殘障成人（18 至 59 歲）',
  },
  'Chinese-speaking seniors': { es: 'Personas mayores que hablan chino', zh: '講中文的長者' },
  'Spanish-speaking seniors': { es: 'Personas mayores que hablan español', zh: '講西班牙語的長者' },
  'Russian-speaking seniors': { es: 'Personas mayores que hablan ruso', zh: '講俄語的長者' },
  'Vietnamese-speaking seniors': { es: 'Personas mayores que hablan vietnamita', zh: '講越南語的長者' },
  'LGBTQ+ seniors': { es: 'Personas mayores LGBTQ+', zh: 'LGBTQ+ 長者' },
  Veterans: { es: 'Veteranos', zh: '退伍軍人' },
  // Meal types
  Breakfast: { es: 'Desayuno', zh: '早餐' },
  Lunch: { es: 'Almuerzo', zh: '午膳' },
  Dinner: { es: 'Cena', zh: '晚膳' },
  'Grab-and-go meal': { es: 'Comida para llevar', zh: '外賣膳食' },
  'Home-delivered frozen meals': { es: 'Comidas congeladas entregadas a domicilio', zh: '送上門急凍膳食' },
  // Services
  'Dine-in': { es: 'Comer en el comedor', zh: '堂食' },
  Takeout: { es: 'Para llevar', zh: '外賣' },
  'Wheelchair accessible': { es: 'Accesible para sillas de ruedas', zh: '輪椅可達' },
  'Chinese menu': { es: 'Menú de comida china', zh: '中式餐單' },
  Halal: { es: 'Comida halal', zh: '清真食品' },
  'Vegetarian option': { es: 'Opción vegetariana', zh: '可選素食' },
  'Low-sodium option': { es: 'Opción baja en sodio', zh: '可選低鹽膳食' },
  // Covid statuses
  'Open for dine-in': { es: 'Abierto para comer en el comedor', zh: '開放堂食' },
  'Takeout only': { es: 'Solo para llevar', zh: '只限外賣' },
  'Temporarily closed': { es: 'Cerrado temporalmente', zh: '暫停開放' },
  'Reservations required': { es: 'Se requiere reservación', zh: '須預約' },
};

/**
 * The Chinese names some demo sites go by (the Chinatown ones and two in the Richmond and Sunset,
 * where many Cantonese-speaking seniors live), by their English name. San Francisco's Chinatown is
 * 華埠; Jackson Street is 積臣街, as the neighborhood writes it.
 */
export const DEMO_SITE_TRANSLATIONS: Record<string, { es?: string; zh?: string }> = {
  'Chinatown Community Dining Room': { zh: '華埠社區飯堂' },
  'Chinatown Senior Lunch at Jackson Street': { zh: '華埠積臣街長者午膳' },
  'Inner Richmond Community Dining Room': { zh: '列治文區社區飯堂' },
  'Sunset Community Dining Room at Irving Street': { zh: '日落區社區飯堂' },
};

// ---------------------------------------------------------------------------
// Internal shorthands (kept local so the exported data stays plain values)
// ---------------------------------------------------------------------------

// Partners
const BASNC = 'Bay Area Senior Nutrition Collaborative';
const GGCMN = 'Golden Gate Community Meals Network';
const SENK = 'Southeast Neighborhood Kitchens';
const PHMA = 'Pacific Heritage Meal Alliance';
const FCDP = 'Fog City Dining Partners';

// Populations
const SENIORS = 'Seniors 60+';
const DISABLED = 'Adults with disabilities (18–59)';
const CHINESE = 'Chinese-speaking seniors';
const SPANISH = 'Spanish-speaking seniors';
const RUSSIAN = 'Russian-speaking seniors';
const VIETNAMESE = 'Vietnamese-speaking seniors';
const LGBTQ = 'LGBTQ+ seniors';
const VETERANS = 'Veterans';

// Meal types
const BREAKFAST = 'Breakfast';
const LUNCH = 'Lunch';
const DINNER = 'Dinner';
const GRAB_AND_GO = 'Grab-and-go meal';
const FROZEN = 'Home-delivered frozen meals';

// Services
const DINE_IN = 'Dine-in';
const TAKEOUT = 'Takeout';
const WHEELCHAIR = 'Wheelchair accessible';
const CHINESE_MENU = 'Chinese menu';
const HALAL = 'Halal';
const VEGETARIAN = 'Vegetarian option';
const LOW_SODIUM = 'Low-sodium option';

// COVID statuses
const OPEN = 'Open for dine-in';
const TAKEOUT_ONLY = 'Takeout only';
const CLOSED = 'Temporarily closed';
const RESERVATIONS = 'Reservations required';

// Days (0 = Sunday; no demo site opens on Sunday)
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;

const WEEKDAYS = [MON, TUE, WED, THU, FRI];
const MWF = [MON, WED, FRI];
const TTH = [TUE, THU];

/** Same opening window on each of the given days. */
function on(days: number[], open: string, close: string): DemoHours[] {
  return days.map((day) => ({ day, open, close }));
}

/** Merge interval groups and sort by day, then opening time. */
function schedule(...groups: DemoHours[][]): DemoHours[] {
  return groups.flat().sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
}

const site = (slug: string) => ({
  email: `lunch@${slug}.example.org`,
  website: `https://${slug}.example.org`,
});

// ---------------------------------------------------------------------------
// Sites (exactly 40)
// ---------------------------------------------------------------------------

export const DEMO_SITES: DemoSite[] = [
  // --- Chinatown ----------------------------------------------------------
  {
    name: 'Chinatown Community Dining Room',
    address: '777 Stockton St, San Francisco, CA 94108',
    phoneNumber: '4155550110',
    ...site('chinatown-community-dining-room'),
    lat: 37.7946,
    lng: -122.4078,
    hours: schedule(on(WEEKDAYS, '11:00', '13:00'), on([SAT], '11:00', '13:00')),
    nutritionPartners: [PHMA],
    populations: [SENIORS, CHINESE],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR, CHINESE_MENU],
    covidStatuses: [OPEN],
  },
  {
    name: 'Chinatown Senior Lunch at Jackson Street',
    address: '950 Jackson St, San Francisco, CA 94133',
    phoneNumber: '4155550111',
    ...site('chinatown-senior-lunch-jackson'),
    lat: 37.7957,
    lng: -122.4094,
    hours: schedule(on(TTH, '08:00', '09:30'), on(WEEKDAYS, '11:30', '13:30')),
    nutritionPartners: [PHMA],
    populations: [CHINESE],
    mealTypes: [BREAKFAST, LUNCH],
    services: [DINE_IN, CHINESE_MENU, LOW_SODIUM],
    covidStatuses: [RESERVATIONS],
  },

  // --- Tenderloin / Little Saigon ----------------------------------------
  {
    name: 'Tenderloin Senior Lunch Program',
    address: '350 Golden Gate Ave, San Francisco, CA 94102',
    phoneNumber: '4155550112',
    ...site('tenderloin-senior-lunch'),
    lat: 37.7818,
    lng: -122.4165,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [BASNC],
    populations: [SENIORS, DISABLED],
    mealTypes: [LUNCH, GRAB_AND_GO],
    services: [DINE_IN, TAKEOUT, WHEELCHAIR],
    covidStatuses: [OPEN],
  },
  {
    name: 'Tenderloin Community Café',
    address: '201 Turk St, San Francisco, CA 94102',
    phoneNumber: '4155550113',
    ...site('tenderloin-community-cafe'),
    lat: 37.7829,
    lng: -122.4128,
    hours: on(WEEKDAYS, '08:00', '09:30'),
    nutritionPartners: [BASNC],
    populations: [DISABLED],
    mealTypes: [BREAKFAST],
    services: [DINE_IN, VEGETARIAN],
    covidStatuses: [OPEN],
  },
  {
    name: 'Little Saigon Senior Lunch',
    address: '620 Larkin St, San Francisco, CA 94109',
    phoneNumber: '4155550114',
    ...site('little-saigon-senior-lunch'),
    lat: 37.7837,
    lng: -122.4178,
    hours: on(MWF, '11:30', '13:30'),
    nutritionPartners: [FCDP],
    populations: [SENIORS, VIETNAMESE],
    mealTypes: [LUNCH],
    services: [DINE_IN, LOW_SODIUM],
    covidStatuses: [OPEN],
  },

  // --- Mission --------------------------------------------------------------
  {
    name: 'Mission Neighborhood Senior Lunch at 24th Street',
    address: '2940 24th St, San Francisco, CA 94110',
    phoneNumber: '4155550115',
    ...site('mission-senior-lunch-24th'),
    lat: 37.7527,
    lng: -122.412,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [SENK],
    populations: [SENIORS, SPANISH],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR, VEGETARIAN],
    covidStatuses: [OPEN],
  },
  {
    name: 'Mission Community Dining Room at Capp Street',
    address: '362 Capp St, San Francisco, CA 94110',
    phoneNumber: '4155550116',
    ...site('mission-dining-room-capp'),
    lat: 37.7625,
    lng: -122.418,
    hours: schedule(on(WEEKDAYS, '11:00', '13:00'), on(TTH, '17:00', '18:30')),
    nutritionPartners: [SENK],
    populations: [SPANISH, DISABLED],
    mealTypes: [LUNCH, DINNER],
    services: [DINE_IN, TAKEOUT],
    covidStatuses: [OPEN],
  },

  // --- Western Addition (the one name with & and ') -------------------------
  {
    name: "St. Mary's Food & Fellowship",
    address: '1111 Gough St, San Francisco, CA 94109',
    phoneNumber: '4155550117',
    ...site('st-marys-food-and-fellowship'),
    lat: 37.785,
    lng: -122.4255,
    hours: schedule(on(MWF, '11:30', '13:30'), on([WED], '17:00', '18:30')),
    nutritionPartners: [GGCMN],
    populations: [SENIORS, DISABLED],
    mealTypes: [LUNCH, DINNER],
    services: [DINE_IN, WHEELCHAIR, VEGETARIAN],
    covidStatuses: [RESERVATIONS],
  },

  // --- Bayview / Hunters Point ---------------------------------------------
  {
    name: 'Bayview Senior Café',
    address: '1753 Carroll Ave, San Francisco, CA 94124',
    phoneNumber: '4155550118',
    ...site('bayview-senior-cafe'),
    lat: 37.726,
    lng: -122.393,
    hours: schedule(on([MON, WED], '08:00', '09:30'), on(WEEKDAYS, '11:00', '13:00')),
    nutritionPartners: [SENK],
    populations: [SENIORS],
    mealTypes: [BREAKFAST, LUNCH],
    services: [DINE_IN, WHEELCHAIR, LOW_SODIUM],
    covidStatuses: [OPEN],
  },
  {
    name: 'Bayview Hunters Point Community Lunch',
    address: '4800 3rd St, San Francisco, CA 94124',
    phoneNumber: '4155550119',
    ...site('bayview-hunters-point-lunch'),
    lat: 37.7335,
    lng: -122.391,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [SENK],
    populations: [SENIORS, VETERANS],
    mealTypes: [LUNCH, GRAB_AND_GO],
    services: [TAKEOUT, HALAL],
    covidStatuses: [TAKEOUT_ONLY],
  },
  {
    name: 'Hunters Point Shoreline Senior Dining',
    address: '1800 Oakdale Ave, San Francisco, CA 94124',
    phoneNumber: '4155550120',
    ...site('hunters-point-shoreline-dining'),
    lat: 37.7365,
    lng: -122.388,
    hours: on(MWF, '11:00', '13:00'),
    nutritionPartners: [SENK],
    populations: [SENIORS, DISABLED],
    mealTypes: [LUNCH],
    services: [DINE_IN],
    covidStatuses: [CLOSED],
  },

  // --- Sunset / Parkside ------------------------------------------------------
  {
    name: 'Outer Sunset Senior Lunch at Noriega Street',
    address: '2500 Noriega St, San Francisco, CA 94122',
    phoneNumber: '4155550121',
    ...site('outer-sunset-senior-lunch'),
    lat: 37.7535,
    lng: -122.487,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [PHMA],
    populations: [SENIORS, CHINESE],
    mealTypes: [LUNCH],
    services: [DINE_IN, CHINESE_MENU],
    covidStatuses: [OPEN],
  },
  {
    name: 'Sunset Community Dining Room at Irving Street',
    address: '1290 Irving St, San Francisco, CA 94122',
    phoneNumber: '4155550122',
    ...site('sunset-dining-room-irving'),
    lat: 37.764,
    lng: -122.4705,
    hours: on([MON, TUE, WED, THU], '11:30', '13:30'),
    nutritionPartners: [GGCMN],
    populations: [SENIORS],
    mealTypes: [LUNCH, FROZEN],
    services: [DINE_IN, TAKEOUT, VEGETARIAN],
    covidStatuses: [OPEN],
  },
  {
    name: 'Parkside Senior Café',
    address: '2000 Taraval St, San Francisco, CA 94116',
    phoneNumber: '4155550123',
    ...site('parkside-senior-cafe'),
    lat: 37.7425,
    lng: -122.4875,
    hours: schedule(on(WEEKDAYS, '11:00', '13:00'), on([SAT], '08:00', '09:30')),
    nutritionPartners: [GGCMN],
    populations: [SENIORS, CHINESE],
    mealTypes: [BREAKFAST, LUNCH],
    services: [DINE_IN, WHEELCHAIR],
    covidStatuses: [RESERVATIONS],
  },

  // --- Richmond ---------------------------------------------------------------
  {
    name: 'Richmond Senior Lunch Club',
    address: '6221 Geary Blvd, San Francisco, CA 94121',
    phoneNumber: '4155550124',
    ...site('richmond-senior-lunch-club'),
    lat: 37.7803,
    lng: -122.4855,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [FCDP],
    populations: [SENIORS, RUSSIAN],
    mealTypes: [LUNCH],
    services: [DINE_IN, LOW_SODIUM],
    covidStatuses: [OPEN],
  },
  {
    name: 'Inner Richmond Community Dining Room',
    address: '415 Clement St, San Francisco, CA 94118',
    phoneNumber: '4155550125',
    ...site('inner-richmond-dining-room'),
    lat: 37.783,
    lng: -122.463,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [PHMA],
    populations: [SENIORS, CHINESE],
    mealTypes: [LUNCH, GRAB_AND_GO],
    services: [TAKEOUT, CHINESE_MENU],
    covidStatuses: [TAKEOUT_ONLY],
  },
  {
    name: 'Outer Richmond Slavic Senior Lunch',
    address: '5555 Geary Blvd, San Francisco, CA 94121',
    phoneNumber: '4155550126',
    ...site('outer-richmond-slavic-lunch'),
    lat: 37.7806,
    lng: -122.479,
    hours: on([TUE, THU, SAT], '11:30', '13:30'),
    nutritionPartners: [FCDP],
    populations: [RUSSIAN],
    mealTypes: [LUNCH],
    services: [DINE_IN, VEGETARIAN],
    covidStatuses: [OPEN],
  },

  // --- Excelsior ------------------------------------------------------------
  {
    name: 'Excelsior Senior Lunch at Mission Street',
    address: '4468 Mission St, San Francisco, CA 94112',
    phoneNumber: '4155550127',
    ...site('excelsior-senior-lunch'),
    lat: 37.726,
    lng: -122.4345,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [SENK],
    populations: [SENIORS, SPANISH],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR],
    covidStatuses: [OPEN],
  },
  {
    name: 'Excelsior Community Dining Room',
    address: '100 Ocean Ave, San Francisco, CA 94112',
    phoneNumber: '4155550128',
    ...site('excelsior-community-dining-room'),
    lat: 37.7235,
    lng: -122.4352,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [GGCMN],
    populations: [SENIORS, VIETNAMESE, CHINESE],
    mealTypes: [LUNCH, FROZEN],
    services: [DINE_IN, TAKEOUT, CHINESE_MENU],
    covidStatuses: [OPEN],
  },

  // --- SoMa -------------------------------------------------------------------
  {
    name: 'SoMa Senior Lunch at Folsom Street',
    address: '1035 Folsom St, San Francisco, CA 94103',
    phoneNumber: '4155550129',
    ...site('soma-senior-lunch-folsom'),
    lat: 37.7775,
    lng: -122.4065,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [BASNC],
    populations: [SENIORS, DISABLED],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR, HALAL],
    covidStatuses: [OPEN],
  },
  {
    name: 'South of Market Community Café at Harrison Street',
    address: '900 Harrison St, San Francisco, CA 94107',
    phoneNumber: '4155550130',
    ...site('south-of-market-cafe-harrison'),
    lat: 37.779,
    lng: -122.4015,
    hours: schedule(on(MWF, '08:00', '09:30'), on(MWF, '11:00', '13:00')),
    nutritionPartners: [BASNC],
    populations: [SENIORS, VETERANS],
    mealTypes: [BREAKFAST, LUNCH],
    services: [DINE_IN, TAKEOUT],
    covidStatuses: [OPEN],
  },

  // --- Western Addition / Fillmore / Japantown --------------------------------
  {
    name: 'Western Addition Senior Lunch at Turk Street',
    address: '1390 Turk St, San Francisco, CA 94115',
    phoneNumber: '4155550131',
    ...site('western-addition-senior-lunch'),
    lat: 37.78,
    lng: -122.433,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [GGCMN],
    populations: [SENIORS],
    mealTypes: [LUNCH],
    services: [DINE_IN, HALAL, LOW_SODIUM],
    covidStatuses: [OPEN],
  },
  {
    name: 'Fillmore Community Dining Room',
    address: '1600 Fillmore St, San Francisco, CA 94115',
    phoneNumber: '4155550132',
    ...site('fillmore-community-dining-room'),
    lat: 37.784,
    lng: -122.4325,
    hours: schedule(on(MWF, '11:30', '13:30'), on(TTH, '17:00', '18:30')),
    nutritionPartners: [GGCMN],
    populations: [SENIORS, VETERANS, DISABLED],
    mealTypes: [LUNCH, DINNER],
    services: [DINE_IN, WHEELCHAIR],
    covidStatuses: [RESERVATIONS],
  },
  {
    name: 'Japantown Senior Lunch at Sutter Street',
    address: '1840 Sutter St, San Francisco, CA 94115',
    phoneNumber: '4155550133',
    ...site('japantown-senior-lunch'),
    lat: 37.7867,
    lng: -122.4305,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [PHMA],
    populations: [SENIORS],
    mealTypes: [LUNCH],
    services: [DINE_IN, VEGETARIAN, LOW_SODIUM],
    covidStatuses: [OPEN],
  },

  // --- Visitacion Valley ------------------------------------------------------
  {
    name: 'Visitacion Valley Senior Lunch',
    address: '66 Raymond Ave, San Francisco, CA 94134',
    phoneNumber: '4155550134',
    ...site('visitacion-valley-senior-lunch'),
    lat: 37.7125,
    lng: -122.406,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [SENK],
    populations: [SENIORS, CHINESE],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR, CHINESE_MENU],
    covidStatuses: [OPEN],
  },
  {
    name: 'Visitacion Valley Community Café at Leland Avenue',
    address: '100 Leland Ave, San Francisco, CA 94134',
    phoneNumber: '4155550135',
    ...site('visitacion-valley-cafe-leland'),
    lat: 37.7113,
    lng: -122.4035,
    hours: on([MON, TUE, THU, FRI], '11:00', '12:30'),
    nutritionPartners: [SENK],
    populations: [SENIORS, VIETNAMESE],
    mealTypes: [GRAB_AND_GO],
    services: [TAKEOUT],
    covidStatuses: [TAKEOUT_ONLY],
  },

  // --- North Beach --------------------------------------------------------------
  {
    name: 'North Beach Senior Lunch at Washington Square',
    address: '1660 Stockton St, San Francisco, CA 94133',
    phoneNumber: '4155550136',
    ...site('north-beach-senior-lunch'),
    lat: 37.8013,
    lng: -122.4093,
    hours: schedule(on(WEEKDAYS, '11:00', '13:00'), on([SAT], '11:00', '13:00')),
    nutritionPartners: [FCDP],
    populations: [SENIORS, CHINESE],
    mealTypes: [LUNCH],
    services: [DINE_IN, CHINESE_MENU, VEGETARIAN],
    covidStatuses: [OPEN],
  },
  {
    name: 'North Beach Community Dining Room',
    address: '660 Lombard St, San Francisco, CA 94133',
    phoneNumber: '4155550137',
    ...site('north-beach-dining-room'),
    lat: 37.8025,
    lng: -122.4125,
    hours: on(MWF, '11:30', '13:30'),
    nutritionPartners: [BASNC],
    populations: [SENIORS],
    mealTypes: [LUNCH, FROZEN],
    services: [DINE_IN, LOW_SODIUM],
    covidStatuses: [OPEN],
  },

  // --- Potrero Hill -----------------------------------------------------------
  {
    name: 'Potrero Hill Senior Lunch',
    address: '953 De Haro St, San Francisco, CA 94107',
    phoneNumber: '4155550138',
    ...site('potrero-hill-senior-lunch'),
    lat: 37.758,
    lng: -122.401,
    hours: on([TUE, WED, THU], '11:30', '13:30'),
    nutritionPartners: [GGCMN],
    populations: [SENIORS],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR],
    covidStatuses: [CLOSED],
  },
  {
    name: 'Potrero Hill Community Café',
    address: '1300 18th St, San Francisco, CA 94107',
    phoneNumber: '4155550139',
    ...site('potrero-hill-community-cafe'),
    lat: 37.7625,
    lng: -122.3965,
    hours: schedule(on(MWF, '08:00', '09:30'), on(TTH, '11:00', '13:00')),
    nutritionPartners: [BASNC],
    populations: [SENIORS, DISABLED],
    mealTypes: [BREAKFAST, LUNCH],
    services: [DINE_IN, VEGETARIAN],
    covidStatuses: [OPEN],
  },

  // --- Outer Mission ------------------------------------------------------------
  {
    name: 'Outer Mission Senior Lunch',
    address: '4900 Mission St, San Francisco, CA 94112',
    phoneNumber: '4155550140',
    ...site('outer-mission-senior-lunch'),
    lat: 37.7205,
    lng: -122.4385,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [SENK],
    populations: [SENIORS, SPANISH],
    mealTypes: [LUNCH, GRAB_AND_GO],
    services: [DINE_IN, TAKEOUT],
    covidStatuses: [OPEN],
  },
  {
    name: 'Geneva Avenue Senior Café',
    address: '1200 Geneva Ave, San Francisco, CA 94112',
    phoneNumber: '4155550141',
    ...site('geneva-avenue-senior-cafe'),
    lat: 37.7168,
    lng: -122.4375,
    hours: on([MON, TUE, WED, THU], '11:00', '13:00'),
    nutritionPartners: [SENK],
    populations: [SENIORS, VETERANS],
    mealTypes: [LUNCH],
    services: [DINE_IN, HALAL],
    covidStatuses: [RESERVATIONS],
  },

  // --- Haight -----------------------------------------------------------------
  {
    name: 'Haight Ashbury Senior Lunch',
    address: '1600 Haight St, San Francisco, CA 94117',
    phoneNumber: '4155550142',
    ...site('haight-ashbury-senior-lunch'),
    lat: 37.7699,
    lng: -122.448,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [FCDP],
    populations: [SENIORS, LGBTQ],
    mealTypes: [LUNCH],
    services: [DINE_IN, VEGETARIAN],
    covidStatuses: [OPEN],
  },
  {
    name: 'Lower Haight Community Dining Room',
    address: '500 Haight St, San Francisco, CA 94117',
    phoneNumber: '4155550143',
    ...site('lower-haight-dining-room'),
    lat: 37.772,
    lng: -122.4305,
    hours: schedule(on(TTH, '11:30', '13:30'), on(MWF, '17:00', '18:30')),
    nutritionPartners: [FCDP],
    populations: [DISABLED],
    mealTypes: [LUNCH, DINNER],
    services: [DINE_IN, TAKEOUT, WHEELCHAIR, VEGETARIAN],
    covidStatuses: [OPEN],
  },

  // --- Castro -----------------------------------------------------------------
  {
    name: 'Castro Senior Lunch at 18th Street',
    address: '4126 18th St, San Francisco, CA 94114',
    phoneNumber: '4155550144',
    ...site('castro-senior-lunch-18th'),
    lat: 37.761,
    lng: -122.4355,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [FCDP],
    populations: [LGBTQ, SENIORS],
    mealTypes: [LUNCH],
    services: [DINE_IN, WHEELCHAIR, LOW_SODIUM],
    covidStatuses: [OPEN],
  },
  {
    name: 'Castro Community Café at Market Street',
    address: '2280 Market St, San Francisco, CA 94114',
    phoneNumber: '4155550145',
    ...site('castro-community-cafe-market'),
    lat: 37.7645,
    lng: -122.433,
    hours: schedule(on(TTH, '08:00', '09:30'), on(MWF, '11:30', '13:30')),
    nutritionPartners: [FCDP],
    populations: [LGBTQ, DISABLED],
    mealTypes: [BREAKFAST, LUNCH, GRAB_AND_GO],
    services: [DINE_IN, TAKEOUT],
    covidStatuses: [OPEN],
  },

  // --- Marina -----------------------------------------------------------------
  {
    name: 'Marina Senior Lunch at Chestnut Street',
    address: '2100 Chestnut St, San Francisco, CA 94123',
    phoneNumber: '4155550146',
    ...site('marina-senior-lunch-chestnut'),
    lat: 37.8005,
    lng: -122.4365,
    hours: on([TUE, WED, THU], '11:30', '13:30'),
    nutritionPartners: [GGCMN],
    populations: [SENIORS],
    mealTypes: [LUNCH],
    services: [DINE_IN],
    covidStatuses: [RESERVATIONS],
  },
  {
    name: 'Marina Harbor Community Dining Room',
    address: '3400 Laguna St, San Francisco, CA 94123',
    phoneNumber: '4155550147',
    ...site('marina-harbor-dining-room'),
    lat: 37.803,
    lng: -122.431,
    hours: on(WEEKDAYS, '11:00', '13:00'),
    nutritionPartners: [BASNC],
    populations: [SENIORS, VETERANS],
    mealTypes: [LUNCH, FROZEN],
    services: [DINE_IN, WHEELCHAIR],
    covidStatuses: [OPEN],
  },

  // --- Bernal Heights / Glen Park --------------------------------------------
  {
    name: 'Bernal Heights Senior Lunch at Cortland Avenue',
    address: '515 Cortland Ave, San Francisco, CA 94110',
    phoneNumber: '4155550148',
    ...site('bernal-heights-senior-lunch'),
    lat: 37.739,
    lng: -122.4165,
    hours: on(MWF, '11:00', '13:00'),
    nutritionPartners: [SENK],
    populations: [SENIORS, SPANISH],
    mealTypes: [LUNCH],
    services: [DINE_IN, TAKEOUT],
    covidStatuses: [OPEN],
  },
  {
    name: 'Glen Park Senior Café',
    address: '2800 Diamond St, San Francisco, CA 94131',
    phoneNumber: '4155550149',
    ...site('glen-park-senior-cafe'),
    lat: 37.7335,
    lng: -122.434,
    hours: on(WEEKDAYS, '11:30', '13:30'),
    nutritionPartners: [BASNC],
    populations: [SENIORS],
    mealTypes: [LUNCH, FROZEN],
    services: [DINE_IN, WHEELCHAIR, VEGETARIAN],
    covidStatuses: [OPEN],
  },
];
