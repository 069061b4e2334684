import { lazy } from 'react';

/**
 * Every page but the ones a visitor may open first (landing, login, maintenance), each in a chunk of its own: a visitor's first page downloads
 * neither the signed-in app nor the pages they may never open (antd's heavier components live in those chunks).
 */
export const SignedInLayout = lazy(() =>
  import('./layout/SignedInLayout').then((m) => ({ default: m.SignedInLayout })),
);
export const HomePage = lazy(() => import('../features/home').then((m) => ({ default: m.HomePage })));
export const ProfilePage = lazy(() => import('../features/profile').then((m) => ({ default: m.ProfilePage })));
export const AdminArea = lazy(() => import('./AdminArea').then((m) => ({ default: m.AdminArea })));
export const TermsPage = lazy(() => import('../features/info').then((m) => ({ default: m.TermsPage })));
export const HisaraiPage = lazy(() => import('../features/info').then((m) => ({ default: m.HisaraiPage })));
export const NotFoundPage = lazy(() => import('../features/info').then((m) => ({ default: m.NotFoundPage })));
export const VersionDiffPage = lazy(() => import('../features/results').then((m) => ({ default: m.VersionDiffPage })));
