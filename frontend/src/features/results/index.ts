import './results.css';
export { ResultsView } from './components/ResultsView';
export { VersionDiffPage } from './components/VersionDiffPage';
