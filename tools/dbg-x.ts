import { catalogueArrangement, gmPieces } from './eval/sources/gm-pieces';
for (const p of gmPieces('full', (p) => p.id.includes('london') || p.id.includes('swing'))) console.log(p.id, p.catalogued, JSON.stringify(catalogueArrangement(p)));
