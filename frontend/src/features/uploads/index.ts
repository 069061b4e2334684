import './uploads.css';
export { UploadPanel } from './components/UploadPanel';
export { UploadHistory } from './components/UploadHistory';
export { ProgressCard } from './components/ProgressCard';
export { useRunningUpload } from './hooks/use-running-upload';
