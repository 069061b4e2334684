import './results.css';
export { ResultsView } from './components/ResultsView';
