/**
 * The headers of a county's own meal-sites sheet, as agencies keep them (docs/product.md R610): what
 * the import's API tests, its journey and `npm run bench:import` bring in.
 */
export const AGENCY_SHEET_HEADERS = [
  'Site Name',
  'Site Address',
  'City',
  'ZIP',
  'Phone',
  'Contact Email',
  'Days/Hours of Service',
  'Provider',
  'Population',
  'Meal',
  'Diet / Cuisine',
  'Status',
  'Notes',
] as const;
