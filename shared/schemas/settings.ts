import { z } from 'zod';

/**
 * One deployment setting as `GET /api/settings` answers it (docs/product.md R609): its name (the
 * environment variable), its running value as text (null when not set, and always for a secret),
 * whether it is set at all, and whether it is the value the server takes when it is left out.
 */
export const DeploymentSettingSchema = z.object({
  name: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
  set: z.boolean(),
  isDefault: z.boolean(),
});
export type DeploymentSetting = z.infer<typeof DeploymentSettingSchema>;
