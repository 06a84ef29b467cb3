export type LocaleModule = { default: Record<string, unknown> };

export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** { language: { namespace: words } } from the modules of an import.meta.glob over shared/locales/. */
export function resourcesOf(files: Record<string, LocaleModule>): Resources {
  const resources: Resources = {};
  for (const [file, module] of Object.entries(files)) {
    const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}
