import { BrowserRouter, Route, Routes } from 'react-router';

/** Route shell: each screen shows its title until the screens are built (issues 3–5). */
const ROUTES: [string, string][] = [
  ['/', 'Community Meal Sites'],
  ['/about', 'About'],
  ['/sites', 'Locations'],
  ['/sites/new', 'Site'],
  ['/sites/:id', 'Site'],
  ['/sites/:id/edit', 'Site'],
  ['/partners', 'Nutrition Partners'],
  ['/partners/new', 'Nutrition Partner'],
  ['/partners/:id/edit', 'Nutrition Partner'],
  ['/populations/new', 'Population'],
  ['/populations/:id/edit', 'Population'],
  ['/mealtypes/new', 'Meal Type'],
  ['/mealtypes/:id/edit', 'Meal Type'],
  ['/services/new', 'Service'],
  ['/services/:id/edit', 'Service'],
  ['/statuses/new', 'Status'],
  ['/statuses/:id/edit', 'Status'],
  ['/login', 'Log in'],
  ['/logout', 'Log out'],
  ['/passwords', 'Forgot your password?'],
  ['/passwords/forgot', 'Forgot your password?'],
  ['/passwords/reset/:token', 'Choose a new password'],
  ['/account/*', 'My Account'],
];

export function App() {
  return (
    <BrowserRouter>
      <main>
        <Routes>
          {ROUTES.map(([path, title]) => (
            <Route key={path} path={path} element={<h1>{title}</h1>} />
          ))}
          <Route path="*" element={<h1>Page not found</h1>} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}
