// Public face of the auth feature: other features import from here, never from its folders.
export { useCurrentUser, getCurrentUser } from './api/get-current-user';
export { useAccess } from './hooks/use-access';
export { LoginPage } from './components/LoginPage';
