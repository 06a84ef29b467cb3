/** The three partner organisations on the About page (docs/product.md R8); names and descriptions are translated. */
export const ORGANISATIONS = [
  { key: 'agency', logo: '/partners/human-services-agency.svg', url: 'https://human-services.example.org/' },
  {
    key: 'nonprofit',
    logo: '/partners/community-meals-nonprofit.svg',
    url: 'https://community-meals.example.org/',
  },
  { key: 'civictech', logo: '/partners/civic-tech-group.svg', url: 'https://civic-code.example.org/' },
] as const;
