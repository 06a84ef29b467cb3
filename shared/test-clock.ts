/**
 * The request header with which the browser journeys set the server's clock for one request
 * (server/plugins/test-clock.ts; docs/decisions/050-a-request-clock-for-journeys.md).
 */
export const TEST_CLOCK_HEADER = 'x-test-clock';
