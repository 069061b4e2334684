/**
 * Every query key in one place. A key is the GET path split into segments (spec §7: reads are
 * built from path segments), so invalidating a key refetches exactly that call.
 */
export const queryKeys = {
  currentUser: ['/api/auth/user'] as const,
  maintenanceStatus: ['/api/maintenance-status'] as const,
  adminMaintenanceStatus: ['/api/admin/maintenance-status'] as const,
  adminUsers: ['/api/admin/users'] as const,
  adminAnalytics: ['/api/admin/analytics'] as const,
  adminHeatmap: (timeframe: number) => [`/api/admin/heatmap-data?timeframe=${timeframe}`] as const,
  adminRecentUploads: ['/api/admin/recent-uploads'] as const,
  usage: ['/api/usage'] as const,
  /** Every page of the upload history (paged with `?cursor=`). */
  uploads: ['/api/audio/uploads'] as const,
  upload: (id: string) => ['/api/audio/uploads', id] as const,
  uploadResult: (id: string) => ['/api/audio/uploads', id, 'result'] as const,
  uploadWaveform: (id: string) => ['/api/audio/uploads', id, 'waveform'] as const,
  uploadListening: (id: string) => ['/api/audio/uploads', id, 'listen'] as const,
};
