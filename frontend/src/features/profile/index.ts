export { ProfilePage } from './components/ProfilePage';
