/**
 * The routes of the open-data feed (HSDS 3.0) and its CORS preflight: the server's part of the table of
 * API route patterns (shared/api-paths.ts), apart so the browser's first bundle does not carry them.
 * server/test/api-paths.test.ts checks them with the others.
 */
export const feedRoutes = {
  hsds: '/api/hsds',
  hsdsPreflight: '/api/hsds/*',
  hsdsServices: '/api/hsds/services',
  hsdsService: '/api/hsds/services/:id',
  hsdsServiceAtLocations: '/api/hsds/service_at_locations',
  hsdsServiceAtLocation: '/api/hsds/service_at_locations/:id',
  hsdsOrganizations: '/api/hsds/organizations',
  hsdsOrganization: '/api/hsds/organizations/:id',
  hsdsDataPackage: '/api/hsds/datapackage.zip',
} as const;
