/**
 * The tab title of every screen: its h1 and the app's name ('Locations – Community Meal Sites'), or
 * the app's name alone when the h1 is the app's name or there is none (WCAG 2.4.2). The browser keeps
 * it in step with the h1 (components/layout/route-focus.tsx); the server computes the same title from
 * the rendered h1 (entry-server.tsx). Screens set no title of their own: their h1 is their title.
 */
export function pageTitle(heading: string | undefined, appName: string): string {
  const text = heading?.trim();
  return text && text !== appName ? `${text} – ${appName}` : appName;
}
