import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetFirstRender } from '#client/lib/agency-clock.ts';

// findBy… and waitFor wait up to 10 s rather than 1 s: on a busy machine a lazy screen can take more
// than a second to appear, and a wait that only a quiet machine meets is a flaky test.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  forgetFirstRender();
});
