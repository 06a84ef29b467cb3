import type { ReferenceListName } from '../../shared/schemas/reference-lists.ts';
import {
  covidStatuses,
  mealTypes,
  nutritionPartners,
  populations,
  services,
  siteCovidStatuses,
  siteMealTypes,
  siteNutritionPartners,
  sitePopulations,
  siteServices,
} from './schema.ts';

/** The table and link table behind each reference list, keyed by its API name. */
export const REFERENCE_TABLES = {
  nutritionpartners: {
    table: nutritionPartners,
    link: siteNutritionPartners,
    sqlTable: 'nutrition_partners',
    sqlLink: 'site_nutrition_partners',
    itemColumn: 'nutrition_partner_id',
  },
  populations: {
    table: populations,
    link: sitePopulations,
    sqlTable: 'populations',
    sqlLink: 'site_populations',
    itemColumn: 'population_id',
  },
  mealtypes: {
    table: mealTypes,
    link: siteMealTypes,
    sqlTable: 'meal_types',
    sqlLink: 'site_meal_types',
    itemColumn: 'meal_type_id',
  },
  services: {
    table: services,
    link: siteServices,
    sqlTable: 'services',
    sqlLink: 'site_services',
    itemColumn: 'service_id',
  },
  covidstatuses: {
    table: covidStatuses,
    link: siteCovidStatuses,
    sqlTable: 'covid_statuses',
    sqlLink: 'site_covid_statuses',
    itemColumn: 'covid_status_id',
  },
} as const satisfies Record<ReferenceListName, unknown>;
