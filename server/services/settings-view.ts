import type { DeploymentSetting } from '#shared/schemas/settings.ts';
import { type Config, settingDefaults } from '../config.ts';

/**
 * The deployment settings as an administrator sees them on screen (docs/product.md R609): every
 * setting the server reads, its running value, and whether it is the value it takes when left out.
 * Read only: settings live in the server's environment, where the deployment keeps them
 * (docs/decisions/062-deployment-settings-on-screen.md). A secret's value is never answered, only
 * whether it is set.
 */

/** Settings whose value is a secret, or holds one (a database or mail server address with its password). */
const SECRET = /SECRET|PASSWORD|TOKEN|API_KEY|ACCESS_KEY|DSN/;
const HOLDS_CREDENTIALS = new Set(['DATABASE_URL', 'SMTP_URL']);

export const isSecretSetting = (name: string) => SECRET.test(name) || HOLDS_CREDENTIALS.has(name);

/** A value as one line of text: lists joined with ", ", rules and other structures as JSON. */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value) && value.every((entry) => typeof entry !== 'object')) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function deploymentSettings(config: Config): DeploymentSetting[] {
  return settingDefaults().map(({ name, fallback }) => {
    const value = config[name];
    const isDefault = JSON.stringify(value) === JSON.stringify(fallback);
    if (isSecretSetting(name))
      return { name, secret: true, set: value !== undefined, value: null, isDefault };
    return { name, secret: false, set: value !== undefined, value: shown(value), isDefault };
  });
}
