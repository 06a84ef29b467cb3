import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { DeploymentSettingSchema } from '#shared/schemas/settings.ts';
import type { AppContext } from '../context.ts';
import { staffRoutes } from '../plugins/staff-routes.ts';
import { deploymentSettings } from '../services/settings-view.ts';

/** The deployment settings, read only, for administrators (docs/product.md R609). */
const settingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(
    app,
    ctx,
    async (group) => {
      const settings = deploymentSettings(ctx.config);
      group.get(
        apiRoutes.settings,
        {
          schema: {
            tags: ['settings'],
            response: { 200: z.array(DeploymentSettingSchema), ...errorAnswers(401, 403) },
          },
        },
        async () => settings,
      );
    },
    { allow: 'admin' },
  );
};

export default settingsRoutes;
