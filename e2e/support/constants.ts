export const E2E_ADMIN = {
  email: 'e2e-admin@example.org',
  password: 'admin-pass-1',
  firstName: 'Ada',
  lastName: 'Admin',
};
export const LANGUAGES = ['en', 'es', 'zh'] as const;
export const dataDir = () => process.env.E2E_DATA_DIR!;
