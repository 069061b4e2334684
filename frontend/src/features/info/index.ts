export { NotFoundPage } from './components/NotFoundPage';
export { HisaraiPage } from './components/HisaraiPage';
export { TermsPage } from './components/TermsPage';
